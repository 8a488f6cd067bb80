import i18n from '../../core/i18n';
import en from './locales/en.json';
import es from './locales/es.json';

/**
 * The softphone's texts (`softphone.*`, and `voice.invalidNumber` that the contracts' dialTargetSchema names) load
 * with its code, only for users who have a softphone, and merge into the app's `translation` namespace.
 */
i18n.addResourceBundle('es', 'translation', es, true, false);
i18n.addResourceBundle('en', 'translation', en, true, false);

export default i18n;
