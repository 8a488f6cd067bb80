import i18n from '../../core/i18n';
import en from './locales/en.json';
import es from './locales/es.json';

/**
 * The automation module keeps its texts in its own locale files (key `automation.*`, the contracts'
 * `i18n:automation.conditions.*` and `i18n:automation.rules.*` validation messages included) and merges them into
 * the app's `translation` namespace when the module loads.
 */
i18n.addResourceBundle('es', 'translation', es, true, false);
i18n.addResourceBundle('en', 'translation', en, true, false);

export default i18n;
