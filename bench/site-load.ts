/**
 * `pnpm load`: the whole site under simulated members and agents (docs/0079), in a process of its
 * own, against servers it starts and stops itself, only on 127.0.0.1, bounded in time (the run, then
 * at most a drain) and in calls (`--max-requests`). For each set-up (`embedded`: `pnpm start` on
 * PGlite; `cluster`: two gateways and two platforms on PostgreSQL and Redis, with DATABASE_URL and
 * REDIS_URL) it prepares the people on the site's database (not timed), runs them for `--seconds`,
 * prints per call throughput, p50/p95/p99 and errors, the goal rows, and the money check; then writes
 * every figure to bench/load-results.json. The goals are for an idle machine.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { prepareDatabase } from '@wl/platform/prepare-database';
import { conservation, createLoadPeople, moneySnapshot, type TConservation } from './load-accounts.ts';
import { Site } from './load-client.ts';
import { embeddedSite, clusterSite, LOAD_MERCHANT, type TLoadSite } from './load-setups.ts';
import { CallBook, type TCallFigures } from './load-stats.ts';
import { seededRandom } from '@wl/platform/test-support/seeded-random';
import { LOAD_GOALS, LOAD_USAGE, parseLoadArgs, type TLoadOptions } from './load-options.ts';
import { runAgent, runMember, type TPersonContext } from './load-users.ts';
import { CLOCK_TICKS_PER_SECOND, cpuTicks, killGroup, processTree, REPO_ROOT, sleep, stopProcess, type TRunning } from './processes.ts';

/** How long the people may take to finish the calls they were making when the time ran out. */
const DRAIN_SECONDS = 30;
/** A call unanswered this long is an error. */
const CALL_TIMEOUT_MS = 30_000;
/** After the last deposit, how long the simulated channel's job gets to settle it (5 s, plus its queue's poll). */
const DEPOSIT_SETTLE_WAIT_MS = 12_000;

export type TSetupResult = {
  setup: string;
  description: string;
  members: number;
  agents: number;
  seconds: number;
  requests: number;
  calls: TCallFigures[];
  goals: { pageData: TCallFigures; spin: TCallFigures; overall: TCallFigures; errors: number; meets: boolean };
  money: TConservation;
  /** What the machine did meanwhile: load average, the servers' and the generator's CPU, the generator's event-loop delay. */
  machine: { loadAverage1m: [number, number]; serverCores: number; generatorCores: number; generatorLagP99Ms: number; generatorLagMaxMs: number };
};

/** Runs the people against a started site until the time or the request budget is up. */
async function timedRun(o: TLoadOptions, bases: string[], people: Awaited<ReturnType<typeof createLoadPeople>>, run: string, servers: TRunning[]) {
  const book = new CallBook();
  const site = new Site({ bases, book, maxRequests: o.maxRequests, timeoutMs: CALL_TIMEOUT_MS });
  const started = performance.now();
  const deadline = started + o.seconds * 1000;
  let ended: () => void = () => {};
  const end = new Promise<void>((resolve) => (ended = resolve));
  const timer = setTimeout(() => {
    site.close();
    ended();
  }, o.seconds * 1000);
  const jitter = (ms: number) => ms * (0.5 + Math.random());
  let lastDepositAt = 0;
  const context = (seed: number, person: { token: string; ip: string }): TPersonContext => ({
    site: site.as(person),
    // Each person's own seeded generator: a run's choices repeat for the same people.
    random: seededRandom(seed).next,
    pause: (kind) => Promise.race([sleep(jitter(kind === 'think' ? o.thinkMs : o.handMs)), end]),
    live: () => !site.over && performance.now() < deadline,
    now: () => Date.now(),
  });
  // People arrive over the first quarter of the run (at most 10 s), not all in one instant.
  const rampMs = Math.min(10_000, (o.seconds * 1000) / 4);
  const all = [...people.members.map((p) => ({ p, agent: false })), ...people.agents.map((p) => ({ p, agent: true }))];
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const cpu0 = process.cpuUsage();
  const ticks = () => cpuTicks(servers.flatMap((s) => processTree(s.child.pid!)));
  const ticks0 = ticks();
  const load0 = loadavg()[0]!;
  const runs = all.map(async ({ p, agent }, i) => {
    await Promise.race([sleep((i / all.length) * rampMs), end]);
    const ctx = context(i + 1, p);
    if (agent) return runAgent(ctx);
    let n = 0;
    return runMember({
      ...ctx,
      depositKey: () => {
        lastDepositAt = Date.now();
        return `load-${run}-${p.id}-${++n}`;
      },
    });
  });
  const finished = Promise.allSettled(runs);
  await end;
  const drained = await Promise.race([finished.then(() => true), sleep(DRAIN_SECONDS * 1000).then(() => false)]);
  if (!drained) site.abortInFlight();
  const outcomes = await finished;
  clearTimeout(timer);
  const seconds = (performance.now() - started) / 1000;
  lag.disable();
  const cpu = process.cpuUsage(cpu0);
  const bug = outcomes.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (bug) throw bug.reason;
  const serverCores = (ticks() - ticks0) / CLOCK_TICKS_PER_SECOND / seconds;
  const machine = {
    loadAverage1m: [Number(load0.toFixed(2)), Number(loadavg()[0]!.toFixed(2))] as [number, number],
    serverCores: Number(serverCores.toFixed(2)),
    generatorCores: Number(((cpu.user + cpu.system) / 1e6 / seconds).toFixed(2)),
    generatorLagP99Ms: Number((lag.percentile(99) / 1e6).toFixed(1)),
    generatorLagMaxMs: Number((lag.max / 1e6).toFixed(1)),
  };
  // The timed part's figures are over its own seconds, not the drain's.
  return { book, site, seconds: Math.min(seconds, o.seconds), machine, lastDepositAt };
}

