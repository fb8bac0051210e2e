import { SEAMLESS_HEADERS, SEAMLESS_PATHS } from '@wl/schemas';
import type { FastifyInstance } from 'fastify';
import { BUILT_IN_PROVIDER } from '../kernel/catalogue.ts';
import { newSeamlessNonce, seamlessSignature } from '../games/seamless-signature.ts';

export type TSeamlessCallAnswer = {
  status: number;
  body: { success: boolean; message: string | null; value: { balanceMinor: number; duplicate: boolean } | null };
};

/**
 * A provider's signed wallet calls as a test sends them (docs/0035), the built-in provider's unless
 * `provider` names another: a bet, a win and a rollback of `gameCode`, each round `R:<bet id>` unless
 * told. `secret` is read at call time.
 */
export function seamlessCalls(
  ctx: { app: FastifyInstance },
  secret: () => string,
  now: () => number,
  gameCode = 'slot',
  provider: string = BUILT_IN_PROVIDER.code,
) {
  async function call(path: string, body: unknown): Promise<TSeamlessCallAnswer> {
    const payload = JSON.stringify(body);
    const timestamp = String(now());
    const nonce = newSeamlessNonce();
    const res = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/json',
        [SEAMLESS_HEADERS.provider]: provider,
        [SEAMLESS_HEADERS.timestamp]: timestamp,
        [SEAMLESS_HEADERS.nonce]: nonce,
        [SEAMLESS_HEADERS.signature]: seamlessSignature(secret(), { method: 'POST', path, timestamp, nonce, body: payload }),
      },
      payload,
    });
    return { status: res.statusCode, body: res.json() as TSeamlessCallAnswer['body'] };
  }
  return {
    call,
    balance: async (playerId: string) => (await call(SEAMLESS_PATHS.balance, { playerId })).body.value!.balanceMinor,
    bet: (playerId: string, transactionId: string, amountMinor: number, roundId = `R:${transactionId}`) =>
      call(SEAMLESS_PATHS.bet, { playerId, roundId, transactionId, gameCode, amountMinor }),
    win: (playerId: string, transactionId: string, amountMinor: number, roundOfBet: string) =>
      call(SEAMLESS_PATHS.win, { playerId, roundId: `R:${roundOfBet}`, transactionId, gameCode, amountMinor }),
    rollback: (playerId: string, transactionId: string, refTransactionId: string) =>
      call(SEAMLESS_PATHS.rollback, { playerId, roundId: `R:${refTransactionId}`, transactionId, gameCode, refTransactionId }),
  };
}
