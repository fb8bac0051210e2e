/** Dark and light theme on `<html data-theme>`, persisted in local storage (default dark). */
export type TTheme = 'dark' | 'light';
export const THEME_STORAGE_KEY = 'theme';

/** The stored theme, dark when none or unreadable. */
export function readTheme(): TTheme {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY) === 'light' ? 'light' : 'dark';
  } catch {
    return 'dark';
  }
}

/** Applies and stores a theme. */
export function applyTheme(theme: TTheme): void {
  document.documentElement.setAttribute('data-theme', theme);
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // storage unavailable: the attribute still applies for this page
  }
}
