import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertBareMembers } from '../test-support/bare-members.ts';
import { insertApprovedDeposit, insertSettledRounds } from '../test-support/rewards.ts';
import { killThenRace, runSettler, useSeededPostgresSchema } from '../test-support/settler-process.ts';
import { ledgerTotal, ledgerViolations, NO_VIOLATIONS } from '../wallet/ledger-invariants.ts';
import type { TRewardsCrashChildArgs } from './rewards-crash.child.ts';

/**
 * docs/0091: the daily rewards run (VIP review, then automatic rebates) finds each effect exactly
 * once across a SIGKILL in the middle of it and two runs racing on one PostgreSQL database. Three
 * kinds of member: one whose figures reach level 2 (two upgrade bonuses), one held at level 2 whose
 * figures reach nothing (down one level, once), one with bets that won (a small valid turnover).
 * Every rebate is what the member's level pays on its bets, paid once; every bet rebated once; the
 * ledger's invariants hold and its total is conserved. PostgreSQL only (PGlite is one process).
 */
const MEMBERS = 30;
const KILL_AFTER = 25;
const NOW = new Date();
const DAY_BEFORE = new Date(NOW.getTime() - 86_400_000);
const CHILD = fileURLToPath(new URL('./rewards-crash.child.ts', import.meta.url));

const pg = useSeededPostgresSchema();

const run = (killAfter = Infinity) => {
  const args: TRewardsCrashChildArgs = { databaseUrl: pg.url!, schema: pg.schema, nowIso: NOW.toISOString() };
  return runSettler(CHILD, args, killAfter);
};

/** What each kind of member bets, its level after the run, its upgrade bonuses and its rebate (rates of the demo seed). */
const KINDS = [
  {
    rounds: { type: 'RNG', bets: Array.from({ length: 5 }, () => ({ stake: 500_000, payout: 0 })) },
    deposit: 500_000,
    startLevel: 0,
    level: 2,
    bonuses: 2,
    rebate: 17_500,
    bonusMinor: 25_000,
  },
  {
    rounds: { type: 'LIVE', bets: Array.from({ length: 3 }, () => ({ stake: 10_000, payout: 0 })) },
    deposit: 0,
    startLevel: 2,
    level: 1,
    bonuses: 0,
    rebate: 150,
    bonusMinor: 0,
  },
  {
    rounds: { type: 'RNG', bets: Array.from({ length: 2 }, () => ({ stake: 20_000, payout: 30_000 })) },
    deposit: 0,
    startLevel: 0,
    level: 0,
    bonuses: 0,
    rebate: 100,
    bonusMinor: 0,
  },
] as const;

describe.skipIf(!pg.url)('the daily rewards run across SIGKILL and two processes (PostgreSQL)', () => {
  it(`${MEMBERS} members: killed after ${KILL_AFTER} effects, then two runs race; every review, bonus and rebate once`, async () => {
    const { db } = pg.database;
    const { merchant, ids } = await insertBareMembers(db, MEMBERS, 'rwcrash');
    await db.updateTable('rewards_settings').set({ rebate_payout: 'automatic' }).where('merchant_id', '=', merchant.id).execute();
    let bets = 0;
    for (const [i, memberId] of ids.entries()) {
      const kind = KINDS[i % KINDS.length]!;
      await insertSettledRounds(db, memberId, kind.rounds.type, kind.rounds.bets, DAY_BEFORE);
      bets += kind.rounds.bets.length;
      if (kind.deposit > 0) await insertApprovedDeposit(db, memberId, kind.deposit, DAY_BEFORE);
      await db.updateTable('members').set({ vip_rank: kind.startLevel }).where('id', '=', memberId).execute();
    }
    // Members outside this test (the demo's) are reviewed too: only this test's members are counted.
    const totalBefore = await ledgerTotal(db);

    await killThenRace(run, KILL_AFTER);

    const mine = (table: string) => sql`${sql.table(table)}.member_id in (${sql.join(ids)})`;
    const claims = await sql<{ member_id: number; n: string; minor: string }>`
      select member_id, count(*) as n, sum(amount_minor) as minor from rebate_claims where ${mine('rebate_claims')} group by member_id`.execute(db);
    const upgrades = await sql<{ member_id: number; n: string }>`
      select member_id, count(*) as n from vip_upgrade_bonuses where ${mine('vip_upgrade_bonuses')} group by member_id`.execute(db);
    const reviews = await sql<{ member_id: number; n: string }>`
      select member_id, count(*) as n from vip_reviews where ${mine('vip_reviews')} group by member_id`.execute(db);
    const paidBonus = await sql<{ member_id: number; n: string; minor: string }>`
      select a.member_id, count(*) as n, sum(e.amount_minor) as minor from ledger_entries e
      join ledger_accounts a on a.id = e.account_id join ledger_transactions t on t.id = e.transaction_id
      where t.kind = 'vip_upgrade_bonus' and ${mine('a')} group by a.member_id`.execute(db);
    const levels = await db.selectFrom('members').select(['id', 'vip_rank']).where('id', 'in', ids).execute();
    const by = <T extends { member_id: number }>(rows: T[]) => new Map(rows.map((r) => [r.member_id, r]));
    const [claimOf, upgradeOf, reviewOf, bonusOf] = [by(claims.rows), by(upgrades.rows), by(reviews.rows), by(paidBonus.rows)];
    for (const [i, memberId] of ids.entries()) {
      const kind = KINDS[i % KINDS.length]!;
      expect({ claims: Number(claimOf.get(memberId)?.n), rebate: Number(claimOf.get(memberId)?.minor) }, `member ${i}`).toEqual({
        claims: 1,
        rebate: kind.rebate,
      });
      expect(Number(upgradeOf.get(memberId)?.n ?? 0), `member ${i}`).toBe(kind.bonuses);
      expect({ n: Number(bonusOf.get(memberId)?.n ?? 0), minor: Number(bonusOf.get(memberId)?.minor ?? 0) }, `member ${i}`).toEqual({
        n: kind.bonuses,
        minor: kind.bonusMinor,
      });
      expect(Number(reviewOf.get(memberId)?.n ?? 0), `member ${i}`).toBe(kind.startLevel > kind.level ? 1 : 0);
      expect(levels.find((l) => l.id === memberId)?.vip_rank, `member ${i}`).toBe(kind.level);
    }
    const rebated = await sql<{ n: string }>`
      select count(*) as n from rebated_settlements r join seamless_transactions w on w.id = r.win_id where w.member_id in (${sql.join(ids)})`.execute(db);
    expect(Number(rebated.rows[0]!.n)).toBe(bets);
    expect(await ledgerViolations(db)).toEqual(NO_VIOLATIONS);
    expect(await ledgerTotal(db)).toBe(totalBefore);
  });
});
