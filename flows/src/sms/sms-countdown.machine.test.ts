import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { FlowError } from '../shared/flow-error.ts';
import { SMS_TOO_MANY_REQUESTS, secondsLeftFromServerTime, smsCountdownMachine, type TSmsCountdownInput, type TSmsRequest } from './sms-countdown.machine.ts';
import { failsWith } from '../testing/fixtures.ts';

function start(input: TSmsCountdownInput, send: (request: TSmsRequest) => Promise<void> = async () => undefined) {
  const sent: TSmsRequest[] = [];
  const clock = new SimulatedClock();
  const machine = smsCountdownMachine.provide({
    actors: {
      sendCode: fromPromise(async ({ input: request }: { input: TSmsRequest }) => {
        sent.push(request);
        await send(request);
      }),
    },
  });
  const actor = createActor(machine, { input, clock });
  actor.start();
  /** Advances the simulated clock second by second, like the real timer would. */
  const seconds = (n: number) => {
    for (let i = 0; i < n; i += 1) clock.increment(1000);
  };
  return { actor, sent, clock, seconds };
}

describe('sms countdown: examples', () => {
  it('sends the trimmed number and disables sending for expiredMinutes × 60 s', async () => {
    const { actor, sent, seconds } = start({ expiredMinutes: 2 });
    actor.send({ type: 'sms.send', mobileNum: ' 01712345678 ', countryDialingCode: '+880' });
    await waitFor(actor, (s) => s.matches('counting'));
    expect(sent).toEqual([{ mobileNum: '01712345678', countryDialingCode: '+880' }]);
    expect(actor.getSnapshot().context.secondsLeft).toBe(120);
    actor.send({ type: 'sms.send', mobileNum: '01712345678' });
    expect(sent).toHaveLength(1);
    seconds(1);
    expect(actor.getSnapshot().context.secondsLeft).toBe(119);
    seconds(118);
    expect(actor.getSnapshot().context.secondsLeft).toBe(1);
    expect(actor.getSnapshot().matches('counting')).toBe(true);
    seconds(1);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.secondsLeft).toBe(0);
  });

  it('counts 60 s on the third-party route', async () => {
    const { actor } = start({ expiredMinutes: 5, route: 'thirdParty' });
    actor.send({ type: 'sms.send', mobileNum: '0171' });
    await waitFor(actor, (s) => s.matches('counting'));
    expect(actor.getSnapshot().context.secondsLeft).toBe(60);
  });

  it('refuses an empty number without calling the server', () => {
    const { actor, sent } = start({ expiredMinutes: 1 });
    actor.send({ type: 'sms.send', mobileNum: '  ' });
    expect(actor.getSnapshot().context.error).toBe('not_empty');
    expect(sent).toHaveLength(0);
  });

  it('locks for 5 minutes on too many requests', async () => {
    const { actor, sent, seconds } = start({ expiredMinutes: 1 }, failsWith(new FlowError('error_too_many_requests', { tooManyRequests: true })));
    actor.send({ type: 'sms.send', mobileNum: '0171' });
    await waitFor(actor, (s) => s.matches('locked'));
    expect(actor.getSnapshot().context).toMatchObject({ secondsLeft: 300, error: SMS_TOO_MANY_REQUESTS });
    seconds(299);
    actor.send({ type: 'sms.send', mobileNum: '0171' });
    expect(sent).toHaveLength(1);
    seconds(1);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('shows other failures and allows one retry per second', async () => {
    let fail = true;
    const { actor, sent, seconds } = start({ expiredMinutes: 1 }, async () => {
      if (fail) throw new FlowError('sms_quota_not_sufficient');
    });
    actor.send({ type: 'sms.send', mobileNum: '0171' });
    await waitFor(actor, (s) => s.matches('throttled'));
    expect(actor.getSnapshot().context.error).toBe('sms_quota_not_sufficient');
    actor.send({ type: 'sms.send', mobileNum: '0171' });
    expect(sent).toHaveLength(1);
    seconds(1);
    fail = false;
    actor.send({ type: 'sms.send', mobileNum: '0171' });
    await waitFor(actor, (s) => s.matches('counting'));
    expect(sent).toHaveLength(2);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('resumes from a server-time offset, at start or later', () => {
    const left = secondsLeftFromServerTime({ endsAtServerMs: 100_000, serverOffsetMs: 5_000, clientNowMs: 50_500 });
    expect(left).toBe(45);
    expect(secondsLeftFromServerTime({ endsAtServerMs: 1_000, serverOffsetMs: 0, clientNowMs: 5_000 })).toBe(0);

    const resumed = start({ expiredMinutes: 1, resumeSecondsLeft: left });
    expect(resumed.actor.getSnapshot().value).toBe('counting');
    expect(resumed.actor.getSnapshot().context.secondsLeft).toBe(45);

    const later = start({ expiredMinutes: 1 });
    later.actor.send({ type: 'sms.resume', secondsLeft: 0 });
    expect(later.actor.getSnapshot().value).toBe('ready');
    later.actor.send({ type: 'sms.resume', secondsLeft: 12.2 });
    expect(later.actor.getSnapshot().context.secondsLeft).toBe(13);
    later.seconds(13);
    expect(later.actor.getSnapshot().value).toBe('ready');
  });
});
