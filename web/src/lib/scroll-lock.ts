/**
 * Body scroll lock shared by every modal (docs/rules/content.md#c-11 Modals): the first open modal stops the page from
 * scrolling, the last one to close restores the scroll position. `overflow: hidden` on the root
 * element, which leaves the page's layout alone; fixing the body in place (the old way) moved every
 * box of the page, a whole-page layout each time a popup opened (docs/0063).
 */
let depth = 0;
let savedY = 0;

/** Locks body scrolling; returns the unlock function. */
export function lockBodyScroll(): () => void {
  if (depth === 0) {
    savedY = window.scrollY;
    document.documentElement.style.overflow = 'hidden';
    document.body.dataset.scrollLocked = 'true';
  }
  depth += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    depth -= 1;
    if (depth === 0) {
      document.documentElement.style.overflow = '';
      delete document.body.dataset.scrollLocked;
      if (window.scrollY !== savedY) window.scrollTo(0, savedY);
    }
  };
}
