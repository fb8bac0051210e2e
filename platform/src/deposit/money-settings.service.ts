import type { Kysely, Transaction } from 'kysely';
import { DEPOSIT_MESSAGES, type TMoneySettings, type TMoneySettingsRequest } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import type { TMerchant, TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { wpsErrors } from '../http/envelope.ts';
import { auditedConfigChange } from '../operator/operator.queries.ts';
import { isDemoMode } from '../system/demo-mode.ts';
import { allChannels } from './deposit.queries.ts';
import { fieldError } from './deposit.service.ts';

/** The merchant's money settings and every deposit channel (money.read). */
export async function moneySettings(db: Kysely<DB> | Transaction<DB>, merchantId: number): Promise<TMoneySettings> {
  const [m, channels] = await Promise.all([
    db
      .selectFrom('merchants')
      .select([
        'withdraw_min_minor',
        'withdraw_max_minor',
        'withdraw_daily_count',
        'withdraw_confirm_minutes',
        'bank_accounts_max',
        'adjustment_four_eyes_minor',
        'merchant_wallet_single',
        'payout_cooling_minutes',
      ])
      .where('id', '=', merchantId)
      .executeTakeFirstOrThrow(),
    allChannels(db, merchantId),
  ]);
  return {
    withdrawMinMinor: m.withdraw_min_minor,
    withdrawMaxMinor: m.withdraw_max_minor,
    withdrawDailyCount: m.withdraw_daily_count,
    withdrawConfirmMinutes: m.withdraw_confirm_minutes,
    bankAccountsMax: m.bank_accounts_max,
    adjustmentFourEyesMinor: m.adjustment_four_eyes_minor,
    merchantWalletSingle: m.merchant_wallet_single,
    payoutCoolingMinutes: m.payout_cooling_minutes,
    channels: channels.map((c) => ({
      id: c.id,
      code: c.code,
      name: c.name,
      minMinor: c.min_minor,
      maxMinor: c.max_minor,
      quickAmountsMinor: c.quick_amounts_minor,
      autoSettleSeconds: c.auto_settle_seconds,
      enabled: c.enabled,
    })),
  };
}

const defined = <T extends object>(o: T): Partial<T> => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * Changes some money settings (money.write). Ranges are checked by the schema; what spans fields
 * here: withdraw max ≥ min, each channel's max ≥ min and its quick amounts within them, channel ids
 * of this merchant. Nothing is written unless all of it holds. A real change bumps the config
 * version and is audited with before and after, in one transaction under the merchant row's lock.
 */
export async function setMoneySettings(deps: TPlatformDeps, merchant: TMerchant, op: TSessionOperator, ip: string, req: TMoneySettingsRequest): Promise<TMoneySettings> {
  return deps.db.transaction().execute(async (trx) => {
    await trx.selectFrom('merchants').select('id').where('id', '=', merchant.id).forUpdate().executeTakeFirstOrThrow();
    const current = await moneySettings(trx, merchant.id);
    const { channels: channelChanges = [], ...top } = req;
    // Auto-settle exists only in demo mode (docs/0065): a real channel settles by an operator.
    const autoSettleAllowed = await isDemoMode(trx, merchant.id, deps);
    const next: TMoneySettings = { ...current, ...defined(top), channels: current.channels.map((c) => ({ ...c })) };
    if (next.withdrawMaxMinor < next.withdrawMinMinor) throw fieldError(top.withdrawMaxMinor === undefined ? 'withdrawMinMinor' : 'withdrawMaxMinor', DEPOSIT_MESSAGES.withdrawRangeInvalid);
    for (const [i, change] of channelChanges.entries()) {
      const channel = next.channels.find((c) => c.id === change.id);
      if (!channel) throw wpsErrors.notFound();
      if (typeof change.autoSettleSeconds === 'number' && !autoSettleAllowed) throw fieldError(`channels.${i}.autoSettleSeconds`, DEPOSIT_MESSAGES.autoSettleDemoOnly);
      Object.assign(channel, defined(change));
      if (channel.maxMinor < channel.minMinor) throw fieldError(`channels.${i}.maxMinor`, DEPOSIT_MESSAGES.channelRangeInvalid);
      if (channel.quickAmountsMinor.some((q) => q < channel.minMinor || q > channel.maxMinor)) {
        throw fieldError(`channels.${i}.quickAmountsMinor`, DEPOSIT_MESSAGES.channelRangeInvalid);
      }
    }
    if (JSON.stringify(next) === JSON.stringify(current)) return current;
    await trx
      .updateTable('merchants')
      .set({
        withdraw_min_minor: next.withdrawMinMinor,
        withdraw_max_minor: next.withdrawMaxMinor,
        withdraw_daily_count: next.withdrawDailyCount,
        withdraw_confirm_minutes: next.withdrawConfirmMinutes,
        bank_accounts_max: next.bankAccountsMax,
        adjustment_four_eyes_minor: next.adjustmentFourEyesMinor,
        merchant_wallet_single: next.merchantWalletSingle,
        payout_cooling_minutes: next.payoutCoolingMinutes,
      })
      .where('id', '=', merchant.id)
      .execute();
    for (const c of next.channels) {
      const before = current.channels.find((x) => x.id === c.id)!;
      if (JSON.stringify(before) === JSON.stringify(c)) continue;
      await trx
        .updateTable('deposit_channels')
        .set({
          min_minor: c.minMinor,
          max_minor: c.maxMinor,
          quick_amounts_minor: JSON.stringify(c.quickAmountsMinor),
          auto_settle_seconds: c.autoSettleSeconds,
          enabled: c.enabled,
        })
        .where('id', '=', c.id)
        .where('merchant_id', '=', merchant.id)
        .execute();
    }
    await auditedConfigChange(trx, { merchantId: merchant.id, actor: op, ip, action: 'money.settings.set', before: current, after: next });
    return next;
  });
}
