// Applies the stored theme and language before first paint so the page never flashes. A file, not an
// inline script: the Content-Security-Policy allows scripts from this origin only (docs/0009).
try {
  var t = localStorage.getItem('theme');
  if (t === 'light' || t === 'dark') document.documentElement.setAttribute('data-theme', t);
  var l = localStorage.getItem('language');
  if (l === 'en' || l === 'bn') document.documentElement.setAttribute('lang', l);
} catch (e) {}
