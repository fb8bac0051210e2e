import type { SnapshotFrom } from 'xstate';
import { describe, expect } from 'vitest';
import { FlowError } from '../shared/flow-error.ts';
import { pending, settles, walkGraph } from '../testing/graph-coverage.ts';
import { modelTests } from '../testing/model-suite.ts';
import { smsCountdownMachine, type TSmsCountdownInput } from './sms-countdown.machine.ts';

const machine = smsCountdownMachine.provide({ actors: { sendCode: pending() } });
type TSnapshot = SnapshotFrom<typeof machine>;

// Short countdowns keep the graph small: secondsLeft is part of the state.
const inputs: TSmsCountdownInput[] = [
  { expiredMinutes: 0, resumeSecondsLeft: 2, lockoutSeconds: 2 },
  { expiredMinutes: 1, route: 'thirdParty', lockoutSeconds: 1 },
];
const walk = walkGraph(machine, {
  inputs,
  events: () => [
    { type: 'sms.send', mobileNum: '' },
    { type: 'sms.send', mobileNum: '0171' },
    { type: 'sms.resume', secondsLeft: 0 },
    { type: 'sms.resume', secondsLeft: 2 },
    ...settles('sendCode', undefined, new FlowError('error_too_many_requests', { tooManyRequests: true })),
    { type: 'xstate.error.actor.sendCode', error: new FlowError('sms_quota_not_sufficient') },
  ],
  // Counters collapse to "more than two seconds" / 2 / 1 / 0 so the walk ends (a 60 s countdown
  // becomes 3 → 2 → 1 → ready); short lockouts reach the lockout's last second.
  serializeState: (s: TSnapshot) => JSON.stringify([s.value, Math.min(s.context.secondsLeft, 3), s.context.error]),
});

describe('sms countdown: model', () => {
  modelTests(machine, walk, { claim: 'replays every path; sending is only possible with nothing left to wait' }, (seen) => {
    for (const s of seen) {
      if (s.matches('ready') || s.matches('sending') || s.matches('throttled')) expect(s.context.secondsLeft).toBe(0);
      if (s.matches('counting') || s.matches('locked')) expect(s.context.secondsLeft).toBeGreaterThan(0);
      if (s.matches('locked')) expect(s.context.error).toBe('sms_too_many_requests');
    }
  });
});
