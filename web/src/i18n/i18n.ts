import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@wl/schemas/constants';
import type { TLanguage } from '@wl/schemas';
import accountsBn from './accounts.bn.json';
import accountsEn from './accounts.en.json';
import bn from './bn.json';
import en from './en.json';

/** Local storage key of the chosen interface language (SPEC §4 Language change: it is stored). */
export const LANGUAGE_STORAGE_KEY = 'language';

/** The stored language, BN when none (SPEC §9 default BN). */
export function readLanguage(): TLanguage {
  try {
    const v = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return (LANGUAGES as readonly string[]).includes(v ?? '') ? (v as TLanguage) : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** Stores the language and sets `<html lang>`. */
export function persistLanguage(lng: TLanguage): void {
  document.documentElement.setAttribute('lang', lng);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // storage unavailable: the choice holds for this page only
  }
}

/** Both catalogues are bundled: they are small and the switch must be instant. Accounts texts (issue 3) live in their own files. */
export const resources = {
  en: { translation: { ...en, ...accountsEn } },
  bn: { translation: { ...bn, ...accountsBn } },
} as const;

/** Creates the i18next instance used by the app (and by tests, with a given language). */
export function createI18n(lng: TLanguage = readLanguage()) {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return instance;
}
