import { sql, type Kysely, type Transaction } from 'kysely';
import type { TLanguage, TVipStatus } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { marketableMembers } from '../kernel/closure.ts';
import { lockMembers } from '../kernel/member-lock.ts';
import { inTransaction } from '../wallet/ledger.service.ts';
import { payFromBonusExpense } from '../wallet/member-wallets.ts';
import { isGameType, memberLevel, rebateRates, rewardsSettings, vipLevels, type TMerchantRef, type TVipLevelRow } from './rewards.queries.ts';
import { membersFigures, vipFigures } from './settled-rounds.ts';

const DAY_MS = 86_400_000;

/** The start of the period the thresholds are measured over. */
const periodStart = (now: Date, periodDays: number) => new Date(now.getTime() - periodDays * DAY_MS);

/** The highest level whose thresholds the figures reach (0 when none, or no levels). */
export function qualifiedLevel(levels: readonly TVipLevelRow[], f: { depositMinor: number; turnoverMinor: number }): number {
  let best = 0;
  for (const l of levels) {
    if (f.depositMinor >= Number(l.min_deposit_minor) && f.turnoverMinor >= Number(l.min_turnover_minor)) best = Math.max(best, l.level);
  }
  return best;
}

/** Sets members' levels and the label member info falls back to (docs/0091: the label is the level's EN name), in one statement. */
async function setLevels(trx: Transaction<DB>, merchantId: number, moves: readonly { memberId: number; level: number }[]): Promise<void> {
  if (moves.length === 0) return;
  await sql`
    update members m set vip_rank = v.level,
      vip_label = coalesce((select l.name_en from vip_levels l where l.merchant_id = ${merchantId} and l.level = v.level), '')
    from (select unnest(${`{${moves.map((m) => m.memberId).join(',')}}`}::int[]) as id, unnest(${`{${moves.map((m) => m.level).join(',')}}`}::int[]) as level) v
    where m.id = v.id`.execute(trx);
}

/**
 * Each level from above `from` up to `to` of each member: recorded once per member, ever (the
 * primary key of vip_upgrade_bonuses, one insert for all), and its upgrade bonus paid from the
 * merchant's bonus expense through the ledger with a key scoped to the member, in the transaction
 * that records it (the caller's, which holds the members' locks).
 */
async function payUpgradeBonuses(
  trx: Transaction<DB>,
  merchant: TMerchantRef,
  ups: readonly { memberId: number; from: number; to: number }[],
  levels: readonly TVipLevelRow[],
): Promise<void> {
  // A closed account is paid no upgrade bonus, now or later, for the levels it reaches while closed (docs/rules/protection.md#p-25).
  const open = await marketableMembers(
    trx,
    ups.map((u) => u.memberId),
    new Date(),
  );
  const rows = ups
    .filter((u) => open.has(u.memberId))
    .flatMap((u) =>
      levels.filter((l) => l.level > u.from && l.level <= u.to).map((l) => ({ member_id: u.memberId, level: l.level, ledger_transaction_id: null })),
    );
  if (rows.length === 0) return;
  const first = await trx
    .insertInto('vip_upgrade_bonuses')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .returning(['member_id', 'level'])
    .execute();
  const bonusOf = (level: number) => Number(levels.find((l) => l.level === level)?.upgrade_bonus_minor ?? 0);
  const due = first.filter((f) => bonusOf(f.level) > 0).sort((a, b) => a.member_id - b.member_id || a.level - b.level);
  if (due.length === 0) return;
  const transactions = (
    await payFromBonusExpense(
      trx,
      merchant,
      due.map((d) => ({
        memberId: d.member_id,
        amountMinor: bonusOf(d.level),
        key: `vip-upgrade:${d.level}`,
        kind: 'vip_upgrade_bonus',
        meta: { level: d.level },
      })),
    )
  ).map((m) => m.transactionId);
  await sql`
    update vip_upgrade_bonuses b set ledger_transaction_id = v.tx
    from (select unnest(${`{${due.map((d) => d.member_id).join(',')}}`}::int[]) as member_id, unnest(${`{${due.map((d) => d.level).join(',')}}`}::int[]) as level,
      unnest(${`{${transactions.join(',')}}`}::bigint[]) as tx) v
    where b.member_id = v.member_id and b.level = v.level`.execute(trx);
}

/**
 * Upgrades are immediate (docs/0091): the member moves up to the highest level the period's figures
 * reach and is paid each level's bonus once. Never moves down; returns the level after.
 */
