/**
 * The site load test's HTTP client (docs/0079): the gateway's tRPC over HTTP as the web sends it
 * (queries as GETs with `input` in the URL, mutations as JSON POSTs, the home page's batch), with
 * Node's own fetch (undici). Every call is timed from the request to the parsed answer and put in
 * the run's CallBook; calls go round-robin over the site's gateways. Each simulated person has its
 * own session token and its own address (X-Forwarded-For, which the gateways believe from loopback:
 * TRUST_PROXY=loopback, as behind a reverse proxy), so per-IP limits count each person apart, as
 * they do for people on the internet.
 */
import { describeFailure, type CallBook } from './load-stats.ts';

/** A call that failed (recorded already): the simulated person drops what it was doing and goes on. */
export class CallFailed extends Error {}
/** The run is over (its time is up, its request budget spent, or it was stopped): the person stops. */
export class RunOver extends Error {}

export type TSiteOptions = {
  /** The gateways' base URLs; calls go to each in turn. */
  bases: readonly string[];
  book: CallBook;
  /** At most this many calls in all; once made, every person stops. */
  maxRequests: number;
  /** A call unanswered this long is an error. */
  timeoutMs: number;
};

/** What a call may be answered with besides success: message keys of refusals the site's rules give (the script expects them). */
export type TCallOptions = { refusals?: readonly string[] };

type TTrpcAnswer = { result?: { data?: unknown }; error?: { message?: string; data?: { code?: string; httpStatus?: number } } };

/** The site as the load generator sees it: shared by every simulated person of a run. */
export class Site {
  private turn = 0;
  private made = 0;
  /** Aborts calls still in flight when the run's drain time is over. */
  private readonly stop = new AbortController();
  /** No new calls after this (the run's end); calls in flight finish. */
  private closed = false;
  /** Names of the calls that read (GETs): a page's data. */
  private readonly reads = new Set<string>();

  constructor(private readonly options: TSiteOptions) {}

  /** True once the run is over for new calls. */
  get over(): boolean {
    return this.closed || this.made >= this.options.maxRequests;
  }

  /** Calls made so far. */
  get requests(): number {
    return this.made;
  }

  /** The names of the reading calls made so far (the goal's page data). */
  readNames(): string[] {
    return [...this.reads];
  }

  /** No new calls from now on. */
  close(): void {
    this.closed = true;
  }

  /** Aborts every call still waiting for its answer (each is counted as an error). */
  abortInFlight(): void {
    this.closed = true;
    this.stop.abort(new RunOver('the run ended before this call was answered'));
  }

  /** A person's view of the site: its token (none for a visitor) and its address. */
  as(identity: { token?: string; ip: string }): TSiteUser {
    const headers: Record<string, string> = {
      'accept-encoding': 'gzip, deflate, br',
      'x-language': 'bn',
      'x-forwarded-for': identity.ip,
      ...(identity.token ? { authorization: identity.token } : {}),
    };
    return {
      query: (proc, input, options = {}) => this.call(proc, proc, 'GET', query(proc, input), headers, options),
      mutate: (proc, input, options = {}) => this.call(proc, proc, 'POST', `/trpc/${proc}`, { ...headers, 'content-type': 'application/json' }, options, input),
      batch: (name, calls) => this.call(name, calls.map(([proc]) => proc).join(','), 'GET', batchPath(calls), headers, {}),
    };
  }

  private async call<T>(
    name: string,
    procs: string,
    method: 'GET' | 'POST',
    path: string,
    headers: Record<string, string>,
    options: TCallOptions,
    body?: unknown,
  ): Promise<T> {
    if (this.over) throw new RunOver();
    this.made++;
    if (method === 'GET') this.reads.add(name);
    const base = this.options.bases[this.turn++ % this.options.bases.length]!;
    const { book } = this.options;
    const started = performance.now();
    let status: number;
    let answer: unknown;
    try {
      const res = await fetch(base + path, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.any([this.stop.signal, AbortSignal.timeout(this.options.timeoutMs)]),
      });
      status = res.status;
      const text = await res.text();
      try {
        answer = JSON.parse(text);
      } catch {
        answer = undefined;
      }
    } catch (error) {
      book.failed(name, describeFailure(error), performance.now() - started, 'no answer');
      throw new CallFailed(procs);
    }
    const ms = performance.now() - started;
    const outcome = judge(answer, options);
    if (outcome.kind === 'ok') {
      book.answered(name, ms, 'ok');
      return outcome.data as T;
    }
    if (outcome.kind === 'refused' || outcome.kind === 'busy') {
      book.answered(name, ms, outcome.kind);
      if (outcome.kind === 'busy') throw new CallFailed(`${procs}: busy`);
      return null as T;
    }
    book.failed(name, `HTTP ${status} ${outcome.why}`, ms);
    throw new CallFailed(`${procs}: HTTP ${status} ${outcome.why}`);
  }
}

/** One person's calls. `null` answers an expected refusal (see TCallOptions); any other failure throws CallFailed. */
export type TSiteUser = {
  query<T>(proc: string, input?: unknown, options?: TCallOptions): Promise<T | null>;
  mutate<T>(proc: string, input: unknown, options?: TCallOptions): Promise<T | null>;
  /** Several queries in one GET, as the web's batch link sends them; every one must succeed. */
  batch<T extends unknown[]>(name: string, calls: [proc: string, input: unknown][]): Promise<T>;
};

function query(proc: string, input: unknown): string {
  return input === undefined ? `/trpc/${proc}` : `/trpc/${proc}?input=${encodeURIComponent(JSON.stringify(input))}`;
}

function batchPath(calls: [string, unknown][]): string {
  const input = Object.fromEntries(calls.map(([, value], i) => [String(i), value]));
  return `/trpc/${calls.map(([proc]) => proc).join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
}

type TJudgement = { kind: 'ok'; data: unknown } | { kind: 'refused' } | { kind: 'busy' } | { kind: 'error'; why: string };

/** The site past its capacity (docs/0078, docs/0088): the gateway's or the platform's early "busy, try again". */
export const BUSY_KEY = 'error_system_busy';

/** How a tRPC answer (one, or a batch's array) ended for the caller. */
export function judge(answer: unknown, options: TCallOptions): TJudgement {
  if (Array.isArray(answer)) {
    const parts = answer.map((one) => judge(one, {}));
    const failed = parts.find((p) => p.kind !== 'ok');
    if (failed) return failed;
    return { kind: 'ok', data: parts.map((p) => (p as { data: unknown }).data) };
  }
  const one = answer as TTrpcAnswer | undefined;
  if (one?.result) return { kind: 'ok', data: one.result.data };
  const message = one?.error?.message;
  if (message !== undefined && options.refusals?.includes(message)) return { kind: 'refused' };
  if (message === BUSY_KEY) return { kind: 'busy' };
  if (!one?.error) return { kind: 'error', why: 'no tRPC answer' };
  return { kind: 'error', why: `${one.error.data?.code ?? '?'} ${message ?? ''}`.trim() };
}
