import { startTransition, useEffect, useState } from 'react';

/** Grants waiting for their turn, and whether a turn is already scheduled. */
const waiting: (() => void)[] = [];
let scheduled = false;

function next(): void {
  scheduled = false;
  waiting.shift()?.();
  if (waiting.length > 0) schedule();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setTimeout(next, 0);
}

/**
 * True once `ready` is and this component's turn has come: parts of a page whose data arrives at
 * once (home's game rows answer in one batch) then render one per task, in the order they became
 * ready, instead of in one long task that holds the main thread (Lighthouse counts every task over
 * 50 ms as blocking; docs/0022). A turn comes a task later, which nobody sees.
 */
export function useQueuedReveal(ready: boolean): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!ready || shown) return;
    let live = true;
    // A transition: React renders the part in slices of a few milliseconds, yielding between them.
    const grant = () => {
      if (live) startTransition(() => setShown(true));
    };
    waiting.push(grant);
    schedule();
    return () => {
      live = false;
      const at = waiting.indexOf(grant);
      if (at >= 0) waiting.splice(at, 1);
    };
  }, [ready, shown]);
  return ready && shown;
}
