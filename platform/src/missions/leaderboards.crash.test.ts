import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertBareMembers } from '../test-support/bare-members.ts';
import { insertSettledRounds } from '../test-support/rewards.ts';
import { killThenRace, runSettler, useSeededPostgresSchema } from '../test-support/settler-process.ts';
import { ledgerTotal, ledgerViolations, NO_VIOLATIONS } from '../wallet/ledger-invariants.ts';
import type { TLeaderboardCrashChildArgs } from './leaderboards-crash.child.ts';

/**
 * docs/0119: a leaderboard's prizes are paid exactly once across a SIGKILL in the middle of the
 * job's run and two processes racing through the same periods on one PostgreSQL database: per board
 * one run row, one payout row and one ledger transfer per prize, each winner paid once; the
 * ledger's invariants hold and its total is conserved. PostgreSQL only (PGlite is one process).
 */
const BOARDS = 6;
const KILL_AFTER = 3;
const PRIZES = [5_000, 2_000];
const CHILD = fileURLToPath(new URL('./leaderboards-crash.child.ts', import.meta.url));
const DAY = 86_400_000;

const pg = useSeededPostgresSchema();

describe.skipIf(!pg.url)('leaderboard prizes across SIGKILL and two processes (PostgreSQL)', () => {
  it(`${BOARDS} boards: killed after ${KILL_AFTER}, then two runs race; each prize once`, async () => {
    const { db } = pg.database;
    const { merchant, ids } = await insertBareMembers(db, 3, 'lbcrash');
    const yesterday = new Date(Date.now() - DAY);
    // Far above any seeded play: these three are the day's first three.
    for (const [i, id] of ids.entries()) await insertSettledRounds(db, id, 'RNG', [{ stake: 90_000_000 - i * 1_000_000, payout: 0 }], yesterday);
    const operator = await db.selectFrom('operators').select('id').executeTakeFirstOrThrow();
    const boards = await db
      .insertInto('leaderboards')
      .values(
        Array.from({ length: BOARDS }, (_, i) => ({
          merchant_id: merchant.id,
          name_en: `Crash ${i}`,
          name_bn: `ক্র্যাশ ${i}`,
          metric: 'turnover' as const,
          period: 'daily' as const,
          active: true,
          created_by: operator.id,
          created_at: yesterday,
        })),
      )
      .returning('id')
      .execute();
    await db
      .insertInto('leaderboard_prizes')
      .values(boards.flatMap((b) => PRIZES.map((amount_minor, i) => ({ leaderboard_id: b.id, rank: i + 1, amount_minor }))))
      .execute();
    const totalBefore = await ledgerTotal(db);

    await killThenRace(
      (killAfter = Infinity) => runSettler(CHILD, { databaseUrl: pg.url!, schema: pg.schema } satisfies TLeaderboardCrashChildArgs, killAfter),
      KILL_AFTER,
    );

    const boardIds = boards.map((b) => b.id);
    const payouts = await db
      .selectFrom('leaderboard_payouts')
      .select(['leaderboard_id', 'member_id', 'rank', 'amount_minor'])
      .where('leaderboard_id', 'in', boardIds)
      .execute();
    expect(payouts).toHaveLength(BOARDS * PRIZES.length);
    for (const b of boardIds)
      expect(
        payouts
          .filter((p) => p.leaderboard_id === b)
          .sort((x, y) => x.rank - y.rank)
          .map((p) => [p.member_id, Number(p.amount_minor)]),
        `board ${b}`,
      ).toEqual([
        [ids[0], PRIZES[0]],
        [ids[1], PRIZES[1]],
      ]);
    const runs = await db.selectFrom('leaderboard_runs').select('leaderboard_id').where('leaderboard_id', 'in', boardIds).execute();
    expect(runs).toHaveLength(BOARDS);
    const transfers = await sql<{ member_id: number; n: string; minor: string }>`
      select a.member_id, count(*) as n, sum(e.amount_minor) as minor from ledger_entries e
      join ledger_accounts a on a.id = e.account_id join ledger_transactions t on t.id = e.transaction_id
      where t.kind = 'leaderboard_prize' and a.member_id in (${sql.join(ids)}) group by a.member_id order by a.member_id`.execute(db);
    expect(transfers.rows.map((r) => [Number(r.member_id), Number(r.n), Number(r.minor)])).toEqual([
      [ids[0], BOARDS, BOARDS * PRIZES[0]!],
      [ids[1], BOARDS, BOARDS * PRIZES[1]!],
    ]);
    expect(await ledgerViolations(db)).toEqual(NO_VIOLATIONS);
    expect(await ledgerTotal(db)).toBe(totalBefore);
  });
});
