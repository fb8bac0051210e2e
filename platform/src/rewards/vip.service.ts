import type { Kysely, Transaction } from 'kysely';
import type { TLanguage, TVipStatus } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { lockMembers } from '../kernel/member-lock.ts';
import { accountFor, inTransaction, transfer } from '../wallet/ledger.service.ts';
import { isGameType, memberLevel, rebateRates, rewardsSettings, vipFigures, vipLevels, type TMerchantRef, type TVipLevelRow } from './rewards.queries.ts';

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

/** Sets a member's level and the label member info falls back to (docs/0091: the label is the level's EN name). */
async function setLevel(trx: Transaction<DB>, memberId: number, level: number, levels: readonly TVipLevelRow[]): Promise<void> {
  const label = levels.find((l) => l.level === level)?.name_en ?? '';
  await trx.updateTable('members').set({ vip_rank: level, vip_label: label }).where('id', '=', memberId).execute();
}

/**
 * Each level from above `from` up to `to`: recorded once per member, ever (the primary key of
 * vip_upgrade_bonuses), and its upgrade bonus paid from the merchant's bonus expense through the
 * ledger with a key scoped to the member, in the transaction that records it.
 */
async function payUpgradeBonuses(trx: Transaction<DB>, merchant: TMerchantRef, memberId: number, from: number, to: number, levels: readonly TVipLevelRow[]) {
  for (const l of levels) {
    if (l.level <= from || l.level > to) continue;
    const first = await trx
      .insertInto('vip_upgrade_bonuses')
      .values({ member_id: memberId, level: l.level, ledger_transaction_id: null })
      .onConflict((oc) => oc.doNothing())
      .returning('level')
      .executeTakeFirst();
    const bonus = Number(l.upgrade_bonus_minor);
    if (!first || bonus === 0) continue;
    const paid = await transfer(trx, {
      from: await accountFor(trx, merchant, 'bonus_expense'),
      to: await accountFor(trx, merchant, 'member_wallet', { memberId }),
      amountMinor: bonus,
      owner: { kind: 'member', id: memberId },
      idempotencyKey: `vip-upgrade:${l.level}`,
      kind: 'vip_upgrade_bonus',
      meta: { level: l.level },
    });
    await trx
      .updateTable('vip_upgrade_bonuses')
      .set({ ledger_transaction_id: paid.transactionId })
      .where('member_id', '=', memberId)
      .where('level', '=', l.level)
      .execute();
  }
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
    await setLevel(trx, memberId, target, levels);
    await payUpgradeBonuses(trx, merchant, memberId, current, target, levels);
    return target;
  });
}

/**
 * The periodic review (docs/0091): a member whose figures no longer reach the level goes down one
 * level, at most once per day however often the review runs (vip_reviews); one who reaches higher
 * goes up as an immediate upgrade would. Returns the level after.
 */
export async function reviewMember(db: Kysely<DB>, merchant: TMerchantRef, memberId: number, now: Date): Promise<number> {
  const up = await upgradeIfQualified(db, merchant, memberId, now);
  const [levels, settings] = await Promise.all([vipLevels(db, merchant.id), rewardsSettings(db, merchant.id)]);
  const target = qualifiedLevel(levels, await vipFigures(db, memberId, periodStart(now, settings.periodDays)));
  if (target >= up) return up;
  return inTransaction(db, async (trx) => {
    await lockMembers(trx, [memberId], merchant.id);
    const current = await memberLevel(trx, memberId);
    if (target >= current) return current;
    const lower = Math.max(...levels.filter((l) => l.level < current).map((l) => l.level), 0);
    const reviewed = await trx
      .insertInto('vip_reviews')
      .values({ member_id: memberId, reviewed_on: now.toISOString().slice(0, 10), from_level: current, to_level: lower })
      .onConflict((oc) => oc.doNothing())
      .returning('member_id')
      .executeTakeFirst();
    if (!reviewed) return current;
    await setLevel(trx, memberId, lower, levels);
    return lower;
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
