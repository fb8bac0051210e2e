import { sql, type Kysely } from 'kysely';
import {
  ACCOUNT_RECORD_TYPES,
  RECORD_TYPE_KINDS,
  type TAccountRecordResponse,
  type TAccountRecordType,
  type TProfitResponse,
  type TRecordQuery,
} from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import type { TMerchant, TSessionMember } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { accountFor } from '../wallet/ledger.service.ts';

/** Every ledger kind a record type names; `other` is everything else. */
const KNOWN_KINDS = Object.values(RECORD_TYPE_KINDS).flat();

/** The record type of a ledger transaction kind. */
export function recordTypeOf(kind: string): TAccountRecordType {
  for (const type of ACCOUNT_RECORD_TYPES) {
    if (type !== 'other' && RECORD_TYPE_KINDS[type].includes(kind)) return type;
  }
  return 'other';
}

/** Which kinds a query covers: a section's own kinds, narrowed by the query's type. */
function kindsFilter(section: readonly string[] | null, type: TAccountRecordType | undefined): { in: string[] | null; notIn: string[] | null } {
  if (type === 'other') return section ? { in: [], notIn: null } : { in: null, notIn: KNOWN_KINDS };
  const byType = type ? [...RECORD_TYPE_KINDS[type]] : null;
  if (section && byType) return { in: byType.filter((k) => section.includes(k)), notIn: null };
  return { in: byType ?? (section ? [...section] : null), notIn: null };
}

/**
 * Entries of the member's main wallet in [from, to), newest first, paged, with the count and the
 * money in and out over the whole filter. Only the member's own account is ever read: the account
 * id comes from the session, never from the request.
 */
async function walletRows(db: Kysely<DB>, wallets: TWallets, q: TRecordQuery, section: readonly string[] | null): Promise<TAccountRecordResponse> {
  const kinds = kindsFilter(section, q.type);
  if (kinds.in?.length === 0) return { rows: [], total: 0, inMinor: 0, outMinor: 0 };
  let base = db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .where('e.account_id', 'in', [wallets.main, wallets.bonus])
    .where('e.created_at', '>=', new Date(q.from))
    .where('e.created_at', '<', new Date(q.to));
  if (kinds.in) base = base.where('t.kind', 'in', kinds.in);
  if (kinds.notIn) base = base.where('t.kind', 'not in', kinds.notIn);
  const totals = await base
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`coalesce(sum(case when e.amount_minor > 0 then e.amount_minor else 0 end), 0)`.as('in_minor'),
      sql<number>`coalesce(sum(case when e.amount_minor < 0 then e.amount_minor else 0 end), 0)`.as('out_minor'),
    ])
    .executeTakeFirstOrThrow();
  const rows = await base
    .select(['e.id', 'e.account_id', 'e.created_at', 't.kind', 'e.amount_minor', 'e.balance_after_minor', sql<string | null>`t.meta->>'code'`.as('code')])
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  return {
    rows: rows.map((r) => ({
      id: Number(r.id),
      time: new Date(r.created_at).toISOString(),
      type: recordTypeOf(r.kind),
      kind: r.kind.slice(0, 40),
      amountMinor: Number(r.amount_minor),
      balanceAfterMinor: Number(r.balance_after_minor ?? 0),
      code: (r.code ?? '').slice(0, 32),
      ...(r.account_id === wallets.bonus ? { bonusMoney: true } : {}),
    })),
    total: Number(totals.total),
    inMinor: Number(totals.in_minor),
    outMinor: Number(totals.out_minor),
  };
}

/** The member's cash and bonus wallets: the records show both, bonus money marked (docs/0095). */
type TWallets = { main: number; bonus: number };

async function mainWallet(deps: TPlatformDeps, merchant: TMerchant, member: TSessionMember): Promise<TWallets> {
  return {
    main: await accountFor(deps.db, merchant, 'member_wallet', { memberId: member.memberId }),
    bonus: await accountFor(deps.db, merchant, 'member_bonus', { memberId: member.memberId }),
  };
}

/** Account record (transactionHistory): every movement of the main wallet. */
export async function accountRecord(deps: TPlatformDeps, merchant: TMerchant, member: TSessionMember, q: TRecordQuery): Promise<TAccountRecordResponse> {
  return walletRows(deps.db, await mainWallet(deps, merchant, member), q, null);
}

/** The ledger kinds of game play (the games issue writes them against provider accounts). */
const BET_KINDS = [...RECORD_TYPE_KINDS.bet, ...RECORD_TYPE_KINDS.win];

/** Betting record (personalHistoryCopy): bets, wins and rollbacks. */
export async function betRecord(deps: TPlatformDeps, merchant: TMerchant, member: TSessionMember, q: TRecordQuery): Promise<TAccountRecordResponse> {
  return walletRows(deps.db, await mainWallet(deps, merchant, member), q, BET_KINDS);
}

/** Bonus details (bonusDetails): bonuses, rebates, salaries and dividends received. */
export async function bonusRecord(deps: TPlatformDeps, merchant: TMerchant, member: TSessionMember, q: TRecordQuery): Promise<TAccountRecordResponse> {
  return walletRows(deps.db, await mainWallet(deps, merchant, member), q, RECORD_TYPE_KINDS.bonus);
}

/**
 * Profit and loss (personalProfit): per local day (the member's offset) and vendor, the stake (bets
 * less rollbacks), the payout (wins) and their difference, newest day first, with totals.
 */
export async function profitRecord(deps: TPlatformDeps, merchant: TMerchant, member: TSessionMember, q: TRecordQuery): Promise<TProfitResponse> {
  // Cash only: bonus money staked and won is not the member's profit until it converts (docs/0095).
  const walletId = (await mainWallet(deps, merchant, member)).main;
  const offset = sql.lit(`${q.tzOffsetMinutes} minutes`);
  const day = sql<string>`to_char((e.created_at at time zone 'UTC') + interval ${offset}, 'YYYY-MM-DD')`;
  const code = sql<string>`coalesce(t.meta->>'code', '')`;
  const stake = sql<number>`coalesce(sum(case when t.kind in ('bet', 'rollback') then -e.amount_minor else 0 end), 0)`;
  const payout = sql<number>`coalesce(sum(case when t.kind = 'win' then e.amount_minor else 0 end), 0)`;
  const bets = sql<number>`count(*) filter (where t.kind = 'bet')`;
  const base = deps.db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .where('e.account_id', '=', walletId)
    .where('t.kind', 'in', BET_KINDS)
    .where('e.created_at', '>=', new Date(q.from))
    .where('e.created_at', '<', new Date(q.to));
  const grouped = await base
    .select([day.as('day'), code.as('code'), stake.as('stake'), payout.as('payout'), bets.as('bets')])
    .groupBy([day, code])
    .orderBy(day, 'desc')
    .orderBy(code)
    .execute();
  const all = grouped.map((r) => ({
    day: r.day,
    code: r.code.slice(0, 32),
    stakeMinor: Number(r.stake),
    payoutMinor: Number(r.payout),
    profitMinor: Number(r.payout) - Number(r.stake),
    bets: Number(r.bets),
  }));
  const start = (q.pageNo - 1) * q.pageSize;
  const sum = (pick: (r: (typeof all)[number]) => number) => all.reduce((s, r) => s + pick(r), 0);
  return {
    rows: all.slice(start, start + q.pageSize),
    total: all.length,
    stakeMinor: sum((r) => r.stakeMinor),
    payoutMinor: sum((r) => r.payoutMinor),
    profitMinor: sum((r) => r.profitMinor),
  };
}
