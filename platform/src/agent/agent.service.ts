import { sql, type Kysely } from 'kysely';
import {
  AGENT_MESSAGES,
  AGENT_TYPES,
  WPS_CODES,
  type TDownlineDetail,
  type TDownlineList,
  type TDownlineQuery,
  type TDownlineRow,
  type TDownlineTransferRequest,
  type TDownlineTransferResult,
  type TTeamOverview,
  type TTeamOverviewQuery,
  type TTeamPoint,
} from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import type { TSessionAgent } from '../access/actor.ts';
import type { TMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError } from '../http/envelope.ts';
import { inSubtree, teamOf } from '../access/subtree.ts';
import { bucketLabel, memberLifetime, teamFigures, type TFigureSums } from './team-figures.ts';
import { teamCounts } from './team-counts.ts';
import { mainWalletTransfer } from '../transfer/transfer.service.ts';
import { assertAccountAllows } from '../protection/account-state.ts';

/** Outside the subtree and not existing at all answer the same: no probing for ids. */
export const notInTeam = () => new WpsError(WPS_CODES.notFound, AGENT_MESSAGES.notInTeam);

/** Every bucket of [from, to) in order, so the chart shows the quiet hours and days too. */
export function bucketLabels(from: number, to: number, bucket: 'hour' | 'day', offsetMinutes: number): string[] {
  const labels = new Set<string>();
  for (let t = from; t < to; t += 3_600_000) labels.add(bucketLabel(t, bucket, offsetMinutes));
  labels.add(bucketLabel(to - 1, bucket, offsetMinutes));
  return [...labels];
}

/**
 * agentTeamOverview: team size, direct downlines, new and active members, deposits, withdrawals
 * (paid), valid bets, payout and the team's profit and loss in [from, to), with a series per hour
 * (periods up to two days) or per local day.
 */
export async function teamOverview(deps: TPlatformDeps, merchant: TMerchant, agent: TSessionAgent, q: TTeamOverviewQuery): Promise<TTeamOverview> {
  const db = deps.db;
  const from = new Date(q.from);
  const to = new Date(q.to);
  const bucket = to.getTime() - from.getTime() <= 2 * 86_400_000 ? 'hour' : 'day';
  // The money and the active members from the hourly rollup and the ledger's tail (docs/0058), the
  // team's size and new members from its registrations per hour (docs/0082): no call walks the team.
  const [counts, figuresOf] = await Promise.all([
    teamCounts(db, merchant.id, agent.memberId, { from: from.getTime(), to: to.getTime(), bucket, offsetMinutes: q.tzOffsetMinutes }),
    teamFigures(db, { merchantId: merchant.id, agentId: agent.memberId, from, to }, { bucket, offsetMinutes: q.tzOffsetMinutes }),
  ]);
  const money = (s: TFigureSums | undefined) => {
    const validBetMinor = s?.validBet ?? 0;
    const payoutMinor = s?.payout ?? 0;
    return { depositMinor: s?.deposit ?? 0, withdrawMinor: s?.withdraw ?? 0, validBetMinor, payoutMinor, profitMinor: payoutMinor - validBetMinor };
  };
  const series: TTeamPoint[] = bucketLabels(from.getTime(), to.getTime(), bucket, q.tzOffsetMinutes).map((label) => ({
    label,
    newMembers: counts.joinedBy.get(label) ?? 0,
    ...money(figuresOf.byLabel.get(label)),
  }));
  return {
    teamSize: counts.teamSize,
    directCount: counts.directCount,
    newMembers: counts.newMembers,
    activeMembers: figuresOf.total.active,
    ...money(figuresOf.total),
    bucket,
    series,
  };
}

/** `%`, `_` and `\` in a search are matched as themselves. */
function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The downline rows of the agent's subtree (any depth ≥ 1), with wallet, upline, last login and presence. */
function downlineRows(db: Kysely<DB>, merchantId: number, agentId: number, now: Date) {
  return teamOf(db, merchantId, agentId)
    .leftJoin('members as u', 'u.id', 'm.upline_id')
    .leftJoin('ledger_accounts as w', (j) => j.onRef('w.member_id', '=', 'm.id').on('w.kind', '=', 'member_wallet').on('w.code', '=', ''))
    .select([
      't.depth',
      'm.id',
      'm.username',
      'm.nickname',
      'm.type',
      'm.created_at',
      sql<string>`coalesce(u.nickname, '')`.as('upline_nickname'),
      sql<number>`coalesce(w.balance_minor, 0)`.as('balance'),
      sql<Date | null>`(select max(s.created_at) from sessions s where s.member_id = m.id)`.as('last_login'),
      sql<boolean>`exists (select 1 from sessions s where s.member_id = m.id and s.revoked_at is null and s.expires_at > ${now})`.as('online'),
    ]);
}

type TRawDownline = {
  depth: number;
  id: number;
  username: string;
  nickname: string;
  type: number;
  created_at: Date;
  upline_nickname: string;
  balance: number | string;
  last_login: Date | string | null;
  online: boolean;
};

function toRow(r: TRawDownline): TDownlineRow {
  return {
    memberId: r.id,
    username: r.username,
    nickname: r.nickname,
    level: r.depth,
    isAgent: (AGENT_TYPES as readonly number[]).includes(r.type),
    uplineNickname: r.upline_nickname,
    balanceMinor: Number(r.balance),
    registeredAt: new Date(r.created_at).toISOString(),
    lastLoginAt: r.last_login === null ? null : new Date(r.last_login).toISOString(),
    online: r.online,
  };
}

