/** `scheduler.yield()` where the browser has it (Chromium 129+): the continuation keeps its place ahead of other tasks. */
type TScheduler = { yield?: () => Promise<void> };

/**
 * Ends the current task and resumes in a new one, so the browser can paint and answer input in
 * between: for start-up work that would otherwise run as one long task (docs/0063).
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: TScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
