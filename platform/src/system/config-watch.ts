import { sql, type Kysely } from 'kysely';
import type { TListen } from '../db/database.ts';
import type { DB } from '../db/schema.ts';

/** The channel migration 0009's trigger announces config_version changes on ('<schema>:<merchant>:<version>'). */
export const CONFIG_CHANNEL = 'wl_config';

type TWaiter = { merchantId: number; since: number; finish: (version: number | null) => void };

/**
 * Who is waiting for a merchant's config version to move (the gateways' long-polls, docs/0021), and
 * the one LISTEN that wakes them: a committed change anywhere on the database (this process, or
 * another platform process on the same PostgreSQL) ends the waits at once. Without a listener
 * (or while it reconnects) a wait ends after its time with the version read again, so a gateway
 * never misses a change for longer than its wait.
 */
export class ConfigWatch {
  private readonly waiters = new Set<TWaiter>();
  private schema: string | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private stopped = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly listen?: TListen,
  ) {}

  /** Starts listening (when a listener was given). */
  async start(): Promise<void> {
    if (!this.listen) return;
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(this.db);
    this.schema = rows[0]?.schema ?? 'public';
    this.unlisten = await this.listen(
      CONFIG_CHANNEL,
      (payload) => this.onPayload(payload),
      () => this.wakeAll(),
    );
  }

  /** Ends every wait with the current version and stops listening. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeAll();
    await this.unlisten?.();
    this.unlisten = null;
  }

  /** True once stop() ran (the platform is closing). */
  get isStopped(): boolean {
    return this.stopped;
  }

  /** Open waits now (tests and metrics). */
  get waiting(): number {
    return this.waiters.size;
  }

  /**
   * The merchant's config version once it is not `since`: at once when it already differs (or no
   * `since` is given), else when a change commits, or after `waitMs` (then equal to `since`).
   */
  wait(merchantId: number, since: number | undefined, waitMs: number, signal: AbortSignal): Promise<number> {
    if (since === undefined || waitMs === 0 || this.stopped) return this.version(merchantId);
    return new Promise<number>((resolve, reject) => {
      let done = false;
      const timer = setTimeout(() => waiter.finish(null), waitMs);
      const onAbort = () => waiter.finish(null);
      const waiter: TWaiter = {
        merchantId,
        since,
        finish: (version) => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          signal.removeEventListener('abort', onAbort);
          this.waiters.delete(waiter);
          if (version !== null) resolve(version);
          else this.version(merchantId).then(resolve, reject);
        },
      };
      // Registered before the version is read: a change committed in between still wakes it.
      this.waiters.add(waiter);
      signal.addEventListener('abort', onAbort, { once: true });
      this.version(merchantId).then(
        (current) => {
          if (current !== since) waiter.finish(current);
        },
        (error: unknown) => {
          done = true;
          clearTimeout(timer);
          this.waiters.delete(waiter);
          reject(error);
        },
      );
    });
  }

  private async version(merchantId: number): Promise<number> {
    const row = await this.db.selectFrom('merchants').select('config_version').where('id', '=', merchantId).executeTakeFirstOrThrow();
    return row.config_version;
  }

  private onPayload(payload: string): void {
    const [schema, merchant, version] = payload.split(':');
    if (schema !== this.schema) return;
    const merchantId = Number(merchant);
    const next = Number(version);
    if (!Number.isInteger(merchantId) || !Number.isInteger(next)) return;
    for (const waiter of [...this.waiters]) {
      if (waiter.merchantId === merchantId && waiter.since !== next) waiter.finish(next);
    }
  }

  /** Notifications may have been lost (listener reconnected, or stopping): every wait reads the version again. */
  private wakeAll(): void {
    for (const waiter of [...this.waiters]) waiter.finish(null);
  }
}
