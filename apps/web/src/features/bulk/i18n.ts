import i18n from '../../core/i18n';
// The condition builder's texts (automation.builder.*, automation.fields.customer.*).
import '../automation/i18n';
import en from './locales/en.json';
import es from './locales/es.json';

/**
 * The bulk messaging screens keep their texts in their own locale files (key `bulk.*`, the contracts'
 * `i18n:bulk.*` validation messages included) and merge them into the app's `translation` namespace when the module
 * loads, as the reports module does.
 */
i18n.addResourceBundle('es', 'translation', es, true, false);
i18n.addResourceBundle('en', 'translation', en, true, false);

export default i18n;
