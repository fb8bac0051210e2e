import { randomBytes } from 'node:crypto';
import { assertAccountAllows } from '../protection/account-state.ts';
import { assertGameOn } from '../protection/gaming-switch.ts';
import type { z } from 'zod';
import {
  WPS_CODES,
  WPS_MESSAGES,
  lotteryPrizeMode,
  lottoAreaOf,
  RECENT_GAMES_LIMIT,
  type TLanguage,
  type TPrizeMode,
  type ZLotteryLaunchQuery,
} from '@wl/schemas';
import { categoryVendors, enabledGameTypes, isSwitchedOffGame, type TGameRow } from '../catalogue/catalogue.queries.ts';
import { sha256Hex, type TMerchant, type TSessionMember } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError, wpsErrors } from '../http/envelope.ts';
import { gameByCode, gameByNodeId, redeemLaunchTicket, recordRecentGame } from '../member/member.queries.ts';
import { refuseWhileGameOpen } from './provider/game-sessions.ts';
import { assertNotExcluded } from '../protection/exclusion.ts';
import { assertNotStopped } from '../kernel/emergency-stop.ts';

/**
 * The game launch (UPSTREAM-NOTES Game launch, docs/rules/games.md#g-1, #g-3, #g-5): a single-use
 * ticket and the URL that opens the game with it, the built-in games' page or the demo page.
 */

/** A parsed docs/rules/games.md#g-3 lottery launch, its language settled (the launch's, else the request's). */
export type TLotteryLaunch = z.infer<typeof ZLotteryLaunchQuery> & { language: TLanguage };

/** Launch tickets are single use and short lived. */
export const LAUNCH_TICKET_TTL_MS = 5 * 60 * 1000;

/** What a launch ticket carries besides its game: the account type and the lottery fields. */
type TTicketFields = {
  accountType: number;
  /** The launch's language: the demo page of a vendor's game is shown in it (its URL carries it). */
  language: TLanguage;
  lotto?: { prizeMode: TPrizeMode; view: 'betting' | 'lobby'; backUrl: string };
};

/** Stores a single-use ticket (only its hash) and answers the demo game page URL carrying it. */
async function issueTicket(deps: TPlatformDeps, merchant: TMerchant, member: TSessionMember | null, game: TGameRow, f: TTicketFields) {
  // A closed account launches no game, not even for play money (docs/rules/protection.md#p-22).
  if (member !== null) await assertNotExcluded(deps.db, merchant.id, member.memberId, 'launch', deps.clock());
  const ticket = randomBytes(24).toString('base64url');
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('launch_tickets')
      .values({
        ticket_hash: sha256Hex(ticket),
        member_id: member?.memberId ?? null,
        game_id: game.id,
        account_type: f.accountType,
        expires_at: new Date(now.getTime() + LAUNCH_TICKET_TTL_MS),
        lotto_prize_mode: f.lotto?.prizeMode ?? null,
        lotto_view: f.lotto?.view ?? null,
        back_url: f.lotto?.backUrl ?? null,
      })
      .execute();
    // A member's launch goes on their recent list (docs/rules/games.md#g-11 /recent) with the ticket, or not at all.
    if (member !== null) await recordRecentGame(trx, member.memberId, game.id, now, RECENT_GAMES_LIMIT);
  });
  // A built-in game opens in the web's game page (docs/rules/games.md#g-7 /seamless), which opens its session with the
  // ticket (docs/0039); the built-in lottery in docs/rules/games.md#g-7's /lottert, with the launch's lottoView
  // (docs/0041); any other vendor's game is the platform's demo page.
  if (game.engine === 'lottery') {
    return { content: { game_url: `/lottert?game=${encodeURIComponent(game.node_id)}&view=${f.lotto?.view ?? 'betting'}&ticket=${ticket}` } };
  }
  if (game.engine !== null) return { content: { game_url: `/seamless?game=${encodeURIComponent(game.node_id)}&ticket=${ticket}` } };
  return { content: { game_url: `/wps/game/demo/${encodeURIComponent(game.node_id)}?ticket=${ticket}&language=${f.language}` } };
}

/** The merchant's enabled categories; refuses (543) when the game's is off. */
async function requireEnabledType(deps: TPlatformDeps, merchant: TMerchant, gameType: string): Promise<Set<string>> {
  const enabled = await enabledGameTypes(deps.db, merchant.id);
  if (!enabled.has(gameType)) throw new WpsError(WPS_CODES.featureOff, WPS_MESSAGES.featureOff);
  return enabled;
}

/** Why a launch found no game: switched off by the operator (543, docs/0037) or unknown (404). */
async function unknownOrSwitchedOff(
  deps: TPlatformDeps,
  merchant: TMerchant,
  by: { nodeId?: string | undefined; gameCode?: string | undefined },
): Promise<WpsError> {
  return (await isSwitchedOffGame(deps.db, merchant.id, by)) ? new WpsError(WPS_CODES.featureOff, WPS_MESSAGES.featureOff) : wpsErrors.notFound();
}

