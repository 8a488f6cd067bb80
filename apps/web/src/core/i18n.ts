import { DEFAULT_LOCALE, LOCALES, type Locale, pickLocale, STORAGE_KEYS } from '@atiende/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readString, writeString } from './storage';

export const initialLocale: Locale = pickLocale(readString(STORAGE_KEYS.locale) ?? DEFAULT_LOCALE);

type Texts = Record<string, unknown>;
/** `public`: the sections the pages outside /app use (locales/parts.ts); `app`: all the others. */
export type TextsPart = 'public' | 'app';

/**
 * The app's texts, each language in two chunks cut from its locale file at build time (build/locale-parts.ts): a
 * browser downloads only the language it shows, the sign-in pages only their sections (a few KB), /app the rest.
 * Features' own locale files merge in when they load.
 */
const LOCALE_FILES: Record<Locale, Record<TextsPart, () => Promise<{ default: Texts }>>> = {
  es: { public: () => import('virtual:texts/es.public'), app: () => import('virtual:texts/es.app') },
  en: { public: () => import('virtual:texts/en.public'), app: () => import('virtual:texts/en.app') },
};

void i18n.use(initReactI18next).init({
  resources: {},
  lng: initialLocale,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
  returnNull: false,
});

const loading = new Map<string, Promise<void>>();
/** Whether /app has asked for all the texts: a language switch then loads all of the new language's too. */
let wholeTexts = false;

/** Adds texts of a language (once; features' keys already merged stay, the app's file wins on a clash). */
export function loadLocale(locale: Locale, part: TextsPart): Promise<void> {
  const key = `${locale}:${part}`;
  let done = loading.get(key);
  if (!done) {
    done = LOCALE_FILES[locale][part]().then(({ default: texts }) => {
      i18n.addResourceBundle(locale, 'translation', texts, true, true);
    });
    done.catch(() => loading.delete(key));
    loading.set(key, done);
  }
  return done;
}

/** All the texts of the current language: the /app route waits for them before its first render. */
export function loadAppTexts(): Promise<void> {
  wholeTexts = true;
  const locale = pickLocale(i18n.language || initialLocale);
  return Promise.all([loadLocale(locale, 'public'), loadLocale(locale, 'app')]).then(() => undefined);
}

/**
 * Resolves when the texts the first page needs are there (main.tsx renders after it): all of them when the app
 * opens under /app (a reload at work), the public sections otherwise.
 */
export const i18nReady: Promise<void> =
  typeof window !== 'undefined' && /^\/v2\/app(\/|$)/.test(window.location.pathname)
    ? loadAppTexts()
    : loadLocale(initialLocale, 'public');

/** Changes the UI language (after its texts arrive), persists it and makes the next API calls send it. */
export async function changeLocale(locale: Locale): Promise<void> {
  await Promise.all([loadLocale(locale, 'public'), wholeTexts ? loadLocale(locale, 'app') : null]);
  writeString(STORAGE_KEYS.locale, locale);
  await i18n.changeLanguage(locale);
}

export default i18n;
