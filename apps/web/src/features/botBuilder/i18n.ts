import i18n from '../../core/i18n';
import en from './locales/en.json';
import es from './locales/es.json';

/**
 * The bot builder keeps its texts in its own locale files (`botBuilder.*`, and the contracts' `bots.*` validation
 * and publishing problem keys) and merges them into the app's `translation` namespace when the module loads (deep
 * merge, existing app keys win: the app's `bots.fields` of the audit log stay).
 */
i18n.addResourceBundle('es', 'translation', es, true, false);
i18n.addResourceBundle('en', 'translation', en, true, false);

export default i18n;
