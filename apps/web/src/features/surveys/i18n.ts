import i18n from '../../core/i18n';
import en from './locales/en.json';
import es from './locales/es.json';

/**
 * Surveys keep their texts in their own locale files (key `surveys.*`) and merge them into the app's
 * `translation` namespace when the module loads (deep merge, existing app keys win).
 */
i18n.addResourceBundle('es', 'translation', es, true, false);
i18n.addResourceBundle('en', 'translation', en, true, false);

export default i18n;
