import type { RateLimiter, TRateLimitResult, TRateLimitRule } from './rate-limiter.ts';

type TWindow = { count: number; endsAt: number };

export type TMemoryRateLimiterOptions = {
  /** Clock in ms; tests pass their own. */
  now?: () => number;
  /** Keys kept before expired windows are swept (bounds memory under a flood of new keys). */
  sweepAbove?: number;
};

/** Fixed-window counters in this process: the default store of a single gateway. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, TWindow>();
  private readonly now: () => number;
  private readonly sweepAbove: number;

  constructor(options: TMemoryRateLimiterOptions = {}) {
    this.now = options.now ?? Date.now;
    this.sweepAbove = options.sweepAbove ?? 10_000;
  }

  /** Number of keys held (for tests of the sweep). */
  get size(): number {
    return this.windows.size;
  }

  hit(key: string, rule: TRateLimitRule): Promise<TRateLimitResult> {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      if (this.windows.size >= this.sweepAbove) this.sweep(now);
      window = { count: 0, endsAt: now + rule.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    const allowed = window.count <= rule.limit;
    return Promise.resolve({ allowed, retryAfterMs: allowed ? 0 : window.endsAt - now });
  }

  reset(key: string): Promise<void> {
    this.windows.delete(key);
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.windows.clear();
    return Promise.resolve();
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}
