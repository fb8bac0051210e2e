import { useEffect, useState } from 'react';

const INPUT_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * True once the browser has been idle after the first render, or at the visitor's first input,
 * whichever comes first: for work the first screen can show without (docs/0022). Browsers without
 * requestIdleCallback wait for the next frame and task instead.
 */
export function useAfterIdle(): boolean {
  const [isIdle, setIdle] = useState(false);
  useEffect(() => {
    if (isIdle) return;
    const done = () => setIdle(true);
    for (const event of INPUT_EVENTS) window.addEventListener(event, done, { once: true, passive: true, capture: true });
    let cancel: () => void;
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(done);
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const id = requestAnimationFrame(() => setTimeout(done, 0));
      cancel = () => cancelAnimationFrame(id);
    }
    return () => {
      cancel();
      for (const event of INPUT_EVENTS) window.removeEventListener(event, done, { capture: true });
    };
  }, [isIdle]);
  return isIdle;
}
