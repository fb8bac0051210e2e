import { describe, expect, it } from 'vitest';
import { expectTRPCError } from './errors.ts';
import { ACCOUNTS, sessionOf, useGateway, type THarness } from './harness.ts';

/** docs/0016: free-trial launch for visitors, lottery launch with the docs/rules/games.md#g-3 fields, real badges. */

let h: THarness;
let member = '';
let trial = '';
const minute = 60_000;

useGateway(
  async (started) => {
    h = started;
    member = sessionOf(await h.client().session.login.mutate(ACCOUNTS.member)).token;
    trial = sessionOf(await h.client().session.login.mutate(ACCOUNTS.trial)).token;
  },
  { trustProxy: 'loopback', rateLimits: { launchTrial: { ip: { limit: 3, windowMs: minute } } } },
);

async function openGame(url: string): Promise<string> {
  const res = await fetch(new URL(url, h.upstreamUrl));
  expect(res.status).toBe(200);
  return res.text();
}

describe('catalogue.launchTrial (SPEC §6: visitors may start a free-trial game)', () => {
  it('launches free play for a visitor and limits it per IP; real money still needs a session', async () => {
    const page = await h.client().catalogue.games.query({ gameType: 'RNG', pageNo: 1, pageSize: 24, language: 'en' });
    const [a, b, c] = page.games.filter((g) => g.hasFreeTrial).map((g) => g.nodeId);
    const visitor = (language?: 'bn' | 'en') => h.client({ language, headers: { 'x-forwarded-for': '198.51.100.7' } });
    // The game page speaks the visitor's language (x-language, BN without it; docs/0054).
    const { url } = await visitor('en').catalogue.launchTrial.mutate({ nodeId: a! });
    expect(await openGame(url)).toContain('Free play');
    expect(await openGame((await visitor().catalogue.launchTrial.mutate({ nodeId: b! })).url)).toContain('ফ্রি খেলা');
    await visitor().catalogue.launchTrial.mutate({ nodeId: c! });
    await expectTRPCError(visitor().catalogue.launchTrial.mutate({ nodeId: a! }), 'TOO_MANY_REQUESTS', 'error_too_many_requests');
    // Another address has its own count.
    await h.client({ headers: { 'x-forwarded-for': '198.51.100.8' } }).catalogue.launchTrial.mutate({ nodeId: a! });
    await expectTRPCError(h.client().catalogue.launch.mutate({ nodeId: a!, freeTrial: false }), 'UNAUTHORIZED', 'error_not_logged_in');
  });

  it('refuses a trial account, bad input and an unknown game', async () => {
    const c = (token?: string) => h.client({ token, headers: { 'x-forwarded-for': '198.51.100.9' } });
    await expectTRPCError(c(trial).catalogue.launchTrial.mutate({ nodeId: 'SPINORA-001' }), 'FORBIDDEN', 'in_need_true_account');
    await expectTRPCError(c().catalogue.launchTrial.mutate({ nodeId: '' }), 'BAD_REQUEST');
    await expectTRPCError(c().catalogue.launchTrial.mutate({ nodeId: 'NOPE-001' }), 'NOT_FOUND');
  });
});

describe('catalogue.launchLottery (SPEC §3 lottery launch fields)', () => {
  const fields = { lottoArea: 'VN', lottoGameCode: 'tcg_lotto_vn_1', lottoPrizeMode: 'LOTT', lottoView: 'betting', device: 'WEB', backUrl: '/lott' } as const;

  it('opens the lottery game of a card with its fields applied', async () => {
    const { url } = await h.client({ token: member, language: 'en' }).catalogue.launchLottery.mutate(fields);
    const page = await openGame(url);
    expect(page).toContain('Prize mode <span translate="no">LOTT</span> · betting');
    expect(page).toContain('TCG_LOTTO_VN');
    // In the session's BN: the same fields, the words in Bengali.
    const bn = await openGame((await h.client({ token: member, language: 'bn' }).catalogue.launchLottery.mutate(fields)).url);
    expect(bn).toContain('<html lang="bn">');
    expect(bn).toContain('পুরস্কার মোড <span translate="no">LOTT</span> · বাজি');
  });

  it('needs a real member and refuses a foreign back URL or another prize mode', async () => {
    await expectTRPCError(h.client().catalogue.launchLottery.mutate(fields), 'UNAUTHORIZED', 'error_not_logged_in');
    await expectTRPCError(h.client({ token: trial }).catalogue.launchLottery.mutate(fields), 'FORBIDDEN', 'in_need_true_account');
    const bad = await expectTRPCError(h.client({ token: member }).catalogue.launchLottery.mutate({ ...fields, backUrl: '//evil.example' }), 'BAD_REQUEST');
    expect(bad.data?.issues?.[0]?.path).toBe('backUrl');
    const mode = await expectTRPCError(h.client({ token: member }).catalogue.launchLottery.mutate({ ...fields, lottoPrizeMode: 'ELOTT' }), 'BAD_REQUEST');
    expect(Object.keys(mode.data?.upstream?.fieldErrors ?? {})).toEqual(['lottoPrizeMode']);
  });
});

describe('catalogue.launch by a vendor card (SPEC §4: a one-vendor category launches it)', () => {
  it('starts the game a GAME card names by code, and refuses both or neither', async () => {
    const c = h.client({ token: member });
    expect(await openGame((await c.catalogue.launch.mutate({ gameCode: 'imes_1', freeTrial: false })).url)).toContain('IMES');
    await expectTRPCError(c.catalogue.launch.mutate({ gameCode: 'imes_1', nodeId: 'IMES-001', freeTrial: false }), 'BAD_REQUEST');
    await expectTRPCError(c.catalogue.launch.mutate({ freeTrial: false }), 'BAD_REQUEST');
  });
});

describe('member.info badges (real rows)', () => {
  it('answers the unread count, the promotions to join (the three deposit matches of the seed, docs/0096) and referral from the seeded REFERRAL promotion', async () => {
    expect(await h.client({ token: member }).member.info.query()).toMatchObject({ unreadMessage: 0, availablePromoCount: 3, referralEnabled: true });
  });
});
