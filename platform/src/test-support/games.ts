import type { LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { beforeAll, expect } from 'vitest';
import { WLG_PATHS, WPS_PATHS, ZWlgOpenResponse } from '@wl/schemas';
import { openSession, sessionOf, type TGameSession } from '../games/provider/game-sessions.ts';
import { sha256Hex } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { DEMO_ACCOUNTS } from '../seed/seed.ts';
import { accountFor, houseAccountId, transfer } from '../wallet/ledger.service.ts';
import { usePlatform } from './db.ts';
import { loginToken } from './http.ts';
import { demoMemberRow } from './demo-merchant.ts';

/** What a launchGame call answers, as the built-in games' tests read it. */
export type TLaunchAnswer = { success: boolean; code: number; message: string; value: { content: { game_url: string } } | null };

/**
 * Per test file of the built-in games (docs/0039): the platform of usePlatform, listening on
 * loopback because the provider reaches the wallet over real HTTP on the platform's own address,
 * with demo_member logged in (`member`, set before the file's tests run), and the calls every game's
 * test makes: posts, launches by node id, opening a game page by its ticket, demo_member's wallet
 * and the wallet calls of a provider round.
 */
export function useGamePlatform(opts: Parameters<typeof usePlatform>[0] = {}) {
  const ctx = usePlatform(opts);
  const post = (url: string, payload: unknown, token?: string): Promise<LightMyRequestResponse> =>
    ctx.app.inject({ method: 'POST', url, payload: payload as object, ...(token ? { headers: { authorization: token } } : {}) });
  const games = {
    ctx,
    /** demo_member's session token. */
    member: '',
    post,
    /** launchGame of a game by node id (a null token: a visitor; accountType 0: free play). */
    launch: async (nodeId: string, token: string | null, accountType = 1) =>
      (
        await ctx.app.inject({
          url: `${WPS_PATHS.launchGame}?nodeId=${nodeId}&launchMode=GLS&accountType=${accountType}`,
          ...(token ? { headers: { authorization: token } } : {}),
        })
      ).json() as TLaunchAnswer,
    /** Opens the game page a launch answered, by its ticket, as the page does. */
    openPage: async (gameUrl: URL) => {
      const res = await post(WLG_PATHS.open, { ticket: gameUrl.searchParams.get('ticket') });
      expect(res.json()).toMatchObject({ success: true });
      return ZWlgOpenResponse.parse(res.json().value);
    },
    demoMemberId: async () => (await demoMemberRow(ctx.db, DEMO_ACCOUNTS.member.username).select('id').executeTakeFirstOrThrow()).id,
    /** A member's wallet balance on the demo merchant. */
    walletOf: async (memberId: number) => {
      const id = await accountFor(ctx.db, { id: 1, currency: 'BDT' }, 'member_wallet', { memberId });
      return Number((await ctx.db.selectFrom('ledger_accounts').select('balance_minor').where('id', '=', id).executeTakeFirstOrThrow()).balance_minor);
    },
    /** The wallet calls of a provider round, in order. */
    walletCallsOf: (round: string) =>
      ctx.db.selectFrom('seamless_transactions').select(['transaction_id', 'kind', 'amount_minor']).where('round_id', '=', round).orderBy('id').execute(),
  };
  beforeAll(async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    games.member = await loginToken(ctx.app, DEMO_ACCOUNTS.member.username, DEMO_ACCOUNTS.member.password);
  });
  return games;
}

/**
 * A real-money player of a built-in game for load tests: `openingMinor` credited from the house into
 * the member's wallet (idempotency key `<key>:<member id>`), then a launch ticket written as
 * launchGame writes it and opened as the game page opens it. Answers the wallet account and the session.
 */
export async function fundedPlayer(
  deps: TPlatformDeps,
  merchant: { id: number; currency: string },
  memberId: number,
  game: { id: number },
  opts: { openingMinor: number; key: string; now: number },
): Promise<{ wallet: number; session: TGameSession }> {
  const wallet = await accountFor(deps.db, merchant, 'member_wallet', { memberId });
  await transfer(deps.db, {
    from: (await houseAccountId(deps.db, merchant.id))!,
    to: wallet,
    amountMinor: opts.openingMinor,
    owner: { kind: 'system', id: 0 },
    idempotencyKey: `${opts.key}:${memberId}`,
    kind: 'seed_credit',
  });
  const ticket = randomBytes(24).toString('base64url');
  await deps.db
    .insertInto('launch_tickets')
    .values({ ticket_hash: sha256Hex(ticket), member_id: memberId, game_id: game.id, account_type: 1, expires_at: new Date(opts.now + 60_000) })
    .execute();
  const { token } = await openSession(deps, merchant.id, ticket);
  return { wallet, session: await sessionOf(deps, merchant.id, token) };
}
