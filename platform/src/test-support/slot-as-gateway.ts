import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { WLG_PATHS, WPS_HEADERS } from '@wl/schemas';
import { BUILT_IN_GAMES } from '../kernel/catalogue.ts';
import type { useGamePlatform } from './games.ts';
import { fromClientIp } from './http.ts';

type TGames = ReturnType<typeof useGamePlatform>;

/** demo_member's real-money slot session, opened as the game page opens it. */
export async function openRealSlot(games: TGames) {
  const launched = await games.launch(BUILT_IN_GAMES[0].nodeId, games.member);
  expect(launched.success).toBe(true);
  return games.openPage(new URL(launched.value!.content.game_url, 'http://x'));
}

/** A spin as the gateway relays it (docs/0078): its secret, and a deadline a minute from `platformNowMs`. */
export const spinAsGateway = (games: TGames, token: string, platformNowMs: number): Promise<LightMyRequestResponse> =>
  games.ctx.app.inject({
    method: 'POST',
    url: WLG_PATHS.slotSpin,
    headers: { ...fromClientIp('203.0.113.9'), [WPS_HEADERS.deadline]: String(platformNowMs + 60_000) },
    payload: { token, betPerLineMinor: 100 },
  });
