import { DEFAULT_LOCALE, LOCALES, type Locale, pickLocale, STORAGE_KEYS } from '@atiende/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { TextsPart } from '../locales/parts';
import { readString, writeString } from './storage';

export const initialLocale: Locale = pickLocale(readString(STORAGE_KEYS.locale) ?? DEFAULT_LOCALE);

type Texts = Record<string, unknown>;

/**
 * The app's texts, each language in three chunks cut at build time (locales/parts.ts, build/locale-parts.ts): a
 * browser downloads only the language it shows, the sign-in pages only their sections (a few KB), /app what the
 * workspace shows, administration pages the rest. Other features' own locale files merge in when they load.
 */
const LOCALE_FILES: Record<Locale, Record<TextsPart, () => Promise<{ default: Texts }>>> = {
  es: {
    public: () => import('virtual:texts/es.public'),
    app: () => import('virtual:texts/es.app'),
    admin: () => import('virtual:texts/es.admin'),
  },
  en: {
    public: () => import('virtual:texts/en.public'),
    app: () => import('virtual:texts/en.app'),
    admin: () => import('virtual:texts/en.admin'),
  },
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
/** The parts asked for so far: a language switch loads the same parts of the new language. */
const partsInUse = new Set<TextsPart>(['public']);

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

const currentLocale = () => pickLocale(i18n.language || initialLocale);

/** The workspace's texts in the current language: the /app route waits for them before its first render. */
export function loadAppTexts(): Promise<void> {
  partsInUse.add('app');
  const locale = currentLocale();
  return Promise.all([loadLocale(locale, 'public'), loadLocale(locale, 'app')]).then(() => undefined);
}

/**
 * Loads a piece of /app that may use the administration sections (locales/parts.ts) together with them: pages
 * outside the workspace and what the workspace opens from them (a ticket's history).
 */
export async function withAdminTexts<T>(load: () => Promise<T>): Promise<T> {
  partsInUse.add('admin');
  const [loaded] = await Promise.all([load(), loadLocale(currentLocale(), 'admin')]);
  return loaded;
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
  await Promise.all([...partsInUse].map((part) => loadLocale(locale, part)));
  writeString(STORAGE_KEYS.locale, locale);
  await i18n.changeLanguage(locale);
}

export default i18n;