async function runSetup(o: TLoadOptions, site: TLoadSite, running: TRunning[]): Promise<TSetupResult> {
  const run = randomBytes(3).toString('hex');
  console.log(`\n${site.name}: ${site.description}`);
  let database = await site.open();
  let people;
  let before;
  try {
    await prepareDatabase(database, { merchantCode: LOAD_MERCHANT });
    const t = performance.now();
    people = await createLoadPeople(database.db, { merchantCode: LOAD_MERCHANT, members: o.members, agents: o.agents, run });
    before = await moneySnapshot(
      database.db,
      [...people.members, ...people.agents].map((p) => p.id),
    );
    console.log(`  ${o.members} members under ${o.agents} agent(s) made, funded and signed in (${((performance.now() - t) / 1000).toFixed(1)} s, not timed)`);
  } finally {
    await database.close();
  }
  const servers: TRunning[] = [];
  let figures;
  try {
    const bases = await site.start((r) => {
      servers.push(r);
      running.push(r);
    });
    console.log(`  serving at ${bases.join(', ')}; ${o.seconds} s of traffic…`);
    figures = await timedRun(o, bases, people, run, servers);
    // Deposits made in the last seconds get their settlement before the servers stop.
    const settleMs = figures.lastDepositAt + DEPOSIT_SETTLE_WAIT_MS - Date.now();
    if (figures.lastDepositAt > 0 && settleMs > 0) await sleep(settleMs);
  } finally {
    for (const server of servers.reverse()) await stopProcess(server);
  }
  database = await site.open();
  let after;
  try {
    after = await moneySnapshot(
      database.db,
      [...people.members, ...people.agents].map((p) => p.id),
    );
  } finally {
    await database.close();
  }
  const { book, seconds } = figures;
  const calls = book.figures(seconds);
  const pageData = book.figuresOf('page data (every query)', figures.site.readNames(), seconds);
  const spin = book.figuresOf('spin (games.spin)', ['games.spin'], seconds);
  const overall = book.figuresOf('every call', book.names(), seconds);
  const errors = calls.reduce((n, c) => n + c.errors, 0);
  const money = conservation(before, after);
  return {
    setup: site.name,
    description: site.description,
    members: o.members,
    agents: o.agents,
    seconds: Number(seconds.toFixed(1)),
    requests: figures.site.requests,
    calls,
    goals: {
      pageData,
      spin,
      overall,
      errors,
      meets:
        o.members >= LOAD_GOALS.members &&
        spin.calls > 0 &&
        pageData.p99Ms <= LOAD_GOALS.pageDataP99Ms &&
        spin.p99Ms <= LOAD_GOALS.spinP99Ms &&
        errors === 0 &&
        money.exact,
    },
    money,
    machine: figures.machine,
  };
}

const pad = (s: string | number, n: number) => String(s).padStart(n);

