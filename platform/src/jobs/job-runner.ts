import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import PgBoss from 'pg-boss';
import type { DB } from '../db/schema.ts';
import { applyOnce, type TOnceResult } from './job-effects.ts';
import { kyselyJobExecutor, type TJobSqlExecutor } from './sql-executor.ts';

/** One job as its handler sees it. */
export type TJob<T> = {
  id: string;
  queue: string;
  data: T;
  /** The idempotency key given to `send`, else the job id: the default key of `once`. */
  key: string;
  /** The platform database, for reads; write effects through `once`. */
  db: Kysely<DB>;
  /** Runs `effect` in a transaction that also records `key` in job_effects; a second call with the key does nothing. */
  once<R>(effect: (trx: Transaction<DB>) => Promise<R>, key?: string): Promise<TOnceResult<R>>;
};

/** A queue's handler: throwing fails the job, which is retried with the queue's backoff. */
export type TJobHandler<T> = (job: TJob<T>) => Promise<void>;

/** Per-queue settings. */
export type TQueueOptions = {
  /** Retries after the first failure (default 5). */
  retryLimit?: number;
  /** Base delay before a retry, in seconds (default 10); doubled each retry with jitter unless retryBackoff is false. */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /**
   * Seconds after which an active job counts as dead and is retried (default 600). Keep it above the
   * longest run: a job killed with its process is retried only after this, and an expired handler
   * is not aborted, so its effects must go through `once`.
   */
  expireInSeconds?: number;
  /** Jobs fetched per poll (default 10): pg-boss sleeps a polling interval between fetches even when busy. */
  batchSize?: number;
  /** pg-boss queue policy; 'short' keeps one queued job per singletonKey, 'singleton' one active. */
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
};

/** Options of `send`. */
export type TSendOptions = {
  /** Same key, same job: a second send while the first is kept is dropped, and `once` keys on it forever. */
  idempotencyKey?: string;
  /** Run not before this time. */
  startAfter?: Date;
  /** Enqueue inside this transaction: the job exists only if it commits (required inside a transaction on PGlite). */
  trx?: Transaction<DB>;
  /** Collapses racing duplicates on queues with policy 'short' / 'singleton' / 'stately'. */
  singletonKey?: string;
};

/** The platform's background jobs (docs/0011-job-runner.md). */
export interface JobRunner {
  /** Registers a queue and its handler; before or after start. */
  define<T>(queue: string, handler: TJobHandler<T>, options?: TQueueOptions): Promise<void>;
  /** Installs pg-boss's tables if needed and starts polling, maintenance and cron. */
  start(): Promise<void>;
  /** Stops polling, lets running handlers finish, and waits for pg-boss's last statements. */
  stop(): Promise<void>;
  /** Enqueues a job; answers its id, or null when an idempotent duplicate was dropped. */
  send<T>(queue: string, data: T, options?: TSendOptions): Promise<string | null>;
  /** Sends a job to a defined queue on a cron (UTC); one run per slot across every runner on the database. */
  schedule<T>(queue: string, cron: string, data?: T): Promise<void>;
}

/** Options of the pg-boss runner. */
export type TPgBossRunnerOptions = {
  db: Kysely<DB>;
  /** Schema of pg-boss's own tables (default 'pgboss'); tests on PostgreSQL use one per test schema. */
  schema?: string;
  /**
   * Seconds between polls of an idle queue (default 10; minimum 0.5). A send wakes this process's
   * worker itself (docs/0134): polling finds what other processes sent, retries and cron's jobs.
   */
  pollingIntervalSeconds?: number;
  /** Seconds between cron checks (default 30); tests lower it. */
  cronMonitorIntervalSeconds?: number;
  /** Where pg-boss's background errors go (default console.error). */
  onError?: (err: unknown) => void;
};

// pg-boss stores the payload with its idempotency key so the handler can key its effects on it.
type TEnvelope<T> = { key?: string; payload: T };

const DEFAULT_QUEUE: Required<Omit<TQueueOptions, 'policy'>> = {
  retryLimit: 5,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 600,
  batchSize: 10,
};

