import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import {
  RECORD_TYPE_KINDS,
  type TTeamBetRow,
  type TTeamBets,
  type TTeamBetsQuery,
  type TTeamProfit,
  type TTeamProfitQuery,
  type TTeamProfitSort,
  type TTeamTransactions,
  type TTeamTransactionsQuery,
} from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import type { TMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { recordTypeOf } from '../records/records.service.ts';
import type { TSessionAgent } from '../access/actor.ts';
import { teamOf } from '../access/subtree.ts';
import { teamFigures } from './team-figures.ts';

/**
 * The team reports (docs/0051): team betting, user P&L statements and account
 * details. Each reads the ledger as the member's own records do (docs/0031), over the wallets of the
 * caller's subtree only: every query starts at the session member's team (access/subtree.ts)
 * (docs/0046), so a username or level outside the team simply matches no rows.
 */

type TAccountKind = 'member_wallet' | 'member_withdrawal_hold';
type TFilter = { username: string; level: number; from: string; to: string };

/** Entries of the team's accounts of `kinds` in [from, to), with their transactions and members. */
function teamEntries(db: Kysely<DB>, merchantId: number, agentId: number, q: TFilter, kinds: readonly TAccountKind[]) {
  let query = teamOf(db, merchantId, agentId)
    .innerJoin('ledger_accounts as a', 'a.member_id', 't.descendant_id')
    .innerJoin('ledger_entries as e', 'e.account_id', 'a.id')
    .innerJoin('ledger_transactions as x', 'x.id', 'e.transaction_id')
    .where('a.kind', 'in', [...kinds])
    .where('e.created_at', '>=', new Date(q.from))
    .where('e.created_at', '<', new Date(q.to));
  if (q.level > 0) query = query.where('t.depth', '=', q.level);
  if (q.username) query = query.where(sql<boolean>`lower(m.username) = ${q.username.toLowerCase()}`);
  return query;
}

type TEntries = ReturnType<typeof teamEntries>;
type TEntriesDB = TEntries extends SelectQueryBuilder<infer D, infer _T, infer _O> ? D : never;
type TEntriesTB = TEntries extends SelectQueryBuilder<infer _D, infer T, infer _O> ? T : never;

/** One page of team entries, newest first (an entry id breaks a tie). */
function newestPage<O>(query: SelectQueryBuilder<TEntriesDB, TEntriesTB, O>, q: { pageNo: number; pageSize: number }) {
  return query
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
}

const num = (v: number | string | null | undefined) => Number(v ?? 0);
const text = (v: string | null, max: number) => (v ?? '').slice(0, max);
const who = (r: { member_id: number; username: string; nickname: string; depth: number }) => ({
  memberId: r.member_id,
  username: r.username,
  nickname: r.nickname,
  level: r.depth,
});

/**
 * personalHistoryCopy for the team: one row per bet in the period (newest first) with its round's
 * rollbacks and wins, wherever they fell; totals over the filter count money by the time it moved,
 * as the team overview does, so the two pages agree for the same period.
 */
export async function teamBets(deps: TPlatformDeps, merchant: TMerchant, agent: TSessionAgent, q: TTeamBetsQuery): Promise<TTeamBets> {
  const db = deps.db;
  const entries = () => teamEntries(db, merchant.id, agent.memberId, q, ['member_wallet']);
  // Totals from the hourly rollup and the ledger's tail (docs/0058); the page reads its bets directly,
  // newest first down the ledger's (created_at, id) index, stopping at the page (docs/0082).
  const [totals, page] = await Promise.all([
    teamFigures(
      db,
      { merchantId: merchant.id, agentId: agent.memberId, from: new Date(q.from), to: new Date(q.to), level: q.level, username: q.username },
      null,
      { active: false },
    ).then((f) => f.total),
    newestPage(
      entries()
        .where('x.kind', '=', 'bet')
        .select([
          'x.id',
          'e.created_at',
          'e.account_id',
          'e.amount_minor',
          'm.id as member_id',
          'm.username',
          'm.nickname',
          't.depth',
          sql<string | null>`x.meta->>'code'`.as('code'),
          sql<string | null>`x.meta->>'game'`.as('game'),
          sql<string | null>`x.meta->>'round'`.as('round'),
        ]),
      q,
    ),
  ]);
  // The page's rounds: their wins and rollbacks on the same wallets (at most a page of rounds).
  const rounds = [...new Set(page.map((r) => r.round).filter((r): r is string => r !== null))];
  const settled = new Map<string, { win: number; rollback: number }>();
  if (rounds.length > 0) {
    const rows = await db
      .selectFrom('ledger_transactions as x')
      .innerJoin('ledger_entries as e', 'e.transaction_id', 'x.id')
      .where('x.merchant_id', '=', merchant.id)
      .where(sql<boolean>`x.meta ? 'round'`)
      .where(sql<boolean>`x.meta->>'round' in (${sql.join(rounds)})`)
      .where('x.kind', 'in', ['win', 'rollback'])
      .where('e.account_id', 'in', [...new Set(page.map((r) => r.account_id))])
      .select(['e.account_id', sql<string>`x.meta->>'round'`.as('round'), 'x.kind', sql<number>`sum(e.amount_minor)`.as('amount')])
      .groupBy(['e.account_id', sql`x.meta->>'round'`, 'x.kind'])
      .execute();
    for (const r of rows) {
      const key = `${r.account_id}:${r.round}`;
      const s = settled.get(key) ?? { win: 0, rollback: 0 };
      if (r.kind === 'win') s.win += num(r.amount);
      else s.rollback += num(r.amount);
      settled.set(key, s);
    }
  }
  const rows: TTeamBetRow[] = page.map((r) => {
    const bet = -num(r.amount_minor);
    const s = r.round === null ? undefined : settled.get(`${r.account_id}:${r.round}`);
    const validBet = bet - (s?.rollback ?? 0);
    const payout = s?.win ?? 0;
    return {
      ...who(r),
      id: Number(r.id),
      time: new Date(r.created_at).toISOString(),
      code: text(r.code, 32),
      game: text(r.game, 64),
      betMinor: bet,
      validBetMinor: validBet,
      payoutMinor: payout,
      profitMinor: payout - validBet,
    };
  });
  return {
    rows,
    total: totals.bets,
    betMinor: totals.bet,
    validBetMinor: totals.validBet,
    payoutMinor: totals.payout,
    profitMinor: totals.payout - totals.validBet,
  };
}

const PROFIT_KINDS = ['deposit', 'withdraw_payout', 'bet', 'rollback', 'win', ...RECORD_TYPE_KINDS.bonus];
const deposit = sql<number>`coalesce(sum(e.amount_minor) filter (where x.kind = 'deposit' and a.kind = 'member_wallet'), 0)`;
const withdraw = sql<number>`coalesce(sum(-e.amount_minor) filter (where x.kind = 'withdraw_payout' and a.kind = 'member_withdrawal_hold'), 0)`;
const validBet = sql<number>`coalesce(sum(-e.amount_minor) filter (where x.kind in ('bet', 'rollback') and a.kind = 'member_wallet'), 0)`;
const payout = sql<number>`coalesce(sum(e.amount_minor) filter (where x.kind = 'win' and a.kind = 'member_wallet'), 0)`;
const bonus = sql<number>`coalesce(sum(e.amount_minor) filter (where x.kind in (${sql.join(RECORD_TYPE_KINDS.bonus)}) and a.kind = 'member_wallet'), 0)`;

const SORTS: Record<TTeamProfitSort, ReturnType<typeof sql>> = {
  loss: sql`(${payout} - ${validBet}) asc`,
  profit: sql`(${payout} - ${validBet}) desc`,
  validBet: sql`${validBet} desc`,
  deposit: sql`${deposit} desc`,
};

type TFigures = { deposit: number | string; withdraw: number | string; valid_bet: number | string; payout: number | string; bonus: number | string };
const figures = (r: TFigures) => ({
  depositMinor: num(r.deposit),
  withdrawMinor: num(r.withdraw),
  validBetMinor: num(r.valid_bet),
  payoutMinor: num(r.payout),
  bonusMinor: num(r.bonus),
  profitMinor: num(r.payout) - num(r.valid_bet),
});

/**
 * palStatementsAgentCopy: per downline with any movement in the period, its deposits, paid
 * withdrawals, valid bets, payout, bonuses and P&L (payout − valid bet, the team overview's), sorted
 * (biggest losers first by default), paged, with totals over every downline of the filter.
 */
export async function teamProfit(deps: TPlatformDeps, merchant: TMerchant, agent: TSessionAgent, q: TTeamProfitQuery): Promise<TTeamProfit> {
  const entries = () => teamEntries(deps.db, merchant.id, agent.memberId, q, ['member_wallet', 'member_withdrawal_hold']).where('x.kind', 'in', PROFIT_KINDS);
  const [totals, page] = await Promise.all([
    entries()
      .select([
        sql<number>`count(distinct m.id)`.as('members'),
        deposit.as('deposit'),
        withdraw.as('withdraw'),
        validBet.as('valid_bet'),
        payout.as('payout'),
        bonus.as('bonus'),
      ])
      .executeTakeFirstOrThrow(),
    entries()
      .select([
        'm.id as member_id',
        'm.username',
        'm.nickname',
        't.depth',
        deposit.as('deposit'),
        withdraw.as('withdraw'),
        validBet.as('valid_bet'),
        payout.as('payout'),
        bonus.as('bonus'),
      ])
      .groupBy(['m.id', 'm.username', 'm.nickname', 't.depth'])
      .orderBy(SORTS[q.sort])
      .orderBy('m.id')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
  ]);
  return { rows: page.map((r) => ({ ...who(r), ...figures(r) })), total: num(totals.members), ...figures(totals) };
}

/** Every ledger kind a record type names; `other` is everything else (as the member's account record). */
const KNOWN_KINDS = Object.values(RECORD_TYPE_KINDS).flat();

/**
 * agentDownlineTransactionDetailsCopy: every movement of the downlines' main wallets, newest first,
 * bets and wins included one by one (as the member's own account record lists them; the type filter
 * narrows), paged, with the count and the money in and out over the filter.
 */
export async function teamTransactions(deps: TPlatformDeps, merchant: TMerchant, agent: TSessionAgent, q: TTeamTransactionsQuery): Promise<TTeamTransactions> {
  let base = teamEntries(deps.db, merchant.id, agent.memberId, q, ['member_wallet']).where('a.code', '=', '');
  if (q.type === 'other') base = base.where('x.kind', 'not in', KNOWN_KINDS);
  else if (q.type) base = base.where('x.kind', 'in', [...RECORD_TYPE_KINDS[q.type]]);
  const [totals, page] = await Promise.all([
    base
      .select([
        sql<number>`count(*)`.as('total'),
        sql<number>`coalesce(sum(e.amount_minor) filter (where e.amount_minor > 0), 0)`.as('in_minor'),
        sql<number>`coalesce(sum(e.amount_minor) filter (where e.amount_minor < 0), 0)`.as('out_minor'),
      ])
      .executeTakeFirstOrThrow(),
    newestPage(
      base.select([
        'e.id',
        'e.created_at',
        'x.kind',
        'e.amount_minor',
        'e.balance_after_minor',
        'm.id as member_id',
        'm.username',
        'm.nickname',
        't.depth',
        sql<string | null>`x.meta->>'code'`.as('code'),
      ]),
      q,
    ),
  ]);
  return {
    rows: page.map((r) => ({
      ...who(r),
      id: Number(r.id),
      time: new Date(r.created_at).toISOString(),
      type: recordTypeOf(r.kind),
      kind: r.kind.slice(0, 40),
      amountMinor: num(r.amount_minor),
      balanceAfterMinor: num(r.balance_after_minor),
      code: text(r.code, 32),
    })),
    total: num(totals.total),
    inMinor: num(totals.in_minor),
    outMinor: num(totals.out_minor),
  };
}
