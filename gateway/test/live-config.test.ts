import type { TScreenConfig } from '@wl/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, loginToken, startGateway, type THarness } from './harness.ts';

/** Collects a subscription's configs; `next()` resolves with the next one to arrive. */
function watch(h: THarness, options: { token?: string; language: 'bn' | 'en' }) {
  const received: TScreenConfig[] = [];
  const waiting: ((c: TScreenConfig) => void)[] = [];
  let failure: unknown = null;
  const subscription = h.client({ token: options.token }).config.onChange.subscribe(
    { language: options.language },
    {
      onData(event) {
        const waiter = waiting.shift();
        if (waiter) waiter(event.data);
        else received.push(event.data);
      },
      onError(error) {
        failure = error;
      },
    },
  );
  return {
    next(): Promise<TScreenConfig> {
      if (failure) return Promise.reject(failure);
      const ready = received.shift();
      return ready ? Promise.resolve(ready) : new Promise((resolve) => waiting.push(resolve));
    },
    close: () => subscription.unsubscribe(),
  };
}

let h: THarness;
let operatorToken: string;
let agentToken: string;

beforeAll(async () => {
  // Default poll interval: the push arrives with the real setting (its latency is a bench figure, not a timed test).
  h = await startGateway({ configPollMs: undefined });
  operatorToken = (await h.client().operator.login.mutate(ACCOUNTS.operator)).token;
  agentToken = await loginToken(h, ACCOUNTS.agent);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

describe('config.onChange', () => {
  it('pushes the new config to open pages after an operator change', async () => {
    const visitor = watch(h, { language: 'en' });
    const first = await visitor.next();
    expect(first.audience).toBe('visitor');
    const hadMobileTab = first.forms.register.tabs.includes('mobile');

    await h.client({ token: operatorToken }).operator.setFlag.mutate({ modId: 'MOBILENUMREG3', enabled: !hadMobileTab });
    const changed = await visitor.next();
    expect(changed.forms.register.tabs.includes('mobile')).toBe(!hadMobileTab);
    expect(changed.flags.MOBILENUMREG3).toBe(!hadMobileTab);
    expect(changed.version).not.toBe(first.version);

    // And back, so the live path works more than once.
    await h.client({ token: operatorToken }).operator.setFlag.mutate({ modId: 'MOBILENUMREG3', enabled: hadMobileTab });
    expect((await visitor.next()).version).toBe(first.version);
    visitor.close();
  });

  it('pushes only to audiences whose screen changed', async () => {
    const visitor = watch(h, { language: 'bn' });
    const agent = watch(h, { token: agentToken, language: 'bn' });
    const visitorFirst = await visitor.next();
    const agentFirst = await agent.next();
    expect(agentFirst.audience).toBe('agent');
    expect(agentFirst.agentCentre.map((e) => e.key)).toContain('agentTeamOverview');

    const operator = h.client({ token: operatorToken }).operator;
    await operator.setFlag.mutate({ modId: 'AGEINFO3', enabled: false });
    const agentChanged = await agent.next();
    expect(agentChanged.agentCentre.map((e) => e.key)).not.toContain('agentTeamOverview');

    // The visitor's next event is the maintenance switch: the agent-centre change never reached it.
    await operator.setSystem.mutate({ maintenance: true });
    const visitorNext = await visitor.next();
    expect(visitorNext.system.status).toBe(1);
    expect(visitorFirst.system.status).toBe(0);
    expect(visitorNext.agentCentre).toEqual([]);

    await operator.setSystem.mutate({ maintenance: false });
    await operator.setFlag.mutate({ modId: 'AGEINFO3', enabled: true });
    expect((await visitor.next()).system.status).toBe(0);
    visitor.close();
    agent.close();
  });

  it('refuses a bad language on subscribe', async () => {
    const error = await new Promise<unknown>((resolve) => {
      const sub = h.client().config.onChange.subscribe({ language: 'xx' } as never, {
        onError(e) {
          sub.unsubscribe();
          resolve(e);
        },
      });
    });
    expect(error).toMatchObject({ data: { code: 'BAD_REQUEST' } });
  });

  it('ends open subscriptions when the gateway closes, so shutdown never hangs', async () => {
    const second = await startGateway({ upstreamUrl: h.upstreamUrl });
    const page = watch(second, { language: 'en' });
    expect((await page.next()).audience).toBe('visitor');
    await second.close();
    page.close();
  }, 10_000);
});
