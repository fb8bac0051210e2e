// node --import tsx --test bench/*.test.ts (pnpm test:scripts): bench/ is no package and has no vitest of its own.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TAgentTeamRun } from './agent-team.ts';
import type { TSlotRun } from './games.ts';
import type { TLatencyRun } from './games.ts';
import type { TLedgerRun } from './ledger.ts';
import { throughputRows } from './summary.ts';

const latency = (name: string, p95Ms: number, cutOff = 0): TLatencyRun => ({
  name,
  requests: 50,
  requestsPerSecond: 10,
  p50Ms: p95Ms / 2,
  p95Ms,
  cutOff,
  failed: 0,
  failures: [],
});
const ledger = (engine: TLedgerRun['engine'], transfersPerSecond: number, ratio: number): TLedgerRun =>
  ({ engine, operations: 3000, transfersPerSecond, emptyPerSecond: transfersPerSecond / ratio, ratio, statementsPerTransfer: 1 }) as TLedgerRun;
const slot = (engine: TSlotRun['engine'], roundsPerSecond: number, withBonus = false): TSlotRun => ({
  engine,
  rounds: 2000,
  roundsPerSecond,
  busy: 0,
  queriesPerRound: 9,
  withBonus,
});
const team = (engine: TAgentTeamRun['engine'], overviewP95: number, cutOff: number, writesRatio: number): TAgentTeamRun =>
  ({
    engine,
    downlines: 100_010,
    bets: 1_000_000,
    seedSeconds: 1,
    rollupSeconds: 1,
    calls: [
      { name: 'team overview, 7 days', call: latency('o', overviewP95, cutOff), bare: latency('b', 1), ratio: 0.1 },
      { name: 'team overview, today', call: latency('t', 9_999), bare: latency('b', 1), ratio: 0.1 },
      { name: 'team betting, 7 days, page 1', call: latency('w', 200), bare: latency('b', 1), ratio: 0.1 },
    ],
    writes: { writes: 100, p99Ms: 10, p99WithRollupMs: 10 * writesRatio, ratio: writesRatio, rollups: 3, p99WithOldLockMs: 20, oldLockRatio: 2 },
  }) as TAgentTeamRun;

describe('the per-bet budget in the goals table', () => {
  it('meets each goal per engine only at its bound: ledger ≥ 0.5, slot ≥ 0.4 of transfers, week reports within p95 and none cut off, writes no worse', () => {
    const rows = throughputRows({
      ledger: [ledger('pglite', 1000, 0.5), ledger('postgres', 2000, 0.49)],
      slotRounds: [slot('pglite', 400), slot('pglite', 10, true), slot('postgres', 700)],
      agentTeam: team('postgres', 300, 0, 1),
    });
    assert.deepEqual(
      rows.map((r) => [r.figure, r.value, r.met]),
      [
        ['ledger transfers ÷ empty transactions (pglite)', 0.5, true],
        ['ledger transfers ÷ empty transactions (postgres)', 0.49, false],
        ['slot rounds ÷ ledger transfers (pglite)', 0.4, true],
        ['slot rounds ÷ ledger transfers (postgres)', 0.35, false],
        ['agent team overview, 7 days, p95 (postgres; 0 cut off)', 300, true],
        ['agent team betting, 7 days, page 1, p95 (postgres; 0 cut off)', 200, true],
        ['ledger-write p99 while the rollup runs ÷ alone (postgres)', 1, true],
      ],
    );
  });

  it('fails a report cut off by the gateway, a PostgreSQL p95 over 300 ms (PGlite may take 1 s), and writes slowed by the rollup', () => {
    const pg = throughputRows({ ledger: [], slotRounds: [], agentTeam: team('postgres', 301, 0, 1.2) });
    assert.deepEqual(
      pg.map((r) => r.met),
      [false, true, false],
    );
    const lite = throughputRows({ ledger: [], slotRounds: [], agentTeam: team('pglite', 900, 1, 1) });
    assert.deepEqual(
      lite.map((r) => r.met),
      [false, true, true],
    );
    assert.equal(throughputRows({ ledger: [], slotRounds: [], agentTeam: team('pglite', 900, 0, 1) })[0]!.met, true);
  });
});
