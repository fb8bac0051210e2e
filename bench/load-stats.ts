/**
 * Counting what a load run saw, call by call (pure; bench/load-stats.test.ts): the answered calls'
 * latencies, the refusals the site's rules gave (a crash bet after the betting closed), and the
 * errors (no answer, a 5xx, an answer the script did not expect), with a few error samples so a
 * failed run says why.
 */

/** The value at quantile `q` (0–1) of ascending `sorted` values (nearest rank); 0 when empty. */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil(q * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

/**
 * A failed call in one line. undici's "fetch failed" names the socket error only in its cause; a
 * call's own timeout and an abort with a reason say so.
 */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError') return 'no answer within the call timeout';
  const cause = error.cause as { code?: string; message?: string } | undefined;
  return cause ? `${error.message}: ${cause.code ?? cause.message ?? String(cause)}` : error.message;
}

/**
 * How one call ended: answered as hoped, refused by a rule of the site the script expects, answered
 * busy (the site past its capacity said so early, docs/0088: not an error, the page says "try
 * again"), or failed.
 */
export type TOutcome = 'ok' | 'refused' | 'busy' | 'error';

/** How a failed call failed: an answer the script did not expect, or no answer at all (a lost connection, none in time). */
export type TFailure = 'answer' | 'no answer';

/** At most this many error samples are kept per call. */
const ERROR_SAMPLES = 3;

type TCallTally = { latenciesMs: number[]; busyMs: number[]; ok: number; refused: number; busy: number; errors: number; unanswered: number; samples: string[] };

/** One call's figures over a run. Latencies are of every answered call (ok and refused); errors have none. */
export type TCallFigures = {
  name: string;
  calls: number;
  perSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  refused: number;
  /** Answered busy (docs/0088), with the p50 and p99 of those answers alone: a refusal must come early. */
  busy: number;
  busyP50Ms: number;
  busyP99Ms: number;
  errors: number;
  /** Of the errors, those with no answer: a reset or lost connection, or none within the call timeout. */
  unanswered: number;
  errorSamples: string[];
};

/** The tally of a run, by call name. */
export class CallBook {
  private readonly tallies = new Map<string, TCallTally>();

  private tally(name: string): TCallTally {
    let t = this.tallies.get(name);
    if (!t) this.tallies.set(name, (t = { latenciesMs: [], busyMs: [], ok: 0, refused: 0, busy: 0, errors: 0, unanswered: 0, samples: [] }));
    return t;
  }

  /** One call that got an answer. */
  answered(name: string, latencyMs: number, outcome: Exclude<TOutcome, 'error'>): void {
    const t = this.tally(name);
    t.latenciesMs.push(latencyMs);
    if (outcome === 'busy') t.busyMs.push(latencyMs);
    t[outcome]++;
  }

  /** One call that failed, and why (kept for the first few). */
  failed(name: string, why: string, latencyMs?: number, failure: TFailure = 'answer'): void {
    const t = this.tally(name);
    t.errors++;
    if (failure === 'no answer') t.unanswered++;
    if (latencyMs !== undefined) t.latenciesMs.push(latencyMs);
    if (t.samples.length < ERROR_SAMPLES && !t.samples.includes(why)) t.samples.push(why);
  }

  /** Every call made so far. */
  get total(): number {
    let n = 0;
    for (const t of this.tallies.values()) n += t.ok + t.refused + t.busy + t.errors;
    return n;
  }

  /** Figures per call over `seconds`, in name order. */
  figures(seconds: number): TCallFigures[] {
    return [...this.tallies.keys()].sort().map((name) => this.figuresOf(name, [name], seconds));
  }

  /** One row over several calls (the goal groups: page data, spins). */
  figuresOf(name: string, names: readonly string[], seconds: number): TCallFigures {
    const parts = names.map((n) => this.tallies.get(n)).filter((t): t is TCallTally => t !== undefined);
    const latencies = parts.flatMap((t) => t.latenciesMs).sort((a, b) => a - b);
    const calls = parts.reduce((n, t) => n + t.ok + t.refused + t.busy + t.errors, 0);
    const busyMs = parts.flatMap((t) => t.busyMs).sort((a, b) => a - b);
    const round = (ms: number) => Math.round(ms * 10) / 10;
    return {
      name,
      calls,
      perSecond: Math.round((calls / Math.max(seconds, 0.001)) * 10) / 10,
      p50Ms: round(percentile(latencies, 0.5)),
      p95Ms: round(percentile(latencies, 0.95)),
      p99Ms: round(percentile(latencies, 0.99)),
      maxMs: round(latencies.at(-1) ?? 0),
      refused: parts.reduce((n, t) => n + t.refused, 0),
      busy: busyMs.length,
      busyP50Ms: round(percentile(busyMs, 0.5)),
      busyP99Ms: round(percentile(busyMs, 0.99)),
      errors: parts.reduce((n, t) => n + t.errors, 0),
      unanswered: parts.reduce((n, t) => n + t.unanswered, 0),
      errorSamples: parts.flatMap((t) => t.samples).slice(0, ERROR_SAMPLES),
    };
  }

  /** The names recorded so far. */
  names(): string[] {
    return [...this.tallies.keys()];
  }
}
