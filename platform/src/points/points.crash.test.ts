import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertBareMembers } from '../test-support/bare-members.ts';
import { killThenRace, runSettler, useSeededPostgresSchema } from '../test-support/settler-process.ts';
import { ledgerTotal, ledgerViolations, NO_VIOLATIONS } from '../wallet/ledger-invariants.ts';
import { changePoints, pointsBalance } from './points.queries.ts';
import type { TPointsCrashChildArgs } from './points-crash.child.ts';

/**
 * docs/0113: points converted to cash find their effect exactly once across a SIGKILL in the middle
 * of the conversions and two processes racing through the same keys on one PostgreSQL database:
 * per member one conversion row, one points record row, one ledger transfer of the cash at the
 * ratio, the points balance down by the points once; the ledger's invariants hold and its total is
 * conserved. PostgreSQL only (PGlite is one process).
 */
const MEMBERS = 8;
const KILL_AFTER = 3;
const POINTS = 1_000;
const START = 2_500;
const CHILD = fileURLToPath(new URL('./points-crash.child.ts', import.meta.url));

const pg = useSeededPostgresSchema();

describe.skipIf(!pg.url)('points conversion across SIGKILL and two processes (PostgreSQL)', () => {
  it(`${MEMBERS} members: killed after ${KILL_AFTER} conversions, then two runs race; each conversion once`, async () => {
    const { db } = pg.database;
    const { merchant, ids } = await insertBareMembers(db, MEMBERS, 'ptcrash');
    for (const memberId of ids)
      await db.transaction().execute((trx) => changePoints(trx, { merchantId: merchant.id, memberId, type: 'refund', points: START, reference: 'TEST' }));
    const totalBefore = await ledgerTotal(db);
    const run = (killAfter = Infinity) =>
      runSettler(CHILD, { databaseUrl: pg.url!, schema: pg.schema, memberIds: ids, points: POINTS } satisfies TPointsCrashChildArgs, killAfter);

    await killThenRace(run, KILL_AFTER);

    const mine = sql`member_id in (${sql.join(ids)})`;
    const conversions = await sql<{ member_id: number; n: string; minor: string }>`
      select member_id, count(*) as n, sum(amount_minor) as minor from points_conversions where ${mine} group by member_id`.execute(db);
    const entries = await sql<{ member_id: number; n: string }>`
      select member_id, count(*) as n from points_entries where type = 'convert' and ${mine} group by member_id`.execute(db);
    const transfers = await sql<{ member_id: number; n: string; minor: string }>`
      select a.member_id, count(*) as n, sum(e.amount_minor) as minor from ledger_entries e
      join ledger_accounts a on a.id = e.account_id join ledger_transactions t on t.id = e.transaction_id
      where t.kind = 'points_convert' and a.member_id in (${sql.join(ids)}) group by a.member_id`.execute(db);
    const by = <T extends { member_id: number }>(rows: T[]) => new Map(rows.map((r) => [Number(r.member_id), r]));
    const [conversionOf, entryOf, transferOf] = [by(conversions.rows), by(entries.rows), by(transfers.rows)];
    // Demo seed: 100 points = ৳1, so 1,000 points pay 1,000 minor units.
    for (const memberId of ids) {
      expect({ n: Number(conversionOf.get(memberId)?.n), minor: Number(conversionOf.get(memberId)?.minor) }, `member ${memberId}`).toEqual({
        n: 1,
        minor: POINTS,
      });
      expect(Number(entryOf.get(memberId)?.n), `member ${memberId}`).toBe(1);
      expect({ n: Number(transferOf.get(memberId)?.n), minor: Number(transferOf.get(memberId)?.minor) }, `member ${memberId}`).toEqual({ n: 1, minor: POINTS });
      expect(await pointsBalance(db, memberId), `member ${memberId}`).toBe(START - POINTS);
    }
    expect(await ledgerViolations(db)).toEqual(NO_VIOLATIONS);
    expect(await ledgerTotal(db)).toBe(totalBefore);
  });
});
