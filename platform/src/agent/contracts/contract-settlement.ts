import { sql, type Kysely, type Transaction } from 'kysely';
import {
  applyRate,
  contractEarning,
  periodAt,
  REALTIME_WINDOW_SECONDS,
  ZContractTerms,
  type TContractKind,
  type TContractTerms,
  type TPeriod,
  type TPeriodFigures,
} from '@wl/schemas';
import type { DB } from '../../db/schema.ts';
import { platformEnv } from '../../env.ts';
import { accountFor, inTransaction, transfer } from '../../wallet/ledger.service.ts';

/**
 * Salary and dividend settlement (docs/0049). Each paid contract has a cursor
 * (`settled_until`): every period that ends at or before it is settled. One step settles the next
 * period that closed, in one transaction under the contract row's lock: the contract's share of its
 * chain for the period (chainShare below, docs/0064), the payment from the
 * house's bonus expense account to the holder's main wallet through the ledger (key
 * `salary:<contract>:<period start>`, owner system), its settlement row, and the cursor moved. A
 * second settler waits on the lock and then finds the cursor moved; a settler killed mid-step rolls
 * back whole. So any number of jobs, processes and restarts pay each (contract, period) once.
 */

/**
 * Differential payment along a chain (docs/0064). Every contract of a kind hangs from an operator
 * contract (the root, upline_id null) through the contracts each holder offered its direct
 * downlines. For one period, each contract's **pot** is what it and everything below it may be paid
 * together: the root's pot is what the root alone would earn (its rate × its base); a downline's
 * claim is its own base at its own rate capped by its upline's effective rate (a real-time
 * downline's single bet amount is at least every upline's: it is never paid on a bet its upline's
 * contract does not pay on); when the claims of an upline's downlines together exceed the upline's
 * pot (a dividend, where one branch lost what another won), they are scaled down to it. A holder is
 * paid its pot less its downlines' pots. So the whole chain is paid at most the root's rate × the
 * root's base, whatever the depth or the terms. A holder's own bets count for its contract only when
 * the root's contract says so (`pays_own_bets`).
 */

/** The stored terms, read back through the wire schema (jsonb comes back parsed or as text depending on the driver). */
export function parseTerms(raw: unknown): TContractTerms {
  return ZContractTerms.parse(typeof raw === 'string' ? JSON.parse(raw) : raw) as TContractTerms;
}

/** A bet written just before a window's close may commit a moment after it: periods settle this long after they close. */
export const SETTLEMENT_GRACE_MS = 5_000;

/** The real-time salary window: docs/rules/agent.md#ag-12's 5 minutes, or REALTIME_SALARY_WINDOW_SECONDS (journeys: a short one, docs/0049). */
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

/** The entries of the holder's team (the holder itself and every downline, any depth) in [from, to): the periods with bets (what each pays is chainShare's). */
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

const toFigures = (
  r: { valid_bet: string | number; payout: string | number; active: string | number; qualifying: string | number } | undefined,
): TPeriodFigures => ({
  validBetMinor: Number(r?.valid_bet ?? 0),
  payoutMinor: Number(r?.payout ?? 0),
  activeMembers: Number(r?.active ?? 0),
  qualifyingBetMinor: Number(r?.qualifying ?? 0),
});

type TStep = { kind: 'idle' } | { kind: 'moved' } | { kind: 'paid'; settlementIds: number[] };

/** Periods settled at most in one step (one transaction) of a fixed-length kind. */
const BATCH = 200;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** A chain longer than this is a corrupt tree, not a contract: nothing is paid on it. */
const CHAIN_MAX = 200;

/** A contract of the chain's kind as the pot computation reads it (instants in ms; an open end is Infinity). */
type TChainRow = { id: number; memberId: number; uplineId: number | null; terms: TContractTerms; acceptedAt: number; endedAt: number; paysOwnBets: boolean };

/** What one contract of a chain is due for one period (docs/0064). */
export type TChainShare = { figures: TPeriodFigures; baseMinor: number; rateBp: number; amountMinor: number };

/**
 * The contracts of `kind` that may take part in `holderId`'s chain over [from, to): those held by
 * the holder or one of its uplines, and those any of them offered (the siblings along the chain and
 * the holder's own downlines' contracts).
 */
async function chainRows(trx: Transaction<DB>, merchantId: number, kind: TContractKind, holderId: number, from: number, to: number): Promise<TChainRow[]> {
  const ancestors = trx.selectFrom('member_tree').select('ancestor_id').where('descendant_id', '=', holderId);
  const rows = await trx
    .selectFrom('agent_contracts')
    .select(['id', 'member_id', 'upline_id', 'terms', 'accepted_at', 'ended_at', 'pays_own_bets'])
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', kind)
    .where('accepted_at', 'is not', null)
    .where('accepted_at', '<', new Date(to))
    .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>', new Date(from))]))
    .where((eb) => eb.or([eb('member_id', 'in', ancestors), eb('upline_id', 'in', ancestors)]))
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    memberId: r.member_id,
    uplineId: r.upline_id,
    terms: parseTerms(r.terms),
    acceptedAt: new Date(r.accepted_at!).getTime(),
    endedAt: r.ended_at === null ? Infinity : new Date(r.ended_at).getTime(),
    paysOwnBets: r.pays_own_bets,
  }));
}

