import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { contractEarning, periodAt, type TContractTerms } from '@wl/schemas';
import { insertBareMembers } from '../../test-support/bare-members.ts';
import { seededRandom } from '../../test-support/seeded-random.ts';
import { runSettler, useSeededPostgresSchema } from '../../test-support/settler-process.ts';
import { ledgerTotal, ledgerViolations, NO_VIOLATIONS } from '../../wallet/ledger-invariants.ts';
import { accountFor, houseAccountId, transfer } from '../../wallet/ledger.service.ts';
import type { TSalaryCrashChildArgs } from './salary-crash.child.ts';

/**
 * docs/0049 "Done when": salaries settle exactly once per (contract, period) across a SIGKILL in the
 * middle of settlement and with two processes on one PostgreSQL database (docs/0049, as the
 * lottery's docs/0041). Members with real-time, hourly and daily contracts bet through the ledger
 * over two past days; a settler process is killed after a seeded number of paid periods, then two
 * settlers start together on what it left. Afterwards each contract's settlements are exactly the
 * periods its bets earn (computed here from the bets alone), each with one ledger transaction, and
 * the ledger's invariants hold. PostgreSQL only (PGlite is one process); SALARY_CRASH_SEED replays a failure.
 */
const SEED = Number(process.env.SALARY_CRASH_SEED ?? 20261126);
const MEMBERS = 4;
/** SALARY_CRASH_BETS sizes it (default 60, ~10 s). */
const BETS = Number(process.env.SALARY_CRASH_BETS ?? 60);
const TZ = 360;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const CHILD = fileURLToPath(new URL('./salary-crash.child.ts', import.meta.url));

const pg = useSeededPostgresSchema();

const settler = (now: Date, killAfter = Infinity) =>
  runSettler(CHILD, { databaseUrl: pg.url!, schema: pg.schema, now: now.toISOString() } satisfies TSalaryCrashChildArgs, killAfter);

