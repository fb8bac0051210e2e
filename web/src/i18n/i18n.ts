import i18next, { type i18n as TI18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@wl/schemas/constants';
import type { TLanguage } from '@wl/schemas';
import bn from './bn.json';
import { numberInterpolation } from '../lib/numbers.ts';

/** Local storage key of the chosen interface language (docs/rules/reach.md#r-1 Language change: it is stored). */
export const LANGUAGE_STORAGE_KEY = 'language';

/**
 * The stored language; else the one the gateway wrote into the HTML it served (`<html data-brand
 * lang>`: the brand's default for a visitor with no choice, docs/0136); else BN (docs/rules/reach.md#r-1 default BN).
 */
export function readLanguage(): TLanguage {
  const html = document.documentElement;
  let v: string | null = null;
  try {
    v = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // storage unavailable: no stored choice
  }
  v ||= html.dataset.brand ? html.lang : null;
  return (LANGUAGES as readonly string[]).includes(v ?? '') ? (v as TLanguage) : DEFAULT_LANGUAGE;
}

/** Stores the language (local storage, and a cookie so the gateway serves the HTML in it) and sets `<html lang>`. */
export function persistLanguage(lng: TLanguage): void {
  document.documentElement.setAttribute('lang', lng);
  document.cookie = `${LANGUAGE_STORAGE_KEY}=${lng}; path=/; max-age=31536000; samesite=lax`;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // storage unavailable: the choice holds for this page only
  }
}

/** A language's texts. */
export type TCatalogue = Record<string, unknown>;

/**
 * BN (docs/rules/reach.md#r-1 default) is in the first load; EN is its own chunk, fetched by loadLanguage (docs/0022).
 * The accounts texts (login, registration, security forms) are an area of their own (area-texts.ts).
 */
const BUNDLED: Partial<Record<TLanguage, TCatalogue>> = { bn };

/** Creates the i18next instance used by the app (and by tests, with the catalogues they import). */
export function createI18n(lng: TLanguage = readLanguage(), catalogues: Partial<Record<TLanguage, TCatalogue>> = {}) {
  const instance = i18next.createInstance();
  const all = { ...BUNDLED, ...catalogues };
  void instance
    .use(initReactI18next)
    .use(numberInterpolation)
    .init({
      resources: Object.fromEntries(Object.entries(all).map(([language, translation]) => [language, { translation }])),
      lng,
      // BN is always there and complete (the translation tests hold EN and BN to the same keys).
      fallbackLng: DEFAULT_LANGUAGE,
      // Every number put into a text is written in the text's language (Bengali digits in BN, docs/0056).
      interpolation: { escapeValue: false, alwaysFormat: true },
      returnNull: false,
      initAsync: false,
      // An area's texts arrive after a language switch (area-texts.ts): components showing them render
      // again when they are added, not only at the next render for another reason (a game window's
      // header stayed in the old language until then).
      react: { bindI18nStore: 'added' },
    });
  return instance;
}

/** Makes a language's texts available, fetching its chunk when it is not bundled. */
export async function loadLanguage(instance: TI18n, lng: TLanguage): Promise<void> {
  if (instance.hasResourceBundle(lng, 'translation')) return;
  if (lng === 'en') {
    const { default: catalogue } = await import('./en.ts');
    instance.addResourceBundle('en', 'translation', catalogue);
  }
}