export async function upgradeIfQualified(db: Kysely<DB>, merchant: TMerchantRef, memberId: number, now: Date): Promise<number> {
  const [levels, settings] = await Promise.all([vipLevels(db, merchant.id), rewardsSettings(db, merchant.id)]);
  if (levels.length === 0) return memberLevel(db, memberId);
  const figures = await vipFigures(db, memberId, periodStart(now, settings.periodDays));
  const target = qualifiedLevel(levels, figures);
  if (target <= (await memberLevel(db, memberId))) return memberLevel(db, memberId);
  return inTransaction(db, async (trx) => {
    await lockMembers(trx, [memberId], merchant.id);
    const current = await memberLevel(trx, memberId);
    if (target <= current) return current;
    await setLevels(trx, merchant.id, [{ memberId, level: target }]);
    await payUpgradeBonuses(trx, merchant, [{ memberId, from: current, to: target }], levels);
    return target;
  });
}

/**
 * The periodic review of many members (docs/0091, docs/0099), in the caller's transaction, which
 * holds their locks: each member's figures in one statement; one who reaches a higher level goes up
 * as an immediate upgrade would (each level's bonus once, ever); one whose figures no longer reach
 * the level goes down one level, at most once per day however often the review runs (vip_reviews,
 * one insert for all); then one update sets every level that moved. Answers each member's level after.
 */
export async function reviewMembers(
  trx: Transaction<DB>,
  merchant: TMerchantRef,
  memberIds: readonly number[],
  now: Date,
  rules: { levels: readonly TVipLevelRow[]; periodDays: number },
): Promise<Map<number, number>> {
  const { levels } = rules;
  const after = new Map<number, number>();
  if (memberIds.length === 0) return after;
  const [figures, current] = await Promise.all([
    membersFigures(trx, memberIds, periodStart(now, rules.periodDays)),
    trx.selectFrom('members').select(['id', 'vip_rank']).where('id', 'in', memberIds).orderBy('id').execute(),
  ]);
  const ups: { memberId: number; from: number; to: number }[] = [];
  const downs: { member_id: number; reviewed_on: string; from_level: number; to_level: number }[] = [];
  for (const m of current) {
    after.set(m.id, m.vip_rank);
    const target = qualifiedLevel(levels, figures.get(m.id)!);
    if (target > m.vip_rank) ups.push({ memberId: m.id, from: m.vip_rank, to: target });
    else if (target < m.vip_rank) {
      const lower = Math.max(...levels.filter((l) => l.level < m.vip_rank).map((l) => l.level), 0);
      downs.push({ member_id: m.id, reviewed_on: now.toISOString().slice(0, 10), from_level: m.vip_rank, to_level: lower });
    }
  }
  const reviewed =
    downs.length === 0
      ? []
      : await trx
          .insertInto('vip_reviews')
          .values(downs)
          .onConflict((oc) => oc.doNothing())
          .returning(['member_id', 'to_level'])
          .execute();
  const moves = [...ups.map((u) => ({ memberId: u.memberId, level: u.to })), ...reviewed.map((r) => ({ memberId: r.member_id, level: r.to_level }))];
  await setLevels(trx, merchant.id, moves);
  await payUpgradeBonuses(trx, merchant, ups, levels);
  for (const m of moves) after.set(m.memberId, m.level);
  return after;
}

/** The review of one member, in a transaction of its own with the member locked; answers the level after. */
export async function reviewMember(db: Kysely<DB>, merchant: TMerchantRef, memberId: number, now: Date): Promise<number> {
  const [levels, settings] = await Promise.all([vipLevels(db, merchant.id), rewardsSettings(db, merchant.id)]);
  return inTransaction(db, async (trx) => {
    await lockMembers(trx, [memberId], merchant.id);
    return (await reviewMembers(trx, merchant, [memberId], now, { levels, periodDays: settings.periodDays })).get(memberId)!;
  });
}

/** The VIP page: every level with its benefits in the member's language, the member's level and figures. A read: the upgrade is `upgradeIfQualified`, the page's call before it (docs/0100). */
export async function vipStatus(db: Kysely<DB>, merchant: TMerchantRef, memberId: number, language: TLanguage, now: Date): Promise<TVipStatus> {
  const level = await memberLevel(db, memberId);
  const [levels, rates, settings] = await Promise.all([vipLevels(db, merchant.id), rebateRates(db, merchant.id), rewardsSettings(db, merchant.id)]);
  const figures = await vipFigures(db, memberId, periodStart(now, settings.periodDays));
  return {
    level,
    ...figures,
    periodDays: settings.periodDays,
    levels: levels.map((l) => ({
      level: l.level,
      name: language === 'bn' ? l.name_bn : l.name_en,
      minDepositMinor: Number(l.min_deposit_minor),
      minTurnoverMinor: Number(l.min_turnover_minor),
      upgradeBonusMinor: Number(l.upgrade_bonus_minor),
      withdrawLimitMinor: Number(l.withdraw_limit_minor),
      withdrawCount: l.withdraw_count,
      rates: rates.flatMap((r) => (r.level === l.level && isGameType(r.game_type) ? [{ gameType: r.game_type, rateBp: r.rate_bp }] : [])),
    })),
  };
}
