/**
 * Load generation for every throughput figure of `pnpm bench`, in a process of its own
 * (docs/0038). Until then autocannon ran inside the bench process, beside the gateway, the embedded
 * platform and the bare reference routes it was measuring: the load generator's own work shared
 * the one event loop with the servers it timed, so every request cost the server's work plus the
 * generator's, the same for a route and its reference, and their ratio was pulled towards 1 by an
 * amount that depended on the machine. Now each measure forks this file, which runs autocannon and
 * sends its figures back; the servers measured (gateway and bare routes alike) all run in the bench
 * process, so a route and its reference are measured the same way.
 *
 * Beside requests per second, each measure reports the CPU the bench process (the servers) spent
 * per answer during the run, and how busy it was: with the generator in another process, a fast
 * reference route can be limited by the generator rather than by the server (the server then shows
 * less than a whole core busy), and on a shared machine other work takes cores away from both. The
 * CPU per answer is what the server itself pays, whatever the generator or the neighbours do.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export type TLoadOptions = { url: string; connections: number; seconds: number; headers?: Record<string, string> };

export type TLoadResult = {
  requestsPerSecond: number;
  latencyP99Ms: number;
  errors: number;
  requests: number;
  /** CPU (user + system, every thread) of the serving process per answer, in microseconds. */
  serverCpuPerRequestUs: number;
  /** That CPU over the run's wall time: 1 is one core busy all along. */
  serverBusy: number;
};

type TFigures = Pick<TLoadResult, 'requestsPerSecond' | 'latencyP99Ms' | 'errors' | 'requests'>;
type TMessage = { type: 'started' } | { type: 'done'; figures: TFigures };

const self = fileURLToPath(import.meta.url);

/**
 * BENCH_LOAD_IN_PROCESS=1 puts autocannon back inside the bench process (the method before
 * docs/0038), to compare the two methods on one machine; the CPU figures then include the generator.
 */
const inProcess = process.env.BENCH_LOAD_IN_PROCESS === '1';

/** autocannon in this process: what the child runs. */
async function runHere(options: TLoadOptions, started: () => void): Promise<TFigures> {
  const run = autocannon({ url: options.url, connections: options.connections, duration: options.seconds, headers: options.headers ?? {} });
  started();
  const result = await run;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP99Ms: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    requests: result.requests.total,
  };
}

/** Samples this process's CPU from `started` until `finish`. */
function cpuMeter() {
  let cpu = process.cpuUsage();
  let at = performance.now();
  return {
    started() {
      cpu = process.cpuUsage();
      at = performance.now();
    },
    finish(figures: TFigures): TLoadResult {
      const used = process.cpuUsage(cpu);
      const cpuUs = used.user + used.system;
      const wallUs = (performance.now() - at) * 1000;
      return {
        ...figures,
        serverCpuPerRequestUs: Math.round(cpuUs / Math.max(1, figures.requests)),
        serverBusy: Number((cpuUs / wallUs).toFixed(2)),
      };
    },
  };
}

/** Loads `url` from a child process for `seconds` and answers what it measured. */
export function load(options: TLoadOptions): Promise<TLoadResult> {
  const meter = cpuMeter();
  if (inProcess) return runHere(options, meter.started).then(meter.finish);
  return new Promise((resolve, reject) => {
    const child = fork(self, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let answer: TLoadResult | undefined;
    child.on('message', (message: TMessage) => {
      if (message.type === 'started') meter.started();
      else answer = meter.finish(message.figures);
    });
    child.once('error', reject);
    child.once('exit', (code) => (answer ? resolve(answer) : reject(new Error(`load generator for ${options.url} exited with ${code} and no figures`))));
    child.send(options);
  });
}

// Forked by `load`: one run, its figures sent back to the parent, then exit.
if (process.send && process.argv[1] === self) {
  const send = (message: TMessage, then: () => void = () => {}) => process.send!(message, then);
  process.once('message', (options) => {
    void runHere(options as TLoadOptions, () => send({ type: 'started' })).then(
      (figures) => send({ type: 'done', figures }, () => process.exit(0)),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
