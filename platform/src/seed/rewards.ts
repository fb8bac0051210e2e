import type { Transaction } from 'kysely';
import { GAME_TYPES } from '@wl/schemas';
import type { DB } from '../db/schema.ts';

const BN_DIGITS = '০১২৩৪৫৬৭৮৯';
const bnNumber = (n: number) => [...String(n)].map((d) => BN_DIGITS[Number(d)]).join('');

/** Demo VIP levels (docs/0091), amounts in minor units (paisa): thresholds over 30 days, benefits. */
const LEVELS = [
  { level: 0, deposit: 0, turnover: 0, bonus: 0, withdraw: 50_000_00, count: 3 },
  { level: 1, deposit: 1_000_00, turnover: 5_000_00, bonus: 50_00, withdraw: 100_000_00, count: 5 },
  { level: 2, deposit: 5_000_00, turnover: 25_000_00, bonus: 200_00, withdraw: 200_000_00, count: 8 },
  { level: 3, deposit: 20_000_00, turnover: 100_000_00, bonus: 800_00, withdraw: 500_000_00, count: 10 },
  { level: 4, deposit: 100_000_00, turnover: 500_000_00, bonus: 3_000_00, withdraw: 1_000_000_00, count: 15 },
  { level: 5, deposit: 500_000_00, turnover: 2_500_000_00, bonus: 10_000_00, withdraw: 2_000_000_00, count: 20 },
] as const;

/** Rebate rates at level 0 in basis points, by game type; each level above adds a tenth of a percent. */
const BASE_RATE_BP: Readonly<Record<(typeof GAME_TYPES)[number], number>> = {
  LOTT: 30,
  ELOTT: 30,
  LIVE: 40,
  SPORTS: 40,
  ESPORTS: 40,
  FISH: 50,
  RNG: 50,
  PVP: 30,
  COCKFIGHT: 30,
  CRASH: 50,
};

/** The demo merchant's VIP levels and rebate rates; rebates claimed by the member (manualRebate). */
export async function seedRewards(trx: Transaction<DB>, merchantId: number): Promise<void> {
  await trx.insertInto('rewards_settings').values({ merchant_id: merchantId, vip_period_days: 30, rebate_payout: 'manual' }).execute();
  await trx
    .insertInto('vip_levels')
    .values(
      LEVELS.map((l) => ({
        merchant_id: merchantId,
        level: l.level,
        name_en: l.level === 0 ? 'Member' : `VIP ${l.level}`,
        name_bn: l.level === 0 ? 'সদস্য' : `ভিআইপি ${bnNumber(l.level)}`,
        min_deposit_minor: l.deposit,
        min_turnover_minor: l.turnover,
        upgrade_bonus_minor: l.bonus,
        withdraw_limit_minor: l.withdraw,
        withdraw_count: l.count,
      })),
    )
    .execute();
  await trx
    .insertInto('rebate_rates')
    .values(LEVELS.flatMap((l) => GAME_TYPES.map((t) => ({ merchant_id: merchantId, level: l.level, game_type: t, rate_bp: BASE_RATE_BP[t] + 10 * l.level }))))
    .execute();
}
