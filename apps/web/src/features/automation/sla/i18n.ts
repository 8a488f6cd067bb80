import i18n from '../../../core/i18n';
import en from './locales/en.json';
import es from './locales/es.json';

/**
 * The SLA screens keep their texts in their own locale files (key `automation.sla.*`, the contracts'
 * `i18n:automation.sla.*` validation messages included) and merge them into the app's `translation` namespace when
 * they load, as the automation module does (features/automation/i18n.ts).
 */
i18n.addResourceBundle('es', 'translation', es, true, false);
i18n.addResourceBundle('en', 'translation', en, true, false);

export default i18n;
