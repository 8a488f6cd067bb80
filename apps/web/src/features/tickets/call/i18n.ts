import i18n from '../../../core/i18n';
import en from './locales/en.json';
import es from './locales/es.json';

/** The call card's texts (`tickets.call.*`) load with it, only for tickets that have calls. */
i18n.addResourceBundle('es', 'translation', es, true, false);
i18n.addResourceBundle('en', 'translation', en, true, false);

export default i18n;
