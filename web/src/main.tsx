// The entry: the stylesheet (inlined into the HTML at build, so the home shell paints styled) and a
// start that waits for the HTML's own paint. The app's chunks download once the home shell and its
// first banner are on screen (the dynamic import below fetches them side by side): the first paint
// waits for no JavaScript, and no JavaScript competes with the banner for the network (docs/0022).
import './styles/fonts.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/footer-status.css';
import './styles/layout-phones.css';
import './styles/home.css';
import './styles/home-tiles.css';
import './styles/modal.css';
import './styles/accounts.css';

/** Calls `start` once the HTML's largest element has painted (the shell's banner, else its first paint). */
function afterHtmlPaint(root: HTMLElement, start: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  const types = typeof PerformanceObserver === 'undefined' ? [] : (PerformanceObserver.supportedEntryTypes ?? []);
  const img = root.querySelector('img');
  const type = img && types.includes('largest-contentful-paint') ? 'largest-contentful-paint' : types.includes('paint') ? 'paint' : null;
  // Nothing in the HTML to paint (pages other than home), no paint timing, or a hidden page (no
  // frames): start after the next frame, or at once when hidden.
  if (!root.firstElementChild || type === null || document.visibilityState === 'hidden') {
    if (document.visibilityState === 'hidden') once();
    else requestAnimationFrame(() => setTimeout(once, 0));
    return;
  }
  // Paint entries carry the time the frame was presented, so the app's first task comes after it.
  const observer = new PerformanceObserver((list) => {
    const painted = list
      .getEntries()
      .some((e) => (type === 'paint' ? e.name === 'first-contentful-paint' : (e as PerformanceEntry & { element?: Element | null }).element === img));
    if (painted) {
      observer.disconnect();
      once();
    }
  });
  observer.observe({ type, buffered: true });
  // Never wait on a banner that cannot paint: it failed, the visitor acted first (no more LCP
  // entries after input), the page went to the background, or the load is done and a frame passed.
  img?.addEventListener('error', once);
  for (const event of ['pointerdown', 'keydown'] as const) window.addEventListener(event, once, { once: true, capture: true });
  document.addEventListener('visibilitychange', once, { once: true });
  window.addEventListener('load', () => setTimeout(() => requestAnimationFrame(() => setTimeout(once, 0)), 250), { once: true });
}

const root = document.getElementById('root');
if (root) afterHtmlPaint(root, () => void import('./boot.tsx').then((m) => m.boot(root)));
