import { ZGameType, type GAME_TYPES, type TGame, type TGameCategory, type TLanguage, type TVendorCard, type TWinner } from '@wl/schemas';
import type { TMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { CATEGORY_TITLES } from '../kernel/catalogue.ts';
import { enabledGameTypes, hotGames, listGames, realWins, vendorsWithFirstGame, winners, type TGameRow } from './catalogue.queries.ts';

/** Artwork URLs served by the assets area (same origin; imageCDNs [''] in permission info). */
export const gameIconUrl = (nodeId: string, language: TLanguage = 'en') =>
  `/wps/assets/game/${encodeURIComponent(nodeId)}${language === 'bn' ? '.bn' : ''}.svg`;
export const vendorLogoUrl = (vassalage: string) => `/wps/assets/vendor/${encodeURIComponent(vassalage)}.svg`;

/** A game row as the wire's ZGame, named in the requested language. */
export function toGame(row: TGameRow, language: TLanguage): TGame {
  return {
    nodeId: row.node_id,
    displayName: language === 'bn' ? row.name_bn : row.name_en,
    gameName: row.name_en,
    gameCode: row.game_code,
    iconUrl: gameIconUrl(row.node_id, language),
    vassalage: row.vassalage,
    vendorName: row.vendor_name,
    gameType: ZGameType.parse(row.game_type),
    hasFreeTrial: row.has_free_trial,
  };
}

/**
 * Categories in the operator's order (the GAME_<type> node's place, a configuration field:
 * docs/0141; the seed places them LOTT…CRASH), only enabled ones with vendors, cards by vendor.
 */
export async function gameMenus(deps: TPlatformDeps, merchant: TMerchant, language: TLanguage): Promise<TGameCategory[]> {
  const [enabled, vendors] = await Promise.all([enabledGameTypes(deps.db, merchant.id), vendorsWithFirstGame(deps.db, merchant.id)]);
  const out: TGameCategory[] = [];
  for (const type of enabled) {
    const parsed = ZGameType.safeParse(type);
    if (!parsed.success) continue;
    const gameType = parsed.data;
    const cards: TVendorCard[] = vendors
      .filter((v) => v.game_type === gameType)
      .map((v) => ({
        vassalage: v.vassalage,
        displayName: v.name,
        gameCode: v.is_game === 'GAME' ? (v.first_game_code ?? null) : null,
        isGame: v.is_game,
        gameType,
        lagerIcon: vendorLogoUrl(v.vassalage),
        logoUrl: vendorLogoUrl(v.vassalage),
      }));
    if (cards.length === 0) continue;
    const [en, bn] = CATEGORY_TITLES[gameType];
    out.push({ gameType, title: language === 'bn' ? bn : en, gameClassify: gameType, cards });
  }
  return out;
}

/** The vendor feed: one lane per enabled category (UPSTREAM-NOTES GCSGAME_newGameVendor). */
export async function vendorLanes(deps: TPlatformDeps, merchant: TMerchant, language: TLanguage) {
  const menus = await gameMenus(deps, merchant, language);
  return { lanes: menus.map((m) => ({ gameType: m.gameType, vendors: m.cards })) };
}

/** A page of the game list with totals. */
export async function gameList(
  deps: TPlatformDeps,
  merchant: TMerchant,
  q: { gameType?: (typeof GAME_TYPES)[number]; vassalage?: string; gameName?: string; pageNo: number; pageSize: number },
  language: TLanguage,
) {
  const enabledTypes = await enabledGameTypes(deps.db, merchant.id);
  const { rows, total } = await listGames(deps.db, merchant.id, { ...q, gameName: q.gameName || undefined, language, enabledTypes });
  return { games: rows.map((r) => toGame(r, language)), totalPages: Math.ceil(total / q.pageSize), total };
}

/** Hot games (docs/rules/games.md: cached by the client until refresh). */
export async function hotGameList(deps: TPlatformDeps, merchant: TMerchant, vassalage: string | undefined, language: TLanguage) {
  const enabledTypes = await enabledGameTypes(deps.db, merchant.id);
  const rows = await hotGames(deps.db, merchant.id, vassalage, enabledTypes, deps.clock());
  return { list: rows.map((r) => toGame(r, language)) };
}

/** A winner's name as the board shows it, like the upstream's: two letters, stars, the last character. */
export function maskName(username: string): string {
  return `${username.slice(0, 2)}***${username.slice(-1)}`;
}

/** The winner board (docs/rules/games.md#g-9 Home details). */
export async function winnerBoard(deps: TPlatformDeps, merchant: TMerchant, limit: number, language: TLanguage): Promise<{ list: TWinner[] }> {
  // Real wins first (docs/0039), then the seed's history of vendors the platform does not run.
  const real = await realWins(deps.db, merchant.id, limit, deps.clock());
  const seeded = real.length < limit ? await winners(deps.db, merchant.id, limit - real.length) : [];
  const rows = [...real.map((r) => ({ ...r, customer_name: maskName(r.username), win_amount_minor: r.payout_minor })), ...seeded];
  return {
    list: rows.map((r) => ({
      vo: {
        customerName: r.customer_name,
        winAmount: r.win_amount_minor,
        nodeId: r.node_id,
        gameName: language === 'bn' ? r.name_bn : r.name_en,
        vassalage: r.vassalage,
        gameType: ZGameType.parse(r.game_type),
      },
    })),
  };
}
