/**
 * The goals of docs/rules/reach.md in one table: each figure of this run beside its baseline (the same figure
 * before docs/rules/reach.md, or the reference it is a ratio of) and its goal, and whether it meets it. Printed
 * last by `pnpm bench` and written to bench/results.json as `goals`.
 */
import type { TAgentTeamRun } from './agent-team.ts';
import type { TEdgeFigures } from './edge.ts';
import type { TSlotRun } from './games.ts';
import type { TLighthouseFigures } from './lighthouse.ts';
import type { TLivePushResult } from './live-push.ts';
import type { TLedgerRun } from './ledger.ts';
import type { TIdleMemory } from './memory.ts';

/** Home route's initial JavaScript before docs/0022 (bench on 7c8e204), and the goal. */
export const INITIAL_JS_BASELINE_BYTES = 228_545;
export const INITIAL_JS_GOAL_BYTES = 150_000;

/** Rounds per second with an active bonus ÷ without, per engine (docs/0095: goal ≥ 0.7). */
export function bonusRatios(runs: TSlotRun[]): { engine: string; ratio: number }[] {
  return runs
    .filter((r) => r.withBonus)
    .map((r) => ({
      engine: r.engine,
      ratio: Number((r.roundsPerSecond / runs.find((c) => !c.withBonus && c.engine === r.engine)!.roundsPerSecond).toFixed(3)),
    }));
}

/** docs/0095: a bet with an active bonus at least this share of one without. */
export const SLOT_BONUS_RATIO_GOAL = 0.7;

/**
 * The per-bet budget (docs/0080, docs/0081, docs/0082, docs/0087): the figures of the first measure
 * on this machine beside the goals an idle two-core machine must meet on each engine.
 */
export const THROUGHPUT_GOALS = {
  ledgerRatio: { goal: 0.5, baseline: { pglite: '0.141 (465 transfers/s)', postgres: '0.140 (554 transfers/s)' } },
  slotRatio: { goal: 0.4, baseline: { pglite: '0.125 (58 rounds/s)', postgres: '0.121 (67 rounds/s)' } },
  /** Agent reports for a week over 100,010 downlines and 1,000,000 bets: p95 in ms, none cut off. */
  agentP95Ms: { pglite: 1000, postgres: 300 },
  agentBaseline: { 'team overview, 7 days': 'p95 5,000 ms, 2 of 50 cut off', 'team betting, 7 days, page 1': 'p95 2,600 ms' } as Record<string, string>,
  /** Ledger-write p99 while the rollup runs ÷ alone: no worse. */
  writesRatio: 1,
} as const;

export type TGoalRow = {
  figure: string;
  value: number;
  unit: string;
  baseline: string;
  goal: string;
  met: boolean;
};

type TResults = {
  homeInitialJs: { gzipBytes: number };
  slotRounds: TSlotRun[];
  lighthouse: TLighthouseFigures | null;
  edge: TEdgeFigures;
  idleMemory: TIdleMemory;
  livePush: TLivePushResult;
  ledger: TLedgerRun[];
  agentTeam: TAgentTeamRun;
};

