// Web tests read both languages at once (getFixedT('es') and ('en')) and run without the web build's plugins: the
// locale files are added whole here, with the workspace features' texts the build puts in the app's part
// (locales/parts.ts), while the app loads each language's texts in parts when it shows them.
import i18n from '../core/i18n';
import en from '../locales/en.json';
import es from '../locales/es.json';
import { WORKSPACE_FEATURE_TEXTS } from '../locales/parts';

i18n.addResourceBundle('es', 'translation', es, true, true);
i18n.addResourceBundle('en', 'translation', en, true, true);

const featureTexts = import.meta.glob<Record<string, unknown>>('../features/**/locales/{es,en}.json', {
  eager: true,
  import: 'default',
});
for (const [file, texts] of Object.entries(featureTexts)) {
  const folder = file.slice('../'.length, file.lastIndexOf('/'));
  const locale = file.slice(file.lastIndexOf('/') + 1, -'.json'.length);
  // Under the app's keys, as the build merges them.
  if (WORKSPACE_FEATURE_TEXTS.includes(folder)) i18n.addResourceBundle(locale, 'translation', texts, true, false);
}
