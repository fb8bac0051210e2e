import { sql, type Kysely, type Transaction } from 'kysely';
import { contractEarning, periodAt, REALTIME_WINDOW_SECONDS, ZContractTerms, type TContractKind, type TContractTerms, type TPeriodFigures } from '@wl/schemas';
import type { DB } from '../../db/schema.ts';
import { platformEnv } from '../../env.ts';
import { accountFor, inTransaction, transfer } from '../../wallet/ledger.service.ts';

/**
 * Salary and dividend settlement (issue 10 item 4, docs/0049). Each paid contract has a cursor
 * (`settled_until`): every period that ends at or before it is settled. One step settles the next
 * period that closed, in one transaction under the contract row's lock: the team's figures of the
 * period (clipped to when the contract was in force), the tier they reach, the payment from the
 * house's bonus expense account to the holder's main wallet through the ledger (key
 * `salary:<contract>:<period start>`, owner system), its settlement row, and the cursor moved. A
 * second settler waits on the lock and then finds the cursor moved; a settler killed mid-step rolls
 * back whole. So any number of jobs, processes and restarts pay each (contract, period) once.
 */

/** The stored terms, read back through the wire schema (jsonb comes back parsed or as text depending on the driver). */
export function parseTerms(raw: unknown): TContractTerms {
  return ZContractTerms.parse(typeof raw === 'string' ? JSON.parse(raw) : raw) as TContractTerms;
}

/** A bet written just before a window's close may commit a moment after it: periods settle this long after they close. */
export const SETTLEMENT_GRACE_MS = 5_000;

/** The real-time salary window: SPEC §9's 5 minutes, or REALTIME_SALARY_WINDOW_SECONDS (journeys: a short one, docs/0049). */
export function realtimeWindowSeconds(): number {
  return platformEnv.realtimeSalaryWindowSeconds ?? REALTIME_WINDOW_SECONDS;
}

export type TSettleOptions = {
  now: Date;
  windowSeconds?: number;
  graceMs?: number;
  /** Called after each paid period committed (the crash test counts them). */
  onPaid?: (settlementId: number) => void;
};

const BET_KINDS = ['bet', 'rollback', 'win'];

/** The entries of the holder's team (the holder itself and every downline, any depth) in [from, to). */
function teamBetEntries(db: Kysely<DB> | Transaction<DB>, merchantId: number, holderId: number, from: Date, to: Date) {
  return db
    .selectFrom('member_tree as t')
    .innerJoin('ledger_accounts as a', 'a.member_id', 't.descendant_id')
    .innerJoin('ledger_entries as e', 'e.account_id', 'a.id')
    .innerJoin('ledger_transactions as x', 'x.id', 'e.transaction_id')
    .where('t.ancestor_id', '=', holderId)
    .where('a.merchant_id', '=', merchantId)
    .where('a.kind', '=', 'member_wallet')
    .where('a.code', '=', '')
    .where('x.kind', 'in', BET_KINDS)
    .where('e.created_at', '>=', from)
    .where('e.created_at', '<', to);
}

const figureColumns = (minSingle: number) => [
  sql<string>`coalesce(sum(-e.amount_minor) filter (where x.kind in ('bet', 'rollback')), 0)`.as('valid_bet'),
  sql<string>`coalesce(sum(e.amount_minor) filter (where x.kind = 'win'), 0)`.as('payout'),
  sql<string>`count(distinct a.member_id) filter (where x.kind = 'bet')`.as('active'),
  sql<string>`coalesce(sum(-e.amount_minor) filter (where x.kind = 'bet' and -e.amount_minor >= ${sql.lit(minSingle)}), 0) - coalesce(sum(e.amount_minor) filter (where x.kind = 'rollback' and e.amount_minor >= ${sql.lit(minSingle)}), 0)`.as('qualifying'),
];
const toFigures = (r: { valid_bet: string | number; payout: string | number; active: string | number; qualifying: string | number } | undefined): TPeriodFigures => ({
  validBetMinor: Number(r?.valid_bet ?? 0),
  payoutMinor: Number(r?.payout ?? 0),
  activeMembers: Number(r?.active ?? 0),
  qualifyingBetMinor: Number(r?.qualifying ?? 0),
});