export function printSetup(r: TSetupResult): void {
  console.log(`  ${r.members} members, ${r.agents} agent(s), ${r.seconds} s, ${r.requests} calls`);
  console.log(
    `    ${'call'.padEnd(30)} ${pad('calls', 7)} ${pad('/s', 7)} ${pad('p50 ms', 8)} ${pad('p95 ms', 8)} ${pad('p99 ms', 8)} ${pad('max ms', 8)} ${pad('refused', 8)} ${pad('busy', 6)} ${pad('errors', 7)}`,
  );
  const row = (c: TCallFigures) =>
    console.log(
      `    ${c.name.padEnd(30)} ${pad(c.calls, 7)} ${pad(c.perSecond, 7)} ${pad(c.p50Ms, 8)} ${pad(c.p95Ms, 8)} ${pad(c.p99Ms, 8)} ${pad(c.maxMs, 8)} ${pad(c.refused, 8)} ${pad(c.busy, 6)} ${pad(c.errors, 7)}${c.errorSamples.length ? `  e.g. ${c.errorSamples.join(' | ')}` : ''}`,
    );
  for (const c of r.calls) row(c);
  console.log('    goals (an idle machine, 500 members):');
  row(r.goals.pageData);
  row(r.goals.spin);
  const mark = (ok: boolean, figures?: TCallFigures) => (figures?.calls === 0 ? 'not measured (no call)' : ok ? 'meets' : 'MISSES');
  console.log(
    `      page data p99 ${r.goals.pageData.p99Ms} ms (goal ≤ ${LOAD_GOALS.pageDataP99Ms}): ${mark(r.goals.pageData.p99Ms <= LOAD_GOALS.pageDataP99Ms, r.goals.pageData)}; spin p99 ${r.goals.spin.p99Ms} ms (goal ≤ ${LOAD_GOALS.spinP99Ms}): ${mark(r.goals.spin.p99Ms <= LOAD_GOALS.spinP99Ms, r.goals.spin)}; errors ${r.goals.errors} (goal 0): ${mark(r.goals.errors === 0)}${r.members < LOAD_GOALS.members ? `; only ${r.members} members (the goal is for ${LOAD_GOALS.members})` : ''}`,
  );
  const all = r.goals.overall;
  console.log(
    `    past capacity (docs/0088): ${all.busy} of ${all.calls} calls answered busy (their p50 ${all.busyP50Ms} ms, p99 ${all.busyP99Ms} ms, slowest answer of any call ${all.maxMs} ms); ${all.unanswered} unanswered (a reset or lost connection, or none within ${CALL_TIMEOUT_MS / 1000} s)`,
  );
  const m = r.money;
  const v = m.violations;
  console.log(
    `    money: ${m.exact ? 'exact' : 'DRIFT'} — ledger total drift ${m.totalDriftMinor}, circle drift ${m.circleDriftMinor}, deposit drift ${m.depositDriftMinor} (minor units); ${m.deposits.approved} demo deposits approved (${(m.deposits.approvedMinor / 100).toFixed(2)}), ${m.deposits.pending} still pending; accounts ≠ their entries ${v.mismatched.length}, unbalanced transactions ${v.unbalanced.length}, negative member accounts ${v.negative.length}, repeated keys ${v.duplicateKeys.length}`,
  );
  const x = r.machine;
  console.log(
    `    machine: load average ${x.loadAverage1m[0]} → ${x.loadAverage1m[1]} on ${cpus().length} cores; servers ${x.serverCores} cores busy, the load generator ${x.generatorCores} (its event-loop delay p99 ${x.generatorLagP99Ms} ms, max ${x.generatorLagMaxMs} ms)`,
  );
}

async function main(): Promise<void> {
  let options: TLoadOptions | null;
  try {
    options = parseLoadArgs(process.argv.slice(2), process.env);
  } catch (error) {
    console.error(`pnpm load: ${(error as Error).message}\n\n${LOAD_USAGE}`);
    process.exit(2);
  }
  if (!options) {
    console.log(LOAD_USAGE);
    return;
  }
  // Whatever happens, no server of ours outlives this process.
  const running: TRunning[] = [];
  process.on('exit', () => {
    for (const r of running) killGroup(r.child.pid!);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
  const results: TSetupResult[] = [];
  console.log(
    `pnpm load: ${options.members} members and ${options.agents} agent(s)${options.overload ? ' (overload: twice the members)' : ''}, ${options.seconds} s each on ${options.setups.join(' and ')}; load average now ${loadavg()[0]!.toFixed(2)} on ${cpus().length} cores`,
  );
  const g = options.gatewayLimits;
  if (g) console.log(`  each gateway: GATEWAY_MAX_IN_FLIGHT=${g.maxInFlight}, GATEWAY_MAX_QUEUED=${g.maxQueued}, GATEWAY_QUEUE_WAIT_MS=${g.queueWaitMs}`);
  for (const name of options.setups) {
    const limits = options.gatewayLimits;
    const site =
      name === 'embedded' ? embeddedSite(limits) : await clusterSite({ databaseUrl: process.env.DATABASE_URL!, redisUrl: process.env.REDIS_URL!, limits });
    try {
      const result = await runSetup(options, site, running);
      printSetup(result);
      results.push(result);
    } finally {
      await site.cleanup();
    }
  }
  const file = path.join(REPO_ROOT, 'bench', 'load-results.json');
  writeFileSync(file, JSON.stringify({ when: new Date().toISOString(), options, goals: LOAD_GOALS, setups: results }, null, 2) + '\n');
  console.log(
    `\n  written to bench/load-results.json${results.some((r) => !r.goals.meets) ? ' (goals are for an idle machine with 500 members: see README)' : ''}\n`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(REPO_ROOT, 'bench', 'site-load.ts')) await main();
