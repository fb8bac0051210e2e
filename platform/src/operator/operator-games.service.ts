import {
  GAME_SWITCH_ACTIONS,
  GAME_TYPES,
  ZGameType,
  type TLanguage,
  type TOperatorGame,
  type TOperatorGameCategoriesResponse,
  type TOperatorGamesQuery,
  type TOperatorGamesResponse,
  type TOperatorSetGameCategoryRequest,
  type TOperatorSetGameRequest,
} from '@wl/schemas';
import { categoryModId, categorySwitches, gameForSwitch, switchableGame, switchableGames } from '../catalogue/game-switch.queries.ts';
import type { TMerchant, TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { wpsErrors } from '../http/envelope.ts';
import { CATEGORY_TITLES } from '../kernel/catalogue.ts';
import { auditedConfigChange } from '../audit/operator-audit.ts';
import { switchWhitelabelNode } from './operator.service.ts';

/** Every category in the fixed order LOTT…CRASH with its switch and counts (config.read). */
export async function operatorGameCategories(deps: TPlatformDeps, merchantId: number, language: TLanguage): Promise<TOperatorGameCategoriesResponse> {
  const { enabled, counts } = await categorySwitches(deps.db, merchantId);
  return {
    categories: GAME_TYPES.map((gameType) => {
      const [en, bn] = CATEGORY_TITLES[gameType];
      const c = counts.get(gameType) ?? { games: 0, gamesOff: 0, vendors: 0 };
      return { gameType, title: language === 'bn' ? bn : en, enabled: enabled.get(categoryModId(gameType)) === true, ...c };
    }),
  };
}

/**
 * Switches a category (whitelabel.write): its GAME_<type> node, the same switch enabledGameTypes
 * reads. A real change bumps config_version (open pages refetch, docs/0021) and is audited with
 * before and after; a no-op writes nothing; a category the merchant lacks is 404.
 */
export async function setGameCategory(
  deps: TPlatformDeps,
  merchant: TMerchant,
  op: TSessionOperator,
  ip: string,
  req: TOperatorSetGameCategoryRequest,
  language: TLanguage,
): Promise<TOperatorGameCategoriesResponse> {
  const change = { modId: categoryModId(req.gameType), enabled: req.enabled, action: GAME_SWITCH_ACTIONS.category, subject: { gameType: req.gameType } };
  await switchWhitelabelNode(deps, merchant, op, ip, change);
  return operatorGameCategories(deps, merchant.id, language);
}

const toOperatorGame = (r: {
  node_id: string;
  name_en: string;
  name_bn: string;
  vassalage: string;
  vendor_name: string;
  game_type: string;
  enabled: boolean;
}): TOperatorGame => ({
  nodeId: r.node_id,
  nameEn: r.name_en,
  nameBn: r.name_bn,
  vassalage: r.vassalage,
  vendorName: r.vendor_name,
  gameType: ZGameType.parse(r.game_type),
  enabled: r.enabled,
});

/** A page of games, switched on or off, found by name or vendor (config.read). */
export async function operatorGames(deps: TPlatformDeps, merchantId: number, q: TOperatorGamesQuery): Promise<TOperatorGamesResponse> {
  const { rows, total } = await switchableGames(deps.db, merchantId, q);
  return { games: rows.map(toOperatorGame), total, pageNo: q.pageNo, pageSize: q.pageSize };
}

/**
 * Switches one game (whitelabel.write). Off, it leaves every list of the site and its launch is
 * refused with 543 (docs/0037). A real change bumps config_version and is audited; a no-op writes
 * nothing; an unknown game (or another merchant's) is 404.
 */
export async function setGame(
  deps: TPlatformDeps,
  merchant: TMerchant,
  op: TSessionOperator,
  ip: string,
  req: TOperatorSetGameRequest,
): Promise<TOperatorGame> {
  const nodeId = await deps.db.transaction().execute(async (trx) => {
    const game = await gameForSwitch(trx, merchant.id, req.nodeId);
    if (!game) throw wpsErrors.notFound();
    if (game.enabled === req.enabled) return game.node_id;
    await trx.updateTable('games').set({ enabled: req.enabled }).where('id', '=', game.id).execute();
    const what = { nodeId: game.node_id, name: game.name_en, vassalage: game.vassalage, gameType: game.game_type };
    await auditedConfigChange(trx, {
      merchantId: merchant.id,
      actor: op,
      ip,
      action: GAME_SWITCH_ACTIONS.game,
      before: { ...what, enabled: game.enabled },
      after: { ...what, enabled: req.enabled },
    });
    return game.node_id;
  });
  return toOperatorGame(await switchableGame(deps.db, merchant.id, nodeId));
}
