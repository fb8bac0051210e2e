/** Returns a guard that lets one call through per `ms` (docs/rules/games.md#g-10 throttles: favourite, captcha). */
export function createThrottle(ms: number, now: () => number = () => Date.now()): () => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const t = now();
    if (t - last < ms) return false;
    last = t;
    return true;
  };
}
