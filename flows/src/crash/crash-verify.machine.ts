import { asciiDigits } from '@wl/schemas/domain/digits';
import { crashPointOf } from '@wl/schemas/games/crash';
import { mixedClientSeed, roundMix, serverSeedHash } from '@wl/schemas/games/fair';
import { assign, fromPromise, setup } from 'xstate';

/** What the verify view starts from: a round picked in the history, or blank fields. */
export type TCrashVerifyInput = { serverSeed: string; expectedHash: string; gameCode: string; roundNo: string; mixTickets: string[] | null };
export type TCrashVerifyField = Exclude<keyof TCrashVerifyInput, 'mixTickets'>;
export type TCrashVerifyResult = { x100: number; hash: string };

export type TCrashVerifyEvent = { type: 'verify.change'; field: TCrashVerifyField; value: string } | { type: 'verify.run' };

export type TCrashVerifyContext = {
  input: TCrashVerifyInput;
  result: TCrashVerifyResult | null;
  /** The fields cannot name a round (bad round number or game code, no seed). */
  invalid: boolean;
};

function inputValid(input: TCrashVerifyInput): boolean {
  return /^[1-9][0-9]{0,8}$/.test(asciiDigits(input.roundNo.trim())) && /^[A-Za-z0-9_.-]{1,64}$/.test(input.gameCode) && input.serverSeed.length > 0;
}

/** Recomputes a round's crash point and its seed's hash from the revealed seed (schemas/games/crash.ts): pure, in the browser. */
export const verifyCrashRound = fromPromise<TCrashVerifyResult, TCrashVerifyInput>(async ({ input }) => {
  // docs/0073: a chained round mixes in the hash of its published tickets (the round before's first bets).
  const clientSeed = input.mixTickets === null ? input.gameCode : mixedClientSeed(input.gameCode, await roundMix(input.mixTickets));
  const roundNo = Number(asciiDigits(input.roundNo.trim()));
  const [x100, hash] = await Promise.all([crashPointOf(input.serverSeed, clientSeed, roundNo), serverSeedHash(input.serverSeed)]);
  return { x100, hash };
});

/**
 * The crash game's verify view (docs/0042): edit the seed, the expected hash, the game code and the
 * round number, then recompute. Fields that cannot name a round say so and clear the last result.
 * The recomputation is pure, so the machine carries it (verifyCrashRound); tests may replace it.
 */
export const crashVerifyMachine = setup({
  types: { context: {} as TCrashVerifyContext, events: {} as TCrashVerifyEvent, input: {} as TCrashVerifyInput },
  actors: { verify: verifyCrashRound },
  guards: { valid: ({ context }) => inputValid(context.input) },
  actions: {
    change: assign(({ context, event }) => (event.type === 'verify.change' ? { input: { ...context.input, [event.field]: event.value } } : {})),
    refuse: assign({ invalid: true, result: null }),
    accept: assign({ invalid: false }),
    storeResult: assign((_, params: { result: TCrashVerifyResult }) => ({ result: params.result })),
  },
}).createMachine({
  id: 'crashVerify',
  context: ({ input }) => ({ input, result: null, invalid: false }),
  on: { 'verify.change': { actions: 'change' } },
  initial: 'editing',
  states: {
    editing: {
      on: { 'verify.run': [{ guard: 'valid', target: 'checking', actions: 'accept' }, { actions: 'refuse' }] },
    },
    checking: {
      invoke: {
        id: 'verify',
        src: 'verify',
        input: ({ context }) => context.input,
        onDone: { target: 'editing', actions: { type: 'storeResult', params: ({ event }) => ({ result: event.output }) } },
        onError: { target: 'editing', actions: 'refuse' },
      },
    },
  },
});
