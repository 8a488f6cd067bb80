// Web tests read both languages at once (getFixedT('es') and ('en')) and run without the web build's plugins: the
// locale files are added whole here, while the app loads each language's texts in parts when it shows them.
import i18n from '../core/i18n';
import en from '../locales/en.json';
import es from '../locales/es.json';

i18n.addResourceBundle('es', 'translation', es, true, true);
i18n.addResourceBundle('en', 'translation', en, true, true);
