import i18n from '../../core/i18n';
// The pause reasons' labels (time in each pause) are the supervision module's.
import '../supervision/i18n';
import en from './locales/en.json';
import es from './locales/es.json';

/**
 * The analytics module keeps its texts in its own locale files (key `analytics.*`) and merges them into the app's
 * `translation` namespace when the module loads (deep merge, existing app keys win).
 */
i18n.addResourceBundle('es', 'translation', es, true, false);
i18n.addResourceBundle('en', 'translation', en, true, false);

export default i18n;
