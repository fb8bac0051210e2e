import { OPERATOR_PROMOTION_MESSAGES, ZGameType, type TOperatorVipSettings } from '@wl/schemas';
import { auditedConfigChange } from '../audit/operator-audit.ts';
import type { TMerchant, TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { conflict, fieldFailure } from '../http/errors.ts';
import { inTransaction } from '../wallet/ledger.service.ts';
import { rebateRates, rewardsSettings, vipLevels } from './rewards.queries.ts';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

/*
 * The VIP levels, rebate rates, the period and the rebate payout as finance edits them (docs/0098,
 * docs/0091). Checked here whatever the console sent: level 0 kept with no thresholds, levels
 * numbered 0, 1, 2… with thresholds that never fall, rates at most 10 % (the call's schema), no
 * level removed while a member holds it. The whole table is replaced in one audited transaction.
 */

type TDb = Kysely<DB> | Transaction<DB>;

/** The merchant's VIP settings as the console edits them. */
export async function vipSettings(db: TDb, merchantId: number): Promise<TOperatorVipSettings> {
  const [settings, levels, rates] = await Promise.all([rewardsSettings(db, merchantId), vipLevels(db, merchantId), rebateRates(db, merchantId)]);
  return {
    periodDays: settings.periodDays,
    rebatePayout: settings.payout,
    levels: levels.map((l) => ({
      level: l.level,
      nameEn: l.name_en,
      nameBn: l.name_bn,
      minDepositMinor: Number(l.min_deposit_minor),
      minTurnoverMinor: Number(l.min_turnover_minor),
      upgradeBonusMinor: Number(l.upgrade_bonus_minor),
      withdrawLimitMinor: Number(l.withdraw_limit_minor),
      withdrawCount: l.withdraw_count,
      rates: rates.filter((r) => r.level === l.level).map((r) => ({ gameType: ZGameType.parse(r.game_type), rateBp: r.rate_bp })),
    })),
  };
}

/** The rules the table's checks do not hold: level 0 first and free, levels in a row, thresholds never lower than the level below. */
function checkLevels(req: TOperatorVipSettings): void {
  const levels = req.levels;
  if (levels[0]?.level !== 0 || levels[0].minDepositMinor !== 0 || levels[0].minTurnoverMinor !== 0)
    throw fieldFailure('levels', OPERATOR_PROMOTION_MESSAGES.vipLevelZero);
  levels.forEach((l, i) => {
    const below = levels[i - 1];
    if (l.level !== i) throw fieldFailure('levels', OPERATOR_PROMOTION_MESSAGES.vipLevelsOrder);
    if (below && (l.minDepositMinor < below.minDepositMinor || l.minTurnoverMinor < below.minTurnoverMinor))
      throw fieldFailure('levels', OPERATOR_PROMOTION_MESSAGES.vipLevelsOrder);
    if (new Set(l.rates.map((r) => r.gameType)).size !== l.rates.length) throw fieldFailure('levels', OPERATOR_PROMOTION_MESSAGES.vipLevelsOrder);
  });
}

/** Replaces the VIP settings (money.write), audited with before and after; config version bumped. */
export async function setVipSettings(
  deps: TPlatformDeps,
  merchant: TMerchant,
  op: TSessionOperator,
  ip: string,
  req: TOperatorVipSettings,
): Promise<TOperatorVipSettings> {
  checkLevels(req);
  return inTransaction(deps.db, async (trx) => {
    // One editor at a time: the settings row is the merchant's lock for its levels.
    await trx
      .insertInto('rewards_settings')
      .values({ merchant_id: merchant.id, vip_period_days: req.periodDays, rebate_payout: req.rebatePayout })
      .onConflict((oc) => oc.column('merchant_id').doNothing())
      .execute();
    await trx.selectFrom('rewards_settings').select('merchant_id').where('merchant_id', '=', merchant.id).forNoKeyUpdate().execute();
    const before = await vipSettings(trx, merchant.id);
    const top = req.levels.length - 1;
    const held = await trx.selectFrom('members').select('id').where('merchant_id', '=', merchant.id).where('vip_rank', '>', top).limit(1).executeTakeFirst();
    if (held) throw conflict(OPERATOR_PROMOTION_MESSAGES.vipLevelInUse);
    await trx
      .updateTable('rewards_settings')
      .set({ vip_period_days: req.periodDays, rebate_payout: req.rebatePayout })
      .where('merchant_id', '=', merchant.id)
      .execute();
    await trx.deleteFrom('vip_levels').where('merchant_id', '=', merchant.id).where('level', '>', top).execute();
    for (const l of req.levels) {
      const row = {
        name_en: l.nameEn,
        name_bn: l.nameBn,
        min_deposit_minor: l.minDepositMinor,
        min_turnover_minor: l.minTurnoverMinor,
        upgrade_bonus_minor: l.upgradeBonusMinor,
        withdraw_limit_minor: l.withdrawLimitMinor,
        withdraw_count: l.withdrawCount,
      };
      await trx
        .insertInto('vip_levels')
        .values({ merchant_id: merchant.id, level: l.level, ...row })
        .onConflict((oc) => oc.columns(['merchant_id', 'level']).doUpdateSet(row))
        .execute();
      // The member's label follows the level's English name (docs/0091).
      await trx.updateTable('members').set({ vip_label: l.nameEn }).where('merchant_id', '=', merchant.id).where('vip_rank', '=', l.level).execute();
    }
    await trx.deleteFrom('rebate_rates').where('merchant_id', '=', merchant.id).execute();
    const rates = req.levels.flatMap((l) => l.rates.map((r) => ({ merchant_id: merchant.id, level: l.level, game_type: r.gameType, rate_bp: r.rateBp })));
    if (rates.length > 0) await trx.insertInto('rebate_rates').values(rates).execute();
    const after = await vipSettings(trx, merchant.id);
    await auditedConfigChange(trx, { merchantId: merchant.id, actor: op, ip, action: 'vip.settings.set', before, after });
    return after;
  });
}
