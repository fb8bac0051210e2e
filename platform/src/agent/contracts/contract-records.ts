import { sql } from 'kysely';
import { CONTRACT_KINDS, type TContractKind, type TIncomeQuery, type TIncomeReport, type TSettlementList, type TSettlementQuery } from '@wl/schemas';
import type { TMerchant } from '../../http/auth.ts';
import type { TPlatformDeps } from '../../http/deps.ts';
import type { TSessionAgent } from '../../access/actor.ts';
import { bucketLabels } from '../agent.service.ts';
import { kindEnabled } from './contract.service.ts';
import { WpsError } from '../../http/envelope.ts';
import { CONTRACT_MESSAGES, WPS_CODES } from '@wl/schemas';

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * The settlement records of a contract page: periods paid to me (scope mine) or on the contracts I
 * offered (scope team), by period start in [from, to), newest first, with totals over the filter.
 * Rows come only through my own id (holder or offering agent): nothing else chooses whose are read.
 */
export async function listSettlements(deps: TPlatformDeps, merchant: TMerchant, agent: TSessionAgent, q: TSettlementQuery): Promise<TSettlementList> {
  if (!(await kindEnabled(deps.db, merchant.id, q.kind))) throw new WpsError(WPS_CODES.featureOff, CONTRACT_MESSAGES.kindOff);
  let base = deps.db
    .selectFrom('agent_contract_settlements as s')
    .innerJoin('agent_contracts as c', 'c.id', 's.contract_id')
    .innerJoin('members as h', 'h.id', 's.member_id')
    .where('s.merchant_id', '=', merchant.id)
    .where('s.kind', '=', q.kind)
    .where('s.period_start', '>=', new Date(q.from))
    .where('s.period_start', '<', new Date(q.to));
  base = q.scope === 'mine' ? base.where('s.member_id', '=', agent.memberId) : base.where('c.upline_id', '=', agent.memberId);
  const [totals, rows] = await Promise.all([
    base
      .select([
        sql<string>`count(*)`.as('n'),
        sql<string>`coalesce(sum(s.amount_minor), 0)`.as('amount'),
        sql<string>`coalesce(sum(s.base_minor), 0)`.as('base'),
      ])
      .executeTakeFirstOrThrow(),
    base
      .select([
        's.id',
        's.contract_id',
        'h.username',
        's.period_start',
        's.period_end',
        's.valid_bet_minor',
        's.payout_minor',
        's.active_members',
        's.base_minor',
        's.rate_bp',
        's.amount_minor',
        's.created_at',
      ])
      .orderBy('s.period_start', 'desc')
      .orderBy('s.id', 'desc')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
  ]);
  return {
    total: Number(totals.n),
    amountMinor: Number(totals.amount),
    baseMinor: Number(totals.base),
    rows: rows.map((r) => ({
      id: Number(r.id),
      contractId: Number(r.contract_id),
      holderUsername: r.username,
      periodStart: iso(r.period_start),
      periodEnd: iso(r.period_end),
      validBetMinor: Number(r.valid_bet_minor),
      payoutMinor: Number(r.payout_minor),
      activeMembers: Number(r.active_members),
      baseMinor: Number(r.base_minor),
      rateBp: Number(r.rate_bp),
      amountMinor: Number(r.amount_minor),
      paidAt: iso(r.created_at),
    })),
  };
}

/**
 * agentRevenueReport (my income): the salaries and dividends paid into my main wallet in [from, to),
 * read from the ledger (docs/0031) — the same entries the bonus record shows — with totals by kind
 * and one point per local day.
 */
export async function incomeReport(deps: TPlatformDeps, merchant: TMerchant, agent: TSessionAgent, q: TIncomeQuery): Promise<TIncomeReport> {
  const from = new Date(q.from);
  const to = new Date(q.to);
  const base = deps.db
    .selectFrom('ledger_accounts as a')
    .innerJoin('ledger_entries as e', 'e.account_id', 'a.id')
    .innerJoin('ledger_transactions as x', 'x.id', 'e.transaction_id')
    .where('a.member_id', '=', agent.memberId)
    .where('a.merchant_id', '=', merchant.id)
    .where('a.kind', '=', 'member_wallet')
    .where('a.code', '=', '')
    .where('x.kind', 'in', ['salary', 'dividend'])
    .where('e.created_at', '>=', from)
    .where('e.created_at', '<', to);
  const offset = sql.lit(`${q.tzOffsetMinutes} minutes`);
  const day = sql<string>`to_char((e.created_at at time zone 'UTC') + interval ${offset}, 'YYYY-MM-DD')`;
  const [byKind, perDay, rows] = await Promise.all([
    base
      .select([sql<string>`coalesce(x.meta->>'contractKind', 'daily')`.as('k'), sql<string>`count(*)`.as('n'), sql<string>`sum(e.amount_minor)`.as('amount')])
      .groupBy(sql`1`)
      .execute(),
    base
      .select([day.as('label'), sql<string>`sum(e.amount_minor)`.as('amount')])
      .groupBy(sql`1`)
      .execute(),
    base
      .select([
        'e.id',
        'e.created_at',
        'e.amount_minor',
        sql<string>`coalesce(x.meta->>'contractKind', 'daily')`.as('k'),
        sql<string>`coalesce(x.meta->>'periodStart', '')`.as('period_start'),
      ])
      .orderBy('e.id', 'desc')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
  ]);
  const kinds = { dividend: 0, daily: 0, hourly: 0, realtime: 0 };
  let total = 0;
  for (const r of byKind) {
    if ((CONTRACT_KINDS as readonly string[]).includes(r.k)) kinds[r.k as TContractKind] += Number(r.amount);
    total += Number(r.n);
  }
  const amounts = new Map(perDay.map((r) => [r.label, Number(r.amount)]));
  const labels = bucketLabels(from.getTime(), to.getTime(), 'day', q.tzOffsetMinutes);
  return {
    total,
    totalMinor: Object.values(kinds).reduce((s, v) => s + v, 0),
    byKind: kinds,
    series: labels.map((label) => ({ label, amountMinor: amounts.get(label) ?? 0 })),
    rows: rows.map((r) => ({
      id: Number(r.id),
      time: iso(r.created_at),
      kind: ((CONTRACT_KINDS as readonly string[]).includes(r.k) ? r.k : 'daily') as TContractKind,
      amountMinor: Number(r.amount_minor),
      periodStart: r.period_start ? iso(r.period_start) : iso(r.created_at),
    })),
  };
}
