/**
 * A short-lived cache for public upstream answers (catalogue and content, which docs/rules/README.md#calls calls
 * without a member token): one upstream call serves every request for the same key within
 * `ttlMs`, concurrent misses share one call, failures are never cached, and `clear()` runs when the
 * merchant's configuration version changes so operator edits show at once.
 */
export class PublicCache {
  private readonly entries = new Map<string, { expiresAt: number; value: Promise<unknown> }>();

  constructor(private readonly options: { ttlMs: number; maxEntries: number; now?: () => number }) {}

  /** The cached answer for `key`, or the result of `load()` (cached for ttlMs when it succeeds). */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.options.ttlMs <= 0) return load();
    const now = (this.options.now ?? Date.now)();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
    const value = load();
    this.entries.delete(key);
    this.entries.set(key, { expiresAt: now + this.options.ttlMs, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    // Oldest first in a Map: drop from the front when over the cap.
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return value;
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
