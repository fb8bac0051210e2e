import { SMS_COUNTDOWN_SECONDS_PER_MINUTE, SMS_THROTTLE_MS, TOO_MANY_REQUESTS_LOCKOUT_MS } from '@wl/schemas/constants';
import { WPS_MESSAGES } from '@wl/schemas/wps/messages';
import { assign, setup } from 'xstate';
import { actorSlot, clean } from '../shared/actor-slot.ts';
import { NOT_EMPTY, toFlowError, withError } from '../shared/flow-error.ts';

/** docs/rules/accounts.md: the third-party route counts down one minute whatever the code's lifetime. */
export const THIRD_PARTY_COUNTDOWN_SECONDS = 60;
/** docs/rules/accounts.md#a-16 phone messages: 'too many requests, retry after 5 minutes'. */
export const SMS_TOO_MANY_REQUESTS = 'sms_too_many_requests';
const LOCKOUT_SECONDS = TOO_MANY_REQUESTS_LOCKOUT_MS / 1000;

/** What the send button sends: the number and, where the form has one, its dialing code. */
export type TSmsRequest = { mobileNum: string; countryDialingCode?: string };

export type TSmsCountdownInput = {
  /** Minutes an SMS code stays valid; the countdown is this × 60 s (docs/rules/accounts.md#a-16). */
  expiredMinutes: number;
  /** 'thirdParty': codes sent through a third-party route count down 60 s. */
  route?: 'platform' | 'thirdParty';
  /** Seconds still to wait, when the form resumes a countdown (see secondsLeftFromServerTime). */
  resumeSecondsLeft?: number;
  /** Lockout after 'too many requests'; docs/rules/accounts.md#a-16 says 5 minutes, the default. */
  lockoutSeconds?: number;
};

export type TSmsCountdownEvent =
  | ({ type: 'sms.send' } & TSmsRequest)
  /** Restart the countdown from a server-time offset (forgot-password form). */
  | { type: 'sms.resume'; secondsLeft: number };

export type TSmsCountdownContext = {
  countdownSeconds: number;
  lockoutSeconds: number;
  /** Seconds until the send button enables again (countdown or lockout); 0 when it is enabled. */
  secondsLeft: number;
  error: string | null;
};

/**
 * Seconds left of a countdown that ends at `endsAtServerMs` on the server clock, seen from a client
 * whose clock is `serverOffsetMs` behind the server's (offset = server now − client now).
 */
export function secondsLeftFromServerTime(args: { endsAtServerMs: number; serverOffsetMs: number; clientNowMs: number }): number {
  const left = Math.ceil((args.endsAtServerMs - (args.clientNowMs + args.serverOffsetMs)) / 1000);
  return Math.max(0, left);
}

const wholeSeconds = (seconds: number) => (Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : 0);

/**
 * docs/rules/accounts.md#a-16 SMS code: send → countdown of expiredMinutes × 60 s (60 s on the third-party route) with
 * the button disabled; at most one send per second; 'too many requests' locks sending for 5 minutes.
 * `secondsLeft` ticks once per second through XState delays. Actor to provide: sendCode.
 */
export const smsCountdownMachine = setup({
  types: {
    context: {} as TSmsCountdownContext,
    events: {} as TSmsCountdownEvent,
    input: {} as TSmsCountdownInput,
  },
  actors: {
    sendCode: actorSlot<void, TSmsRequest>('sendCode'),
  },
  delays: {
    second: 1000,
    sendThrottle: SMS_THROTTLE_MS,
  },
  guards: {
    resuming: ({ context }) => context.secondsLeft > 0,
    numberFilled: ({ event }) => event.type === 'sms.send' && clean(event.mobileNum) !== '',
    resumeWaits: ({ event }) => event.type === 'sms.resume' && wholeSeconds(event.secondsLeft) > 0,
    lastSecond: ({ context }) => context.secondsLeft <= 1,
    tooManyRequests: (_, { error }: { error: unknown }) => {
      const failure = toFlowError(error);
      return failure.details.tooManyRequests === true || failure.messageKey === SMS_TOO_MANY_REQUESTS || failure.messageKey === WPS_MESSAGES.tooManyRequests;
    },
  },
  actions: {
    startCountdown: assign({ secondsLeft: ({ context }) => context.countdownSeconds, error: null }),
    resume: assign({ secondsLeft: ({ event }) => (event.type === 'sms.resume' ? wholeSeconds(event.secondsLeft) : 0) }),
    startLockout: assign({ secondsLeft: ({ context }) => context.lockoutSeconds, error: SMS_TOO_MANY_REQUESTS }),
    tick: assign({ secondsLeft: ({ context }) => Math.max(0, context.secondsLeft - 1) }),
    finish: assign({ secondsLeft: 0 }),
    flagEmpty: assign({ error: NOT_EMPTY }),
    clearError: assign({ error: null }),
    storeError: assign((_, { error }: { error: unknown }) => ({ error: toFlowError(error).messageKey })),
  },
}).createMachine({
  id: 'smsCountdown',
  context: ({ input }) => ({
    // At least one second: the send throttle of docs/rules/reach.md#r-17 holds even for a zero-minute code.
    countdownSeconds: Math.max(
      1,
      input.route === 'thirdParty' ? THIRD_PARTY_COUNTDOWN_SECONDS : wholeSeconds(input.expiredMinutes) * SMS_COUNTDOWN_SECONDS_PER_MINUTE,
    ),
    lockoutSeconds: Math.max(1, wholeSeconds(input.lockoutSeconds ?? LOCKOUT_SECONDS)),
    secondsLeft: wholeSeconds(input.resumeSecondsLeft ?? 0),
    error: null,
  }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'resuming', target: 'counting' }, { target: 'ready' }] },
    ready: {
      on: {
        'sms.send': [{ guard: 'numberFilled', target: 'sending', actions: 'clearError' }, { actions: 'flagEmpty' }],
        'sms.resume': { guard: 'resumeWaits', target: 'counting', actions: 'resume' },
      },
    },
    sending: {
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ event }) => {
          const send = event as Extract<TSmsCountdownEvent, { type: 'sms.send' }>;
          return {
            mobileNum: clean(send.mobileNum),
            ...(send.countryDialingCode === undefined ? {} : { countryDialingCode: clean(send.countryDialingCode) }),
          };
        },
        onDone: { target: 'counting', actions: 'startCountdown' },
        onError: [
          {
            guard: { type: 'tooManyRequests', params: withError },
            target: 'locked',
            actions: 'startLockout',
          },
          { target: 'throttled', actions: { type: 'storeError', params: withError } },
        ],
      },
    },
    // docs/rules/reach.md#r-17 throttles: one send per second even when a send failed.
    throttled: { after: { sendThrottle: 'ready' } },
    counting: {
      after: {
        second: [
          { guard: 'lastSecond', target: 'ready', actions: 'finish' },
          { target: 'counting', reenter: true, actions: 'tick' },
        ],
      },
    },
    locked: {
      after: {
        second: [
          { guard: 'lastSecond', target: 'ready', actions: ['finish', 'clearError'] },
          { target: 'locked', reenter: true, actions: 'tick' },
        ],
      },
    },
  },
});