describe.skipIf(!pg.url)('salary settlement across SIGKILL and two processes (PostgreSQL)', () => {
  it(`${BETS} bets of ${MEMBERS} contract holders: killed mid-settlement, then two settlers race; every period paid exactly once`, async () => {
    const { db } = pg.database;
    const rand = seededRandom(SEED);
    const { merchant, ids } = await insertBareMembers(db, MEMBERS, 'salcrash');
    const house = (await houseAccountId(db, merchant.id))!;
    const provider = await accountFor(db, merchant, 'provider', { code: 'WLG' });
    const t0 = periodAt('daily', null, Date.now() - 30 * DAY, TZ).start;
    const terms: TContractTerms[] = [
      { kind: 'realtime', profitRateBp: 25, lossRateBp: 45, minSingleBetMinor: 3_000 },
      {
        kind: 'hourly',
        tiers: [
          { minBetMinor: 0, rateBp: 7 },
          { minBetMinor: 30_000, rateBp: 13 },
        ],
      },
      {
        kind: 'daily',
        tiers: [
          { minBetMinor: 0, rateBp: 11 },
          { minBetMinor: 150_000, rateBp: 17 },
        ],
      },
    ];
    const contracts: { id: number; memberId: number; terms: TContractTerms }[] = [];
    for (const memberId of ids) {
      for (const tm of terms) {
        const row = await db
          .insertInto('agent_contracts')
          .values({
            merchant_id: merchant.id,
            kind: tm.kind,
            upline_id: null,
            member_id: memberId,
            terms: JSON.stringify(tm),
            state: 'accepted',
            accepted_at: new Date(t0),
            settled_until: new Date(t0),
            pays_own_bets: true,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        contracts.push({ id: Number(row.id), memberId, terms: tm });
      }
      await transfer(db, {
        from: house,
        to: await accountFor(db, merchant, 'member_wallet', { memberId }),
        amountMinor: 100_000_000,
        owner: { kind: 'system', id: 0 },
        idempotencyKey: `salcrash:${memberId}`,
        kind: 'seed_credit',
      });
    }
    // Bets (some with a win) over two days, dated in the past.
    const bets: { memberId: number; at: number; stake: number; win: number }[] = [];
    for (let i = 0; i < BETS; i++) {
      const memberId = ids[rand.int(0, MEMBERS - 1)]!;
      const at = t0 + rand.int(0, 2 * 24 * 12 - 1) * 300_000 + rand.int(0, 299) * 1_000;
      const stake = 100 * rand.int(1, 100);
      const win = rand.int(0, 2) === 0 ? 100 * rand.int(0, 250) : 0;
      bets.push({ memberId, at, stake, win });
      const wallet = await accountFor(db, merchant, 'member_wallet', { memberId });
      const owner = { kind: 'provider' as const, id: 1 };
      const txIds = [
        (await transfer(db, { from: wallet, to: provider, amountMinor: stake, owner, idempotencyKey: `salcrash-bet-${i}`, kind: 'bet' })).transactionId,
      ];
      if (win > 0)
        txIds.push(
          (await transfer(db, { from: provider, to: wallet, amountMinor: win, owner, idempotencyKey: `salcrash-win-${i}`, kind: 'win' })).transactionId,
        );
      await db
        .updateTable('ledger_transactions')
        .set({ created_at: new Date(at) })
        .where('id', 'in', txIds)
        .execute();
      await db
        .updateTable('ledger_entries')
        .set({ created_at: new Date(at) })
        .where('transaction_id', 'in', txIds)
        .execute();
    }
    // What each contract earns, from the bets alone (each holder is the root of its own chain and is
    // paid on its own bets: docs/0064).
    const expected = new Map<number, Map<number, number>>();
    for (const c of contracts) {
      const byPeriod = new Map<number, { validBetMinor: number; payoutMinor: number; members: Set<number>; qualifyingBetMinor: number }>();
      for (const b of bets.filter((x) => x.memberId === c.memberId)) {
        const p = periodAt(c.terms.kind, null, b.at, TZ, 300).start;
        const f = byPeriod.get(p) ?? { validBetMinor: 0, payoutMinor: 0, members: new Set<number>(), qualifyingBetMinor: 0 };
        f.validBetMinor += b.stake;
        f.payoutMinor += b.win;
        f.members.add(b.memberId);
        if (c.terms.kind === 'realtime' && b.stake >= c.terms.minSingleBetMinor) f.qualifyingBetMinor += b.stake;
        byPeriod.set(p, f);
      }
      const amounts = new Map<number, number>();
      for (const [p, f] of byPeriod) {
        const e = contractEarning(c.terms, { ...f, activeMembers: f.members.size });
        if (e.amountMinor > 0) amounts.set(p, e.amountMinor);
      }
      expected.set(c.id, amounts);
    }
    const expectedPeriods = [...expected.values()].reduce((s, m) => s + m.size, 0);
    const totalBefore = await ledgerTotal(db);
    const now = new Date(t0 + 3 * DAY + HOUR);

    const killed = await settler(now, rand.int(1, expectedPeriods - 1));
    expect(killed.finished).toBe(false);
    expect(killed.paid.length).toBeGreaterThan(0);
    const [a, b] = await Promise.all([settler(now), settler(now)]);
    expect(a.finished && b.finished).toBe(true);

    for (const c of contracts) {
      const rows = await db.selectFrom('agent_contract_settlements').select(['period_start', 'amount_minor']).where('contract_id', '=', c.id).execute();
      const got = new Map(rows.map((r) => [new Date(r.period_start).getTime(), Number(r.amount_minor)]));
      expect(got, `contract ${c.id} (${c.terms.kind})`).toEqual(expected.get(c.id));
    }
    const twice = await sql<{
      n: number;
    }>`select count(*)::int as n from (select idempotency_key from ledger_transactions where idempotency_key like 'salary:%' group by idempotency_key having count(*) > 1) d`.execute(
      db,
    );
    expect(twice.rows[0]!.n).toBe(0);
    const paidTotal = [...expected.values()].reduce((s, m) => s + [...m.values()].reduce((x, y) => x + y, 0), 0);
    const salaryTx = await sql<{
      n: number;
      s: string;
    }>`select count(*)::int as n, coalesce(sum(e.amount_minor), 0) as s from ledger_transactions x join ledger_entries e on e.transaction_id = x.id join ledger_accounts a on a.id = e.account_id where x.kind = 'salary' and a.member_id = any(${ids}) and a.kind = 'member_wallet'`.execute(
      db,
    );
    expect(salaryTx.rows[0]!.n).toBe(expectedPeriods);
    expect(Number(salaryTx.rows[0]!.s)).toBe(paidTotal);
    expect(await ledgerViolations(db)).toEqual(NO_VIOLATIONS);
    expect(await ledgerTotal(db)).toBe(totalBefore);
  }, 300_000);
});
