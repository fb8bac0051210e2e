/* global localStorage, document */
// Applies the stored theme and language before first paint so the page never flashes. A file, not an
// inline script: the Content-Security-Policy allows scripts from this origin only (docs/0009).
try {
  const theme = localStorage.getItem('theme');
  if (theme === 'light' || theme === 'dark') document.documentElement.setAttribute('data-theme', theme);
  const language = localStorage.getItem('language');
  if (language === 'en' || language === 'bn') document.documentElement.setAttribute('lang', language);
} catch {
  // Storage blocked (private mode, policy): the defaults in index.html stay.
}