/**
 * Launches a game (UPSTREAM-NOTES Game launch): answers a URL to the platform's demo game page
 * carrying a single-use ticket. Without a member only free play (accountType 0) starts: docs/rules/games.md#g-5 lets
 * visitors start a free-trial game; real money needs a session.
 */
export async function launchGame(
  deps: TPlatformDeps,
  merchant: TMerchant,
  member: TSessionMember | null,
  q: { nodeId?: string | undefined; gameCode?: string | undefined; accountType: number; language: TLanguage },
): Promise<{ content: { game_url: string } }> {
  if (member === null && q.accountType !== 0) throw wpsErrors.notLoggedIn();
  const game =
    q.nodeId !== undefined
      ? await gameByNodeId(deps.db, merchant.id, q.nodeId)
      : q.gameCode !== undefined
        ? await gameByCode(deps.db, merchant.id, q.gameCode)
        : undefined;
  if (!game) throw await unknownOrSwitchedOff(deps, merchant, q);
  await requireEnabledType(deps, merchant, game.game_type);
  // docs/rules/protection.md#p-31: a real-money launch of a member whose bets are blocked is refused.
  if (member !== null && q.accountType !== 0) await assertAccountAllows(deps.db, member.memberId, 'launch');
  await assertGameOn(deps.db, merchant.id, game); // docs/rules/protection.md#p-33
  await assertNotStopped(deps.db, merchant.id, 'gaming'); // docs/rules/operator.md#o-12
  if (q.accountType === 0 && !game.has_free_trial) throw new WpsError(WPS_CODES.featureOff, WPS_MESSAGES.featureOff);
  // UPSTREAM-NOTES 734: one real-money built-in game open at a time.
  if (game.engine !== null && member !== null && q.accountType !== 0) await refuseWhileGameOpen(deps, member.memberId);
  return issueTicket(deps, merchant, member, game, { accountType: q.accountType, language: q.language });
}

/** A refused lottery field, named (docs/rules/README.md#messages field messages). */
function lotteryFieldError(field: 'lottoArea' | 'lottoPrizeMode'): WpsError {
  return new WpsError(WPS_CODES.badRequest, WPS_MESSAGES.badRequest, { fieldErrors: { [field]: { key: WPS_MESSAGES.badRequest, params: {} } } });
}

/**
 * docs/rules/games.md#g-3 lottery launch: the lottery game named by its game code, in the area of its route, with
 * the prize mode of docs/rules/games.md#g-1 (a launch naming another mode is refused, so the rule holds on the
 * server too), for real money only (lottery routes need a session, docs/rules/games.md#g-4).
 */
export async function launchLottery(
  deps: TPlatformDeps,
  merchant: TMerchant,
  member: TSessionMember,
  q: TLotteryLaunch,
): Promise<{ content: { game_url: string } }> {
  const game = await gameByCode(deps.db, merchant.id, q.lottoGameCode);
  if (!game) throw await unknownOrSwitchedOff(deps, merchant, { gameCode: q.lottoGameCode });
  if (game.game_type !== 'LOTT' && game.game_type !== 'ELOTT') throw wpsErrors.notFound();
  await assertAccountAllows(deps.db, member.memberId, 'launch'); // docs/rules/protection.md#p-31
  await assertGameOn(deps.db, merchant.id, game); // docs/rules/protection.md#p-33
  await assertNotStopped(deps.db, merchant.id, 'gaming'); // docs/rules/operator.md#o-12
  if (lottoAreaOf(game.vassalage) !== q.lottoArea) throw lotteryFieldError('lottoArea');
  const enabled = await requireEnabledType(deps, merchant, game.game_type);
  // The rule reads the categories the site shows, as the web does from its config.
  const categories = (await categoryVendors(deps.db, merchant.id)).filter((c) => enabled.has(c.gameType));
  const expected = lotteryPrizeMode(q.lottoArea, categories);
  if (q.lottoPrizeMode !== expected) throw lotteryFieldError('lottoPrizeMode');
  // UPSTREAM-NOTES 734 holds for the built-in lottery too: one real-money built-in game open at a time.
  if (game.engine !== null) await refuseWhileGameOpen(deps, member.memberId);
  return issueTicket(deps, merchant, member, game, {
    accountType: 1,
    language: q.language,
    lotto: { prizeMode: expected, view: q.lottoView, backUrl: q.backUrl },
  });
}

/** Redeems a launch ticket for the demo game page; null when unknown, used, expired or for another game. */
export function redeemTicket(deps: TPlatformDeps, nodeId: string, ticket: string) {
  return redeemLaunchTicket(deps.db, ticket, deps.clock(), { nodeId });
}
