import { z } from 'zod';
import {
  SEAMLESS_HEADERS,
  SEAMLESS_PATHS,
  WPS_CODES,
  ZSeamlessAnswer,
  type TSeamlessAnswer,
  type TSeamlessBetRequest,
  type TSeamlessRollbackRequest,
  type TSeamlessWinRequest,
} from '@wl/schemas';
import { newSeamlessNonce, seamlessSignature } from '../seamless-signature.ts';

/** What a refusal carries: the balance, and for a protection refusal when play may go on (docs/0104). */
const ZRefusalValue = ZSeamlessAnswer.pick({ balanceMinor: true, currency: true }).extend({ resetAt: z.string().datetime().nullable().optional() });

/** A refusal the wallet answered (its wps code and message key, and the balance when it sent one). */
export class WalletRefusal extends Error {
  constructor(
    readonly code: number,
    readonly messageKey: string,
    readonly balance: z.infer<typeof ZRefusalValue> | null,
  ) {
    super(`wallet refused: ${code} ${messageKey}`);
  }
}

/** The wallet could not be reached, or answered something that is not the protocol: the outcome is unknown. */
export class WalletUnreachable extends Error {}

export type TWalletClientOptions = {
  /** The operator's wallet base URL (the platform's own loopback address for the built-in provider). */
  baseUrl: () => string;
  providerCode: string;
  secret: () => Promise<string>;
  clock?: () => Date;
  /** Attempts per call, with the same transaction id each time (the wallet's idempotency makes that safe). */
  attempts?: number;
  timeoutMs?: number;
};

/** When the caller of a wallet call stops waiting for it (epoch ms, on the provider's clock), if it does (docs/0088). */
export type TWalletCallOptions = { deadlineMs?: number };

/**
 * The provider side of the seamless wallet (docs/0035): signed JSON POSTs over real HTTP, exactly as
 * a third-party game server would send them. A network failure is retried with the same body, so a
 * call the wallet already carried out answers as a duplicate instead of moving money twice. A call
 * with a deadline sends it (the wallet then commits nothing past it), waits no longer than it and
 * starts no attempt after it: its outcome is then unknown, and the wallet has not moved money for
 * an attempt that ended past it (docs/0088).
 */
export function createWalletClient(opts: TWalletClientOptions) {
  const attempts = opts.attempts ?? 3;
  const timeoutMs = opts.timeoutMs ?? 5_000;
  const clock = opts.clock ?? (() => new Date());

  async function once(path: string, body: string, deadlineMs: number | undefined): Promise<TSeamlessAnswer> {
    // Every attempt is signed anew (its own nonce): the wallet refuses a copy of a signed call (docs/0072).
    const timestamp = String(clock().getTime());
    const nonce = newSeamlessNonce();
    const signature = seamlessSignature(await opts.secret(), { method: 'POST', path, timestamp, nonce, body });
    let res: Response;
    try {
      res = await fetch(opts.baseUrl() + path, {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          [SEAMLESS_HEADERS.provider]: opts.providerCode,
          [SEAMLESS_HEADERS.timestamp]: timestamp,
          [SEAMLESS_HEADERS.nonce]: nonce,
          [SEAMLESS_HEADERS.signature]: signature,
          ...(deadlineMs === undefined ? {} : { [SEAMLESS_HEADERS.deadline]: String(deadlineMs) }),
        },
        signal: AbortSignal.timeout(deadlineMs === undefined ? timeoutMs : Math.max(1, Math.min(timeoutMs, deadlineMs - Number(timestamp)))),
      });
    } catch (err) {
      throw new WalletUnreachable(`wallet unreachable: ${(err as Error).message}`);
    }
    let json: { success?: boolean; value?: unknown; code?: number; message?: string };
    try {
      json = (await res.json()) as typeof json;
    } catch {
      throw new WalletUnreachable(`wallet answered ${res.status} without JSON`);
    }
    if (json.success) {
      const parsed = ZSeamlessAnswer.safeParse(json.value);
      if (!parsed.success) throw new WalletUnreachable('wallet answered an unknown shape');
      return parsed.data;
    }
    if (res.status >= 500 || json.code === WPS_CODES.internal || json.code === WPS_CODES.systemBusy) throw new WalletUnreachable(`wallet failed: ${json.code}`);
    const balance = ZRefusalValue.safeParse(json.value);
    throw new WalletRefusal(json.code ?? res.status, json.message ?? '', balance.success ? balance.data : null);
  }

  async function call(path: string, payload: unknown, { deadlineMs }: TWalletCallOptions = {}): Promise<TSeamlessAnswer> {
    const body = JSON.stringify(payload);
    let last: unknown = new WalletUnreachable('wallet not asked: the deadline had passed');
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (deadlineMs !== undefined && clock().getTime() >= deadlineMs) break;
      try {
        return await once(path, body, deadlineMs);
      } catch (err) {
        if (!(err instanceof WalletUnreachable)) throw err;
        last = err;
      }
    }
    throw last;
  }

  return {
    balance: (playerId: string) => call(SEAMLESS_PATHS.balance, { playerId }),
    bet: (req: TSeamlessBetRequest, options?: TWalletCallOptions) => call(SEAMLESS_PATHS.bet, req, options),
    win: (req: TSeamlessWinRequest, options?: TWalletCallOptions) => call(SEAMLESS_PATHS.win, req, options),
    rollback: (req: TSeamlessRollbackRequest) => call(SEAMLESS_PATHS.rollback, req),
  };
}

export type TWalletClient = ReturnType<typeof createWalletClient>;