/** downlineManagmentView: the agent's downlines by level, then registration; search by username or nickname; paged, with totals over the filter. */
export async function listDownlines(deps: TPlatformDeps, merchant: TMerchant, agent: TSessionAgent, q: TDownlineQuery): Promise<TDownlineList> {
  // A member in a time-out or self-exclusion is not listed to its agents to promote to (docs/rules/protection.md#p-25).
  const open = sql<boolean>`not exists (select 1 from protection_exclusions x where x.member_id = m.id and x.reopened_at is null)`;
  let base = teamOf(deps.db, merchant.id, agent.memberId).where(open);
  let rows = downlineRows(deps.db, merchant.id, agent.memberId, deps.clock()).where(open);
  if (q.level > 0) {
    base = base.where('t.depth', '=', q.level);
    rows = rows.where('t.depth', '=', q.level);
  }
  if (q.search) {
    const pattern = likePattern(q.search);
    const match = sql<boolean>`(lower(m.username) like ${pattern} escape '\\' or lower(m.nickname) like ${pattern} escape '\\')`;
    base = base.where(match);
    rows = rows.where(match);
  }
  const [totals, page] = await Promise.all([
    base
      .leftJoin('ledger_accounts as w', (j) => j.onRef('w.member_id', '=', 'm.id').on('w.kind', '=', 'member_wallet').on('w.code', '=', ''))
      .select([sql<number>`count(*)`.as('total'), sql<number>`coalesce(sum(w.balance_minor), 0)`.as('balance')])
      .executeTakeFirstOrThrow(),
    rows
      .orderBy('t.depth')
      .orderBy('m.id')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
  ]);
  return { rows: page.map(toRow), total: Number(totals.total), balanceMinor: Number(totals.balance) };
}

/** One downline's details: its row, its own team, lifetime figures and this agent's transfers to it. Outside the subtree: not found. */
export async function downlineDetail(deps: TPlatformDeps, merchant: TMerchant, agent: TSessionAgent, memberId: number): Promise<TDownlineDetail> {
  const db = deps.db;
  const raw = await downlineRows(db, merchant.id, agent.memberId, deps.clock()).where('t.descendant_id', '=', memberId).executeTakeFirst();
  if (!raw) throw notInTeam();
  // Its team and lifetime figures from the rollups (docs/0082), not from its team's rows and entries.
  const [team, money, transfers] = await Promise.all([
    teamCounts(db, merchant.id, memberId, null),
    memberLifetime(db, merchant.id, memberId),
    db
      .selectFrom('ledger_accounts as a')
      .innerJoin('ledger_entries as e', 'e.account_id', 'a.id')
      .innerJoin('ledger_transactions as x', 'x.id', 'e.transaction_id')
      .where('a.member_id', '=', memberId)
      .where('a.kind', '=', 'member_wallet')
      .where('x.kind', '=', 'transfer_downline')
      .where('x.owner_kind', '=', 'member')
      .where('x.owner_id', '=', agent.memberId)
      .select(['x.id', 'e.amount_minor', sql<string>`coalesce(x.meta->>'remark', '')`.as('remark'), 'x.created_at'])
      .orderBy('x.id', 'desc')
      .limit(20)
      .execute(),
  ]);
  return {
    ...toRow(raw),
    teamSize: team.teamSize,
    directCount: team.directCount,
    depositMinor: money.deposit,
    withdrawMinor: money.withdraw,
    validBetMinor: money.validBet,
    profitMinor: money.payout - money.validBet,
    transfers: transfers.map((t) => ({
      id: Number(t.id),
      amountMinor: Number(t.amount_minor),
      remark: t.remark.slice(0, 140),
      createdAt: new Date(t.created_at).toISOString(),
    })),
  };
}

/**
 * Agent → downline: the agent's main wallet to the downline's main wallet through the ledger, with
 * the agent's key (scoped to the agent, docs/0026), only inside the agent's own subtree (checked in
 * the same transaction), audited once. The same key answers the first transfer.
 */
export async function transferToDownline(
  deps: TPlatformDeps,
  merchant: TMerchant,
  agent: TSessionAgent,
  req: TDownlineTransferRequest,
  ip: string,
): Promise<TDownlineTransferResult> {
  if (!(await inSubtree(deps.db, merchant.id, agent.memberId, req.memberId))) throw notInTeam();
  const t = {
    senderId: agent.memberId,
    receiverId: req.memberId,
    direction: 'downline',
    amountMinor: req.amountMinor,
    key: req.key,
    remark: req.remark,
    ip,
  } as const;
  // Re-checked inside the transaction: an upline change committed meanwhile is seen.
  const moved = await mainWalletTransfer(deps, merchant, t, async (trx) => {
    if (!(await inSubtree(trx, merchant.id, agent.memberId, req.memberId))) throw notInTeam();
    // Its deposit limits are checked by mainWalletTransfer: money into a downline's wallet is a deposit (docs/0102).
    await assertAccountAllows(trx, req.memberId, 'deposit'); // docs/rules/protection.md#p-31
  });
  return { transactionId: moved.transactionId, mainMinor: moved.fromMinor, downlineBalanceMinor: moved.toMinor };
}
