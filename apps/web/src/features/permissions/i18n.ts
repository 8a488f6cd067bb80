import i18n from '../../core/i18n';
import en from './locales/en.json';
import es from './locales/es.json';

/**
 * The permissions manager keeps the readable name and description of every permission (`permissions.labels.<key>`)
 * and the role dialog's "copy permissions from" texts (`permissions.copy.*`) in its own locale files, merged into
 * the app's `translation` namespace when the module loads (deep merge, existing app keys win).
 */
i18n.addResourceBundle('es', 'translation', es, true, false);
i18n.addResourceBundle('en', 'translation', en, true, false);

export default i18n;
