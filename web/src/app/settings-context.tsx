import { createContext, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TLanguage } from '@wl/schemas';
import { loadLanguage, persistLanguage, readLanguage } from '../i18n/i18n.ts';
import { applyTheme, readTheme, type TTheme } from '../theme/theme.ts';
import { useRequiredContext } from './ui-context.tsx';

/** Interface language and theme, both persisted in local storage. */
export type TSettings = {
  language: TLanguage;
  setLanguage: (lng: TLanguage) => void;
  theme: TTheme;
  toggleTheme: () => void;
};

const SettingsContext = createContext<TSettings | null>(null);

/** Provides language and theme; switching language re-keys every language-bound query. */
export function SettingsProvider({ children, initialLanguage }: { children: ReactNode; initialLanguage?: TLanguage }) {
  const { i18n } = useTranslation();
  const [language, setLanguageState] = useState<TLanguage>(initialLanguage ?? readLanguage());
  const [theme, setTheme] = useState<TTheme>(readTheme);

  const setLanguage = useCallback(
    (lng: TLanguage) => {
      persistLanguage(lng);
      // Texts switch once the language's chunk is here (BN is bundled; if EN cannot load, BN stays).
      void loadLanguage(i18n, lng)
        .catch(() => undefined)
        .then(() => i18n.changeLanguage(lng));
      // Queries take the language as input, so hot games, the winner board and the screen config
      // refetch (and the live config stream reconnects) on their own (docs/rules/reach.md#r-1 Language change).
      setLanguageState(lng);
    },
    [i18n],
  );
  const toggleTheme = useCallback(() => {
    setTheme((prev) => {
      const next: TTheme = prev === 'dark' ? 'light' : 'dark';
      applyTheme(next);
      return next;
    });
  }, []);

  const value = useMemo(() => ({ language, setLanguage, theme, toggleTheme }), [language, setLanguage, theme, toggleTheme]);
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}

/** Reads the settings context. */
export function useSettings(): TSettings {
  return useRequiredContext(SettingsContext, 'useSettings');
}
