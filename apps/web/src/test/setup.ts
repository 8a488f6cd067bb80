// Web tests read both languages at once (getFixedT('es') and ('en')); the app loads each language's texts only
// when it shows them.
import { LOCALES } from '@atiende/contracts';
import { loadLocale } from '../core/i18n';

await Promise.all(LOCALES.map(loadLocale));
