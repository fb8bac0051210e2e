import { startTransition, useCallback, useEffect, useRef, useState } from 'react';

/**
 * How far outside the screen "near" reaches: one screen height above and below. Home's first two
 * rows are near at load on a phone and on a desktop; the rest render as a visitor scrolls towards
 * them, a screen before they show (docs/0060).
 */
export const NEAR_VIEWPORT_MARGIN = '100% 0px';

/** One observer for every watched element (each observer costs a pass per frame). */
let observer: IntersectionObserver | undefined;
const onNear = new Map<Element, () => void>();

function watch(node: Element, near: () => void): () => void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) if (entry.isIntersecting) onNear.get(entry.target)?.();
    },
    { rootMargin: NEAR_VIEWPORT_MARGIN },
  );
  const io = observer;
  onNear.set(node, near);
  io.observe(node);
  return () => {
    onNear.delete(node);
    io.unobserve(node);
    // Nothing left to watch: no observer is kept (the next watch makes a new one).
    if (onNear.size === 0 && observer === io) {
      io.disconnect();
      observer = undefined;
    }
  };
}

/**
 * A ref for an element and whether it has come within a screen of the viewport; once true it stays
 * true. For parts of a long page that cost main-thread work to render and are far below the first
 * screen (home's lower game rows, the winner board on a phone): they render when a visitor comes
 * near them, not in the load (Lighthouse's Total Blocking Time, docs/0060). The element itself
 * (a row's frame and heading) is always there. Without IntersectionObserver everything is near.
 */
export function useNearViewport<T extends Element>(): [(node: T | null) => void, boolean] {
  // The element is kept in a ref, not in state: a state setter as the ref callback set state during
  // React's commit, which forced a synchronous second render of every row (and the passive effects
  // of the whole first commit) into the same task (docs/0063).
  const nodeRef = useRef<T | null>(null);
  const setNode = useCallback((node: T | null) => {
    nodeRef.current = node;
  }, []);
  const [isNear, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const node = nodeRef.current;
    if (isNear || !node) return;
    // Rendering what came near is a transition: React yields to the browser while it renders.
    return watch(node, () => startTransition(() => setNear(true)));
  }, [isNear]);
  return [setNode, isNear];
}