type TNode = { row: TChainRow; from: number; to: number; minSingle: number };

/** Team figures of several contracts at once, each over its own interval, team depth and single bet amount. */
async function nodeFigures(trx: Transaction<DB>, merchantId: number, nodes: readonly TNode[], minDepth: number): Promise<TPeriodFigures[]> {
  const values = sql.join(
    nodes.map(
      (n, i) =>
        sql`(${sql.lit(i)}::int, ${n.row.memberId}::int, ${new Date(n.from).toISOString()}::timestamptz, ${new Date(n.to).toISOString()}::timestamptz, ${n.minSingle}::bigint)`,
    ),
  );
  const rows = await sql<{ idx: number; valid_bet: string; payout: string; active: string; qualifying: string }>`
    select n.idx,
      coalesce(sum(-e.amount_minor) filter (where x.kind in ('bet', 'rollback')), 0) as valid_bet,
      coalesce(sum(e.amount_minor) filter (where x.kind = 'win'), 0) as payout,
      count(distinct a.member_id) filter (where x.kind = 'bet') as active,
      coalesce(sum(-e.amount_minor) filter (where x.kind = 'bet' and -e.amount_minor >= n.min_single), 0)
        - coalesce(sum(e.amount_minor) filter (where x.kind = 'rollback' and e.amount_minor >= n.min_single), 0) as qualifying
    from (values ${values}) as n(idx, member_id, from_at, to_at, min_single)
    join member_tree t on t.ancestor_id = n.member_id and t.depth >= ${sql.lit(minDepth)}
    join ledger_accounts a on a.member_id = t.descendant_id
    join ledger_entries e on e.account_id = a.id
    join ledger_transactions x on x.id = e.transaction_id
    where a.merchant_id = ${merchantId} and a.kind = 'member_wallet' and a.code = ''
      and x.kind in ('bet', 'rollback', 'win')
      and e.created_at >= n.from_at and e.created_at < n.to_at
    group by n.idx`.execute(trx);
  const out: TPeriodFigures[] = nodes.map(() => toFigures(undefined));
  for (const r of rows.rows) out[Number(r.idx)] = toFigures(r);
  return out;
}

/** floor(a × b / c) in integers (c > 0). */
const mulDiv = (a: number, b: number, c: number) => Number((BigInt(a) * BigInt(b)) / BigInt(c));

/**
 * What contract `holderRowId` is due for period `p` (docs/0064): its pot less its downlines' pots,
 * computed from the chain's root down. `rows` are chainRows of the period. Null when the contract
 * is not part of a chain rooted in an operator contract for the period (nothing is due).
 */
export async function chainShare(
  trx: Transaction<DB>,
  merchantId: number,
  rows: readonly TChainRow[],
  holderRowId: number,
  p: TPeriod,
): Promise<TChainShare | null> {
  const clip = (r: TChainRow) => ({ from: Math.max(p.start, r.acceptedAt), to: Math.min(p.end, r.endedAt) });
  // A contract's upline contract: the upline's contract of the kind in force when this one's part of the period begins.
  const parentOf = (r: TChainRow): TChainRow | undefined => {
    const at = clip(r).from;
    return rows.find((q) => q.memberId === r.uplineId && q.acceptedAt <= at && at < q.endedAt);
  };
  const self = rows.find((r) => r.id === holderRowId);
  if (!self || clip(self).from >= clip(self).to) return null;
  const chain: TChainRow[] = [self];
  for (let x = self; x.uplineId !== null;) {
    const up = parentOf(x);
    if (!up || chain.length > CHAIN_MAX) return null;
    chain.unshift(up);
    x = up;
  }
  const root = chain[0]!;
  const childrenOf = (y: TChainRow) =>
    rows.filter((c) => {
      if (c.uplineId !== y.memberId || c.id === y.id) return false;
      const { from, to } = clip(c);
      return from < to && parentOf(c)?.id === y.id;
    });
  const minSingleOf = (r: TChainRow) => (r.terms.kind === 'realtime' ? r.terms.minSingleBetMinor : 0);
  // The nodes whose figures the share needs: the chain, each chain member's downline contracts, and this one's.
  const nodes: TNode[] = [{ row: root, ...clip(root), minSingle: minSingleOf(root) }];
  const index = new Map<number, number>([[root.id, 0]]);
  const kidsOf = new Map<number, number[]>();
  for (const y of chain) {
    const parent = nodes[index.get(y.id)!]!;
    const kids: number[] = [];
    for (const c of childrenOf(y)) {
      if (!index.has(c.id)) {
        index.set(c.id, nodes.length);
        nodes.push({ row: c, ...clip(c), minSingle: Math.max(minSingleOf(c), parent.minSingle) });
      }
      kids.push(index.get(c.id)!);
    }
    kidsOf.set(y.id, kids);
  }
  const figures = await nodeFigures(trx, merchantId, nodes, root.paysOwnBets ? 0 : 1);
  const earning = nodes.map((n, i) => contractEarning(n.row.terms, figures[i]!));
  const rate = nodes.map((_, i) => earning[i]!.rateBp);
  const pot = nodes.map(() => 0);
  rate[0] = earning[0]!.rateBp;
  pot[0] = earning[0]!.amountMinor;
  // From the root down: each downline's claim at its rate capped by its upline's, scaled to the upline's pot.
  for (const y of chain) {
    const u = index.get(y.id)!;
    const kids = kidsOf.get(y.id) ?? [];
    const claims = kids.map((k) => {
      rate[k] = Math.min(earning[k]!.rateBp, rate[u]!);
      return applyRate(earning[k]!.baseMinor, rate[k]!);
    });
    const total = claims.reduce((a, b) => a + b, 0);
    kids.forEach((k, i) => (pot[k] = total <= pot[u]! ? claims[i]! : mulDiv(claims[i]!, pot[u]!, total)));
  }
  const me = index.get(self.id)!;
  const passedDown = (kidsOf.get(self.id) ?? []).reduce((s, k) => s + pot[k]!, 0);
  return { figures: figures[me]!, baseMinor: earning[me]!.baseMinor, rateBp: rate[me]!, amountMinor: Math.max(0, pot[me]! - passedDown) };
}

