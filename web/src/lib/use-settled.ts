import { useEffect, useState, type RefObject } from 'react';

/** How long an idle period must be to count as quiet: the browser gives up to 50 ms when nothing waits. */
export const QUIET_IDLE_MS = 40;
/** Work that waits for quiet never waits longer than this (a page that animates on the main thread). */
export const QUIET_TIMEOUT_MS = 5000;

/**
 * Calls `run` once the page has gone quiet: an idle period of at least QUIET_IDLE_MS, which the
 * browser gives only when no frame and no task is waiting (after the first render, the first data
 * and the images of the first screen), or QUIET_TIMEOUT_MS after the call, whichever comes first.
 * For work the first screen can do without, so it never lengthens a task of the load (docs/0063).
 * Browsers without requestIdleCallback run it after the next frame and task. Returns the cancel.
 */
export function afterQuiet(run: () => void, timeoutMs = QUIET_TIMEOUT_MS): () => void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  if (typeof window.requestIdleCallback !== 'function') {
    const frame = requestAnimationFrame(() => setTimeout(once, 0));
    return () => {
      done = true;
      cancelAnimationFrame(frame);
    };
  }
  const until = performance.now() + timeoutMs;
  let id = 0;
  const check = (deadline: IdleDeadline) => {
    if (deadline.didTimeout || deadline.timeRemaining() >= QUIET_IDLE_MS || performance.now() >= until) once();
    else id = window.requestIdleCallback(check, { timeout: Math.max(1, until - performance.now()) });
  };
  id = window.requestIdleCallback(check, { timeout: timeoutMs });
  return () => {
    done = true;
    window.cancelIdleCallback(id);
  };
}

/** What counts as the visitor reaching for an element: a touch, a press, a key or focus inside it. */
const INPUT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/** Why a `useSettled` moment came: the visitor reached for the element, or the page went quiet (and the delay passed). */
export type TSettledBy = 'input' | 'quiet';

/**
 * Null until the page has gone quiet (`afterQuiet`) and then `delayMs` more have passed, or, with
 * `inputOn`, until the visitor's first input inside that element, whichever comes first; then why.
 * Once set it stays. `delayMs: Infinity` waits for input alone. Input elsewhere on the page does not
 * count: a tap on the header must not make the page render anything else under the finger.
 */
export function useSettled({ delayMs = 0, inputOn }: { delayMs?: number; inputOn?: RefObject<HTMLElement | null> } = {}): TSettledBy | null {
  const [by, setBy] = useState<TSettledBy | null>(null);
  useEffect(() => {
    if (by) return;
    const cleanups: (() => void)[] = [];
    const target = inputOn?.current;
    if (target) {
      const acted = () => setBy('input');
      for (const event of INPUT_EVENTS) target.addEventListener(event, acted, { once: true, passive: true });
      cleanups.push(() => {
        for (const event of INPUT_EVENTS) target.removeEventListener(event, acted);
      });
    }
    if (Number.isFinite(delayMs)) {
      cleanups.push(
        afterQuiet(() => {
          if (delayMs <= 0) return setBy('quiet');
          const timer = setTimeout(() => setBy('quiet'), delayMs);
          cleanups.push(() => clearTimeout(timer));
        }),
      );
    }
    return () => {
      for (const cleanup of cleanups) cleanup();
    };
  }, [by, delayMs, inputOn]);
  return by;
}