export function goalRows(r: TResults): TGoalRow[] {
  const rows: TGoalRow[] = [
    {
      figure: 'home initial JS, gzipped',
      value: r.homeInitialJs.gzipBytes,
      unit: 'B',
      baseline: `${INITIAL_JS_BASELINE_BYTES} B`,
      goal: `≤ ${INITIAL_JS_GOAL_BYTES} B`,
      met: r.homeInitialJs.gzipBytes <= INITIAL_JS_GOAL_BYTES,
    },
  ];
  if (r.lighthouse) {
    const l = r.lighthouse;
    rows.push(
      {
        figure: 'Lighthouse mobile score (home)',
        value: l.score,
        unit: '',
        baseline: `≈ ${l.baseline.score}`,
        goal: `≥ ${l.goals.score}`,
        met: l.score >= l.goals.score,
      },
      {
        figure: 'Lighthouse LCP (home)',
        value: l.lcpMs,
        unit: 'ms',
        baseline: 'after all JS (≈ 10 s loaded)',
        goal: `≤ ${l.goals.lcpMs} ms`,
        met: l.lcpMs <= l.goals.lcpMs,
      },
    );
  }
  const s = r.edge.configScreen;
  rows.push({
    figure: 'config.screen ÷ bare route, same bytes',
    value: s.ratioToSameBytes,
    unit: '',
    baseline: `${s.baseline}`,
    goal: `≥ ${s.goal}`,
    met: s.ratioToSameBytes >= s.goal,
  });
  const b = r.edge.homeBatch;
  rows.push({
    figure: 'home data batch ÷ bare tiny route',
    value: b.ratioToBare,
    unit: '',
    baseline: `${b.baseline}`,
    goal: `≥ ${b.goal}`,
    met: b.ratioToBare >= b.goal,
  });
  for (const c of r.livePush.cases) {
    rows.push({
      figure: `live push p99, ${c.pages} pages, ${c.name}`,
      value: c.p99Ms,
      unit: 'ms',
      baseline: c.baseline ? `${c.baseline.p99Ms} ms (1,000 pages; ${c.baseline.fromStartP99Ms} ms from the call's start)` : '–',
      goal: `≤ ${c.goalP99Ms} ms`,
      met: c.p99Ms <= c.goalP99Ms,
    });
  }
  const m = r.idleMemory;
  rows.push({
    figure: 'idle memory of the embedded site (RSS)',
    value: m.idleRssMB,
    unit: 'MB',
    baseline: `${m.baselineMB} MB`,
    goal: `≤ ${m.goalMB} MB`,
    met: m.idleRssMB <= m.goalMB,
  });
  rows.push({
    figure: 'second start, first page',
    value: m.secondStartFirstPageS,
    unit: 's',
    baseline: '25–37 s (rebuilt the web app every start)',
    goal: '≤ 10 s (a few seconds)',
    met: m.secondStartFirstPageS <= 10,
  });
  // docs/0095: a slot round staked with bonus money against one staked with cash, same engine.
  for (const b of bonusRatios(r.slotRounds)) {
    rows.push({
      figure: `slot rounds/s with an active bonus ÷ without (${b.engine})`,
      value: b.ratio,
      unit: '',
      baseline: '1 (no bonus path)',
      goal: `≥ ${SLOT_BONUS_RATIO_GOAL}`,
      met: b.ratio >= SLOT_BONUS_RATIO_GOAL,
    });
  }
  rows.push(...throughputRows(r));
  return rows;
}

/** The per-bet budget's rows: ledger and slot ratios per engine, the agent reports' p95 and cut-offs, writes beside the rollup. */
export function throughputRows(r: Pick<TResults, 'ledger' | 'slotRounds' | 'agentTeam'>): TGoalRow[] {
  const g = THROUGHPUT_GOALS;
  const rows: TGoalRow[] = [];
  for (const l of r.ledger) {
    rows.push({
      figure: `ledger transfers ÷ empty transactions (${l.engine})`,
      value: l.ratio,
      unit: '',
      baseline: g.ledgerRatio.baseline[l.engine],
      goal: `≥ ${g.ledgerRatio.goal}`,
      met: l.ratio >= g.ledgerRatio.goal,
    });
  }
  for (const s of r.slotRounds.filter((x) => !x.withBonus)) {
    const transfers = r.ledger.find((l) => l.engine === s.engine)?.transfersPerSecond;
    if (!transfers) continue;
    const ratio = Number((s.roundsPerSecond / transfers).toFixed(3));
    rows.push({
      figure: `slot rounds ÷ ledger transfers (${s.engine})`,
      value: ratio,
      unit: '',
      baseline: g.slotRatio.baseline[s.engine],
      goal: `≥ ${g.slotRatio.goal}`,
      met: ratio >= g.slotRatio.goal,
    });
  }
  const team = r.agentTeam;
  const limit = g.agentP95Ms[team.engine];
  for (const c of team.calls.filter((x) => x.name in g.agentBaseline)) {
    rows.push({
      figure: `agent ${c.name}, p95 (${team.engine}; ${c.call.cutOff} cut off)`,
      value: c.call.p95Ms,
      unit: 'ms',
      baseline: g.agentBaseline[c.name]!,
      goal: `≤ ${limit} ms, none cut off`,
      met: c.call.p95Ms <= limit && c.call.cutOff === 0,
    });
  }
  rows.push({
    figure: `ledger-write p99 while the rollup runs ÷ alone (${team.engine})`,
    value: team.writes.ratio,
    unit: '',
    baseline: `${team.writes.oldLockRatio} (the SHARE-lock horizon)`,
    goal: `≤ ${g.writesRatio}`,
    met: team.writes.ratio <= g.writesRatio,
  });
  return rows;
}

export function printGoals(rows: TGoalRow[]): void {
  console.log('\n  goals (figure · baseline · goal)');
  for (const row of rows) {
    const value = `${row.value}${row.unit ? ` ${row.unit}` : ''}`;
    console.log(`    ${row.met ? 'meets ' : 'MISSES'}  ${row.figure.padEnd(58)} ${value.padStart(10)}   baseline ${row.baseline}   goal ${row.goal}`);
  }
}