/**
 * Settles the next closed periods of one contract — up to BATCH windows, hours or days with bets in
 * one grouped query, or one dividend period — and moves its cursor past them (over a stretch with
 * no bets at all in one query). Answers what it did; 'idle' when nothing is due. What a period pays
 * is the contract's share of its chain (chainShare, docs/0064).
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
      .select([
        'c.id',
        'c.kind',
        'c.terms',
        'c.member_id',
        'c.merchant_id',
        'c.accepted_at',
        'c.ended_at',
        'c.settled_until',
        'm.tz_offset_minutes',
        'm.currency',
      ])
      .where('c.id', '=', contractId)
      .forNoKeyUpdate('c')
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
    const merchant = { id: c.merchant_id, currency: c.currency };
    let accounts: { from: number; to: number } | undefined;
    let rows: TChainRow[] | undefined;
    const paidIds: number[] = [];
    /** Pays one period's share (if any) and records it. */
    const pay = async (p: TPeriod) => {
      rows ??= await chainRows(trx, c.merchant_id, c.kind as TContractKind, c.member_id, cursor, scanTo);
      const share = await chainShare(trx, c.merchant_id, rows, Number(c.id), p);
      if (!share || share.amountMinor <= 0) return;
      const { figures } = share;
      accounts ??= { from: await accountFor(trx, merchant, 'bonus_expense'), to: await accountFor(trx, merchant, 'member_wallet', { memberId: c.member_id }) };
      const periodStart = new Date(p.start).toISOString();
      const moved = await transfer(trx, {
        ...accounts,
        amountMinor: share.amountMinor,
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
          base_minor: share.baseMinor,
          rate_bp: share.rateBp,
          amount_minor: share.amountMinor,
          transaction_id: moved.transactionId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      paidIds.push(Number(row.id));
    };
    const moveCursor = (to: number) =>
      trx
        .updateTable('agent_contracts')
        .set({ settled_until: new Date(to) })
        .where('id', '=', c.id)
        .execute();
    const done = (): TStep => (paidIds.length > 0 ? { kind: 'paid', settlementIds: paidIds } : { kind: 'moved' });

    if (terms.kind !== 'dividend') {
      // Fixed-length periods (windows, hours, days): up to BATCH periods with team bets found in one
      // grouped query and settled in one transaction; a quiet stretch costs nothing.
      const len = terms.kind === 'realtime' ? windowSeconds * 1000 : terms.kind === 'hourly' ? HOUR_MS : DAY_MS;
      const off = terms.kind === 'realtime' ? 0 : c.tz_offset_minutes * 60_000;
      const buckets = await teamBetEntries(trx, c.merchant_id, c.member_id, new Date(cursor), new Date(scanTo))
        .select(sql<string>`floor((extract(epoch from e.created_at) * 1000 + ${sql.lit(off)}) / ${sql.lit(len)})`.as('b'))
        .groupBy(sql`1`)
        .orderBy(sql`1`)
        .limit(BATCH)
        .execute();
      for (const r of buckets) {
        const start = Number(r.b) * len - off;
        await pay({ start, end: start + len });
      }
      const last = buckets.at(-1);
      await moveCursor(buckets.length < BATCH || !last ? limit : Number(last.b) * len - off + len);
      return done();
    }
    // Dividends (weeks, half months, months): the period of the first bet after the cursor.
    const first = await teamBetEntries(trx, c.merchant_id, c.member_id, new Date(cursor), new Date(scanTo))
      .select(sql<Date | null>`min(e.created_at)`.as('at'))
      .executeTakeFirst();
    if (!first?.at) {
      await moveCursor(limit);
      return done();
    }
    const p = period(new Date(first.at).getTime());
    await pay(p);
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