/** What the holder's team did in [from, to): valid bet, payout, active members, and single bets of at least `minSingle` (real-time). */
export async function teamFigures(db: Kysely<DB> | Transaction<DB>, merchantId: number, holderId: number, from: Date, to: Date, minSingle: number): Promise<TPeriodFigures> {
  return toFigures(await teamBetEntries(db, merchantId, holderId, from, to).select(figureColumns(minSingle)).executeTakeFirst());
}

type TStep = { kind: 'idle' } | { kind: 'moved' } | { kind: 'paid'; settlementIds: number[] };

/** Periods settled at most in one step (one transaction) of a fixed-length kind. */
const BATCH = 200;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * Settles the next closed periods of one contract — up to BATCH windows, hours or days with bets in
 * one grouped query, or one dividend period — and moves its cursor past them (over a stretch with
 * no bets at all in one query). Answers what it did; 'idle' when nothing is due.
 */
export async function settleNextPeriod(db: Kysely<DB> | Transaction<DB>, contractId: number, opts: TSettleOptions): Promise<TStep> {
  const windowSeconds = opts.windowSeconds ?? realtimeWindowSeconds();
  const cutoff = opts.now.getTime() - (opts.graceMs ?? SETTLEMENT_GRACE_MS);
  // Inside a caller's transaction (the seed) the step is part of it; otherwise one transaction per step.
  const run = <T>(work: (trx: Transaction<DB>) => Promise<T>) => (db.isTransaction ? work(db as Transaction<DB>) : inTransaction(db as Kysely<DB>, work));
  return run(async (trx): Promise<TStep> => {
    const c = await trx
      .selectFrom('agent_contracts as c')
      .innerJoin('merchants as m', 'm.id', 'c.merchant_id')
      .select(['c.id', 'c.kind', 'c.terms', 'c.member_id', 'c.merchant_id', 'c.accepted_at', 'c.ended_at', 'c.settled_until', 'm.tz_offset_minutes', 'm.currency'])
      .where('c.id', '=', contractId)
      .forUpdate('c')
      .executeTakeFirst();
    if (!c || c.accepted_at === null || c.settled_until === null) return { kind: 'idle' };
    const terms: TContractTerms = parseTerms(c.terms);
    const period = (at: number) => periodAt(c.kind as TContractKind, terms.kind === 'dividend' ? terms.period : null, at, c.tz_offset_minutes, windowSeconds);
    const cursor = new Date(c.settled_until).getTime();
    const endedAt = c.ended_at === null ? Infinity : new Date(c.ended_at).getTime();
    // Every period that ended by the cutoff may be settled; none past the contract's end.
    const limit = period(cutoff).start;
    if (cursor >= limit || cursor >= endedAt) return { kind: 'idle' };
    const scanTo = Math.min(limit, endedAt);
    const minSingle = terms.kind === 'realtime' ? terms.minSingleBetMinor : 0;
    const merchant = { id: c.merchant_id, currency: c.currency };
    let accounts: { from: number; to: number } | undefined;
    const paidIds: number[] = [];
    /** Pays one period's earning (if any) and records it. */
    const pay = async (p: { start: number; end: number }, figures: TPeriodFigures) => {
      const earning = contractEarning(terms, figures);
      if (earning.amountMinor <= 0) return;
      accounts ??= { from: await accountFor(trx, merchant, 'bonus_expense'), to: await accountFor(trx, merchant, 'member_wallet', { memberId: c.member_id }) };
      const periodStart = new Date(p.start).toISOString();
      const moved = await transfer(trx, {
        ...accounts,
        amountMinor: earning.amountMinor,
        owner: { kind: 'system', id: 0 },
        idempotencyKey: `salary:${c.id}:${periodStart}`,
        kind: terms.kind === 'dividend' ? 'dividend' : 'salary',
        meta: { contractId: Number(c.id), contractKind: terms.kind, periodStart },
      });
      const row = await trx
        .insertInto('agent_contract_settlements')
        .values({
          merchant_id: c.merchant_id,
          contract_id: Number(c.id),
          member_id: c.member_id,
          kind: terms.kind,
          period_start: new Date(p.start),
          period_end: new Date(p.end),
          valid_bet_minor: figures.validBetMinor,
          payout_minor: figures.payoutMinor,
          active_members: figures.activeMembers,
          base_minor: earning.baseMinor,
          rate_bp: earning.rateBp,
          amount_minor: earning.amountMinor,
          transaction_id: moved.transactionId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      paidIds.push(Number(row.id));
    };
    const moveCursor = (to: number) => trx.updateTable('agent_contracts').set({ settled_until: new Date(to) }).where('id', '=', c.id).execute();
    const done = (): TStep => (paidIds.length > 0 ? { kind: 'paid', settlementIds: paidIds } : { kind: 'moved' });

    if (terms.kind !== 'dividend') {
      // Fixed-length periods (windows, hours, days): up to BATCH periods with bets in one grouped
      // query and one transaction; a quiet stretch costs nothing.
      const len = terms.kind === 'realtime' ? windowSeconds * 1000 : terms.kind === 'hourly' ? HOUR_MS : DAY_MS;
      const off = terms.kind === 'realtime' ? 0 : c.tz_offset_minutes * 60_000;
      const buckets = await teamBetEntries(trx, c.merchant_id, c.member_id, new Date(cursor), new Date(scanTo))
        .select([sql<string>`floor((extract(epoch from e.created_at) * 1000 + ${sql.lit(off)}) / ${sql.lit(len)})`.as('b'), ...figureColumns(minSingle)])
        .groupBy(sql`1`)
        .orderBy(sql`1`)
        .limit(BATCH)
        .execute();
      for (const r of buckets) {
        const start = Number(r.b) * len - off;
        await pay({ start, end: start + len }, toFigures(r));
      }
      const last = buckets.at(-1);
      await moveCursor(buckets.length < BATCH || !last ? limit : Number(last.b) * len - off + len);
      return done();
    }
    // Dividends (weeks, half months, months): the period of the first bet after the cursor.
    const first = await teamBetEntries(trx, c.merchant_id, c.member_id, new Date(cursor), new Date(scanTo)).select(sql<Date | null>`min(e.created_at)`.as('at')).executeTakeFirst();
    if (!first?.at) {
      await moveCursor(limit);
      return done();
    }
    const p = period(new Date(first.at).getTime());
    await pay(p, await teamFigures(trx, c.merchant_id, c.member_id, new Date(Math.max(p.start, cursor)), new Date(Math.min(p.end, endedAt)), minSingle));
    await moveCursor(p.end);
    return done();
  });
}

/** Contracts that are or were paid and may have a closed period left (cursor before now and before their end). */
export async function dueContractIds(db: Kysely<DB> | Transaction<DB>, now: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('agent_contracts')
    .select('id')
    .where('accepted_at', 'is not', null)
    .where('settled_until', '<', now)
    .where((eb) => eb.or([eb('ended_at', 'is', null), eb('settled_until', '<', eb.ref('ended_at'))]))
    .orderBy('id')
    .execute();
  return rows.map((r) => Number(r.id));
}

/** Settles every closed period of every contract (the body of the salary job). Answers the number of periods paid. */
export async function settleDueContracts(db: Kysely<DB> | Transaction<DB>, opts: TSettleOptions): Promise<number> {
  let paid = 0;
  for (const id of await dueContractIds(db, opts.now)) {
    for (;;) {
      const step = await settleNextPeriod(db, id, opts);
      if (step.kind === 'idle') break;
      if (step.kind === 'paid') {
        paid += step.settlementIds.length;
        for (const id of step.settlementIds) opts.onPaid?.(id);
      }
    }
  }
  return paid;
}
