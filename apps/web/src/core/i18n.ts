import { DEFAULT_LOCALE, LOCALES, type Locale, pickLocale, STORAGE_KEYS } from '@atiende/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readString, writeString } from './storage';

export const initialLocale: Locale = pickLocale(readString(STORAGE_KEYS.locale) ?? DEFAULT_LOCALE);

/**
 * The app's texts, one file per language, each its own chunk: a browser downloads only the language it shows
 * (and the other one only when the user switches). Features' own locale files merge in when they load.
 */
const LOCALE_FILES: Record<Locale, () => Promise<{ default: Record<string, unknown> }>> = {
  es: () => import('../locales/es.json'),
  en: () => import('../locales/en.json'),
};

void i18n.use(initReactI18next).init({
  resources: {},
  lng: initialLocale,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
  returnNull: false,
});

const loading = new Map<Locale, Promise<void>>();

/** Adds a language's texts (once; features' keys already merged stay, the app's file wins on a clash). */
export function loadLocale(locale: Locale): Promise<void> {
  let done = loading.get(locale);
  if (!done) {
    done = LOCALE_FILES[locale]().then(({ default: texts }) => {
      i18n.addResourceBundle(locale, 'translation', texts, true, true);
    });
    done.catch(() => loading.delete(locale));
    loading.set(locale, done);
  }
  return done;
}

/** Resolves when the texts of the language the app opens in are there: main.tsx renders after it. */
export const i18nReady: Promise<void> = loadLocale(initialLocale);

/** Changes the UI language (after its texts arrive), persists it and makes the next API calls send it. */
export async function changeLocale(locale: Locale): Promise<void> {
  await loadLocale(locale);
  writeString(STORAGE_KEYS.locale, locale);
  await i18n.changeLanguage(locale);
}

export default i18n;
