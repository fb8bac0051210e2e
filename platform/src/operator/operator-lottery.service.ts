import { LOTTERY_SETTINGS_ACTION, type TOperatorLotterySettingsResponse, type TOperatorSetLotterySettingsRequest } from '@wl/schemas';
import { LOTTERY_PAYOUT_KEYS } from '@wl/schemas/games/lottery';
import type { TMerchant, TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { wpsErrors } from '../http/envelope.ts';
import { lotterySettingsOf, withdrawEmptyOpenDraws } from '../games/provider/lottery.service.ts';
import { auditedConfigChange } from '../audit/operator-audit.ts';

/** The merchant's lottery games with their draw interval and payout table (config.read). */
export async function operatorLotterySettings(deps: TPlatformDeps, merchantId: number): Promise<TOperatorLotterySettingsResponse> {
  const games = await deps.db
    .selectFrom('games')
    .select(['id', 'game_code', 'name_en', 'name_bn'])
    .where('merchant_id', '=', merchantId)
    .where('engine', '=', 'lottery')
    .orderBy('id')
    .execute();
  const out: TOperatorLotterySettingsResponse['games'] = [];
  for (const g of games) out.push({ gameCode: g.game_code, nameEn: g.name_en, nameBn: g.name_bn, settings: await lotterySettingsOf(deps.db, g.id) });
  return { games: out };
}

/**
 * Sets a lottery game's draw interval and payout table (money.write, docs/0066), validated by the request
 * schema (interval 30–3600 s, each payout within lotteryPayoutBounds: never above the odds). Live:
 * an open draw without bets is withdrawn and the next opens on the new interval (one holding bets
 * keeps its close); the next bet takes the new table (a taken bet keeps the payout it was taken at). A real change is audited with before and after; a
 * no-op writes nothing; a game that is not one of the merchant's lotteries is 404.
 */
export async function setLotterySettings(
  deps: TPlatformDeps,
  merchant: TMerchant,
  op: TSessionOperator,
  ip: string,
  req: TOperatorSetLotterySettingsRequest,
): Promise<TOperatorLotterySettingsResponse> {
  await deps.db.transaction().execute(async (trx) => {
    const game = await trx
      .selectFrom('games')
      .select(['id', 'game_code'])
      .where('merchant_id', '=', merchant.id)
      .where('game_code', '=', req.gameCode)
      .where('engine', '=', 'lottery')
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!game) throw wpsErrors.notFound();
    const before = await lotterySettingsOf(trx, game.id);
    const after = { intervalSeconds: req.settings.intervalSeconds, payouts: Object.fromEntries(LOTTERY_PAYOUT_KEYS.map((k) => [k, req.settings.payouts[k]])) };
    if (JSON.stringify(before) === JSON.stringify(after)) return;
    await trx
      .insertInto('lottery_settings')
      .values({ game_id: game.id, interval_seconds: after.intervalSeconds, payouts: JSON.stringify(after.payouts), updated_at: deps.clock() })
      .onConflict((oc) =>
        oc.column('game_id').doUpdateSet({ interval_seconds: after.intervalSeconds, payouts: JSON.stringify(after.payouts), updated_at: deps.clock() }),
      )
      .execute();
    if (before.intervalSeconds !== after.intervalSeconds) await withdrawEmptyOpenDraws(trx, game.id);
    await auditedConfigChange(trx, {
      merchantId: merchant.id,
      actor: op,
      ip,
      action: LOTTERY_SETTINGS_ACTION,
      before: { gameCode: game.game_code, ...before },
      after: { gameCode: game.game_code, ...after },
    });
  });
  return operatorLotterySettings(deps, merchant.id);
}