/** A uuid derived from queue and idempotency key, so a duplicate send collides on pg-boss's primary key. */
export function idempotentJobId(queue: string, key: string): string {
  const h = createHash('sha256').update(`${queue}\u0000${key}`).digest('hex');
  // Shape it as an RFC 9562 version-8 (custom) uuid.
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

type TDefinition = { handler: TJobHandler<unknown>; options: TQueueOptions };

/** A job with a start time wakes its worker this long after it (clocks and timers are not exact). */
const WAKE_MARGIN_MS = 50;
/** A job sent inside a transaction wakes its worker no sooner than this: its commit comes first. */
const COMMIT_WAIT_MS = 1_000;
/**
 * A job sent inside a transaction wakes its worker again this long after the first wake: a commit
 * later than a second (a saturated machine) still finds a worker within seconds, not a poll later.
 * A wake that finds nothing costs one fetch.
 */
const LATE_COMMIT_WAKES_MS = [2_000, 5_000] as const;
/** Start times further away than this are left to polling (one timer per send is kept meanwhile). */
const MAX_WAKE_TIMER_MS = 60 * 60 * 1000;

/** A JobRunner on pg-boss 10 over the platform's Kysely database (PGlite or PostgreSQL). */
export function createJobRunner(opts: TPgBossRunnerOptions): JobRunner {
  const executor: TJobSqlExecutor = kyselyJobExecutor(opts.db);
  const pollingIntervalSeconds = opts.pollingIntervalSeconds ?? 10;
  const boss = new PgBoss({
    db: executor,
    schema: opts.schema ?? 'pgboss',
    pollingIntervalSeconds,
    cronMonitorIntervalSeconds: opts.cronMonitorIntervalSeconds ?? 30,
    // The cron hand-off queue needs no faster poll than the cron check itself.
    cronWorkerIntervalSeconds: Math.min(opts.cronMonitorIntervalSeconds ?? 10, 10),
    // Installing on start is idempotent and serialised by pg-boss's advisory lock.
    migrate: true,
  });
  const onError = opts.onError ?? ((err: unknown) => console.error('job runner:', err));
  boss.on('error', onError);

  const definitions = new Map<string, TDefinition>();
  const workers = new Map<string, string>();
  let state: 'idle' | 'started' | 'stopped' = 'idle';
  const wakeTimers = new Set<NodeJS.Timeout>();

  /** Wakes a worker after `ms`, unless the runner stopped meanwhile; never keeps the process alive. */
  function wakeLater(workerId: string, ms: number) {
    const timer = setTimeout(() => {
      wakeTimers.delete(timer);
      if (state === 'started') boss.notifyWorker(workerId);
    }, ms);
    timer.unref();
    wakeTimers.add(timer);
  }

  async function install(queue: string, def: TDefinition) {
    const o = { ...DEFAULT_QUEUE, ...def.options };
    await boss.createQueue(queue, {
      name: queue,
      policy: o.policy ?? 'standard',
      retryLimit: o.retryLimit,
      retryDelay: o.retryDelaySeconds,
      retryBackoff: o.retryBackoff,
      expireInSeconds: o.expireInSeconds,
    });
    const workerId = await boss.work<TEnvelope<unknown>>(queue, { batchSize: o.batchSize, pollingIntervalSeconds }, async (jobs) => {
      // One job's failure must not fail the batch: fail it alone; pg-boss completes the rest
      // (completion only touches jobs still active).
      for (const job of jobs) {
        try {
          await def.handler(toJob(queue, job));
        } catch (err) {
          await boss.fail(queue, job.id, errorOutput(err));
        }
      }
    });
    workers.set(queue, workerId);
  }

  function toJob(queue: string, job: PgBoss.Job<TEnvelope<unknown>>): TJob<unknown> {
    const key = job.data?.key ?? job.id;
    return {
      id: job.id,
      queue,
      data: job.data?.payload,
      key,
      db: opts.db,
      once: (effect, k = key) => applyOnce(opts.db, { queue, key: k, jobId: job.id }, effect),
    };
  }

  return {
    async define(queue, handler, options = {}) {
      if (definitions.has(queue)) throw new Error(`job queue ${queue} is already defined`);
      const def = { handler: handler as TJobHandler<unknown>, options };
      definitions.set(queue, def);
      if (state === 'started') await install(queue, def);
    },

    async start() {
      if (state !== 'idle') throw new Error(`job runner cannot start: ${state}`);
      await boss.start();
      state = 'started';
      for (const [queue, def] of definitions) await install(queue, def);
    },

    async stop() {
      if (state !== 'started') {
        state = 'stopped';
        return;
      }
      state = 'stopped';
      for (const timer of wakeTimers) clearTimeout(timer);
      wakeTimers.clear();
      await boss.stop({ graceful: true, wait: true, timeout: 30_000 });
      // pg-boss completes jobs without awaiting it and lets worker loops run out after stop:
      // wait for those statements, then ignore any later one, before the database closes.
      await executor.drain({ close: true });
    },

    async send(queue, data, options = {}) {
      if (state !== 'started') throw new Error('job runner is not started');
      const envelope: TEnvelope<unknown> = { payload: data, ...(options.idempotencyKey ? { key: options.idempotencyKey } : {}) };
      const id = await boss.send(queue, envelope, {
        ...(options.idempotencyKey ? { id: idempotentJobId(queue, options.idempotencyKey) } : {}),
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.trx ? { db: kyselyJobExecutor(options.trx) } : {}),
      });
      // Outside a transaction the job is visible now: wake this process's worker instead of
      // waiting a polling interval. A job with a start time, or sent inside a transaction (not
      // visible before its commit), wakes it by a timer at that time (docs/0134); polling is the
      // backstop (another process's sends, retries, cron). A transaction's job is woken twice more, in
      // case its commit came later than the first wake.
      const workerId = workers.get(queue);
      if (id && workerId) {
        const wait = Math.max(
          (options.startAfter ? options.startAfter.getTime() - Date.now() : 0) + (options.startAfter ? WAKE_MARGIN_MS : 0),
          options.trx ? COMMIT_WAIT_MS : 0,
        );
        if (wait <= 0) boss.notifyWorker(workerId);
        else if (wait <= MAX_WAKE_TIMER_MS) wakeLater(workerId, wait);
        if (options.trx && wait <= MAX_WAKE_TIMER_MS) for (const later of LATE_COMMIT_WAKES_MS) wakeLater(workerId, Math.max(wait, 0) + later);
      }
      return id;
    },

    async schedule(queue, cron, data) {
      if (state !== 'started') throw new Error('job runner is not started');
      if (!definitions.has(queue)) throw new Error(`job queue ${queue} is not defined`);
      await boss.schedule(queue, cron, { payload: data ?? null }, { tz: 'UTC' });
    },
  };
}

function errorOutput(err: unknown): object {
  return err instanceof Error ? { name: err.name, message: err.message } : { message: String(err) };
}
