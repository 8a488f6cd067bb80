import { DEFAULT_LOCALE, LOCALES, type Locale, pickLocale, STORAGE_KEYS } from '@atiende/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import es from '../locales/es.json';
import { readString, writeString } from './storage';

export const initialLocale: Locale = pickLocale(readString(STORAGE_KEYS.locale) ?? DEFAULT_LOCALE);

void i18n.use(initReactI18next).init({
  resources: { es: { translation: es }, en: { translation: en } },
  lng: initialLocale,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Changes the UI language, persists it and makes the next API calls send it in X-Locale. */
export function changeLocale(locale: Locale): void {
  writeString(STORAGE_KEYS.locale, locale);
  void i18n.changeLanguage(locale);
}

export default i18n;
