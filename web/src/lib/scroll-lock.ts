/**
 * Body scroll lock shared by every modal (SPEC §2 Modals): the first open modal fixes the body at
 * the current offset, the last one to close restores the scroll position.
 */
let depth = 0;
let savedY = 0;

/** Locks body scrolling; returns the unlock function. */
export function lockBodyScroll(): () => void {
  if (depth === 0) {
    savedY = window.scrollY;
    const body = document.body;
    body.style.position = 'fixed';
    body.style.top = `-${savedY}px`;
    body.style.left = '0';
    body.style.right = '0';
    body.style.overflow = 'hidden';
    body.dataset.scrollLocked = 'true';
  }
  depth += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    depth -= 1;
    if (depth === 0) {
      const body = document.body;
      body.style.position = '';
      body.style.top = '';
      body.style.left = '';
      body.style.right = '';
      body.style.overflow = '';
      delete body.dataset.scrollLocked;
      window.scrollTo(0, savedY);
    }
  };
}
