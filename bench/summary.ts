/**
 * The goals of docs/rules/reach.md in one table: each figure of this run beside its baseline (the same figure
 * before docs/rules/reach.md, or the reference it is a ratio of) and its goal, and whether it meets it. Printed
 * last by `pnpm bench` and written to bench/results.json as `goals`.
 */
import type { TEdgeFigures } from './edge.ts';
import type { TSlotRun } from './games.ts';
import type { TLighthouseFigures } from './lighthouse.ts';
import type { TLivePushResult } from './live-push.ts';
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
  return rows;
}

export function printGoals(rows: TGoalRow[]): void {
  console.log('\n  goals (figure · baseline · goal)');
  for (const row of rows) {
    const value = `${row.value}${row.unit ? ` ${row.unit}` : ''}`;
    console.log(`    ${row.met ? 'meets ' : 'MISSES'}  ${row.figure.padEnd(58)} ${value.padStart(10)}   baseline ${row.baseline}   goal ${row.goal}`);
  }
}
