import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { TPromotionTermsOf } from '@wl/schemas';
import { insertBareMembers } from '../test-support/bare-members.ts';
import { insertSettledRounds } from '../test-support/rewards.ts';
import { killThenRace, runSettler, useSeededPostgresSchema } from '../test-support/settler-process.ts';
import { ledgerTotal, ledgerViolations, NO_VIOLATIONS } from '../wallet/ledger-invariants.ts';
import type { TCashbackCrashChildArgs } from './cashback-crash.child.ts';
import { lastClosedPeriod } from './cashback.job.ts';

/**
 * docs/0096: the daily cashback run finds each payment exactly once across a SIGKILL in the middle
 * of it and two runs racing on one PostgreSQL database: every member of the closed period has one
 * row, paid once with one ledger transaction of its amount; the ledger's invariants hold and its
 * total is conserved. PostgreSQL only (PGlite is one process).
 */
const MEMBERS = 30;
const KILL_AFTER = 10;
const NOW = new Date();
const CHILD = fileURLToPath(new URL('./cashback-crash.child.ts', import.meta.url));

const pg = useSeededPostgresSchema();

const run = (killAfter = Infinity) => {
  const args: TCashbackCrashChildArgs = { databaseUrl: pg.url!, schema: pg.schema, nowIso: NOW.toISOString() };
  return runSettler(CHILD, args, killAfter);
};

describe.skipIf(!pg.url)('the cashback run across SIGKILL and two processes (PostgreSQL)', () => {
  it(`${MEMBERS} members: killed after ${KILL_AFTER} payments, then two runs race; every payment once`, async () => {
    const { db } = pg.database;
    const promotion = await db.selectFrom('promotions').select(['id', 'starts_at', 'terms']).where('kind', '=', 'cashback').executeTakeFirstOrThrow();
    const period = lastClosedPeriod(new Date(promotion.starts_at), (promotion.terms as TPromotionTermsOf<'cashback'>).periodDays, NOW)!;
    const { ids } = await insertBareMembers(db, MEMBERS, 'cbcrash');
    // Net losses of ৳2,000 to ৳4,900: cashback ৳100 to ৳245, every one paid by itself.
    for (const [i, memberId] of ids.entries()) {
      await insertSettledRounds(db, memberId, 'RNG', [{ stake: 200_000 + i * 10_000, payout: 0 }], new Date(period.start.getTime() + 3_600_000));
    }
    const totalBefore = await ledgerTotal(db);

    await killThenRace(run, KILL_AFTER);

    const rows = await db.selectFrom('cashback_payouts').selectAll().where('member_id', 'in', ids).orderBy('member_id').execute();
    expect(rows.map((r) => [r.member_id, r.state, Number(r.amount_minor)])).toEqual(ids.map((id, i) => [id, 'paid', (200_000 + i * 10_000) / 20]));
    const moves = await sql<{ key: string; n: string }>`
      select t.idempotency_key as key, count(*) as n from ledger_transactions t where t.kind = 'cashback' and t.owner_id in (${sql.join(ids)}) group by t.idempotency_key`.execute(
      db,
    );
    expect(moves.rows).toHaveLength(MEMBERS);
    expect(moves.rows.every((m) => Number(m.n) === 1)).toBe(true);
    expect(await ledgerViolations(db)).toEqual(NO_VIOLATIONS);
    expect(await ledgerTotal(db)).toBe(totalBefore);
  });
});
