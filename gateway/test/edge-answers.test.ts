import { describe, expect, it } from 'vitest';
import { PUBLIC_PROCEDURES } from '../src/edge/public-answers.ts';
import { decoded, rawGet, trpcUrl, type TRawAnswer } from './http-get.ts';
import { ACCOUNTS, loginToken, useGateway, type THarness } from './harness.ts';
import { setFlagSeen } from './live-pages.ts';

/**
 * docs/0022–4: config.screen and public GETs served from ready bytes, with ETag and 304; a
 * change gives a new ETag; nothing personal is ever served from a cache keyed without the member;
 * the fast path answers what the procedure answers, and its refusals are tRPC's.
 */

let h: THarness;
let operatorToken: string;
const tokens: Record<'member' | 'agent' | 'trial', string> = { member: '', agent: '', trial: '' };

// The default public TTL (5 s) outlives every step here: only the config change can renew answers.
useGateway(
  async (started) => {
    h = started;
    operatorToken = (await h.client().operator.login.mutate(ACCOUNTS.operator)).token;
    tokens.member = await loginToken(h, ACCOUNTS.member);
    tokens.agent = await loginToken(h, ACCOUNTS.agent);
    tokens.trial = await loginToken(h, ACCOUNTS.trial);
  },
  { publicCacheMs: undefined },
);

const json = (answer: TRawAnswer): unknown => JSON.parse(decoded(answer).toString());
const screenUrl = (language: 'bn' | 'en') => trpcUrl(h.baseUrl, ['config.screen'], [{ language }]);
/** The same call as a one-call batch: not the fast path's URL shape, so the tRPC procedure answers it. */
const screenBatchUrl = (language: 'bn' | 'en') => trpcUrl(h.baseUrl, ['config.screen'], [{ language }], { batch: true });
const auth = (token: string) => ({ authorization: token });

/** What the home page asks on its first load (web/src/home, as captured from the browser). */
function homeBatchUrl(language: 'bn' | 'en'): string {
  const games = (gameType: string, vassalage: string, pageSize = 12) => ({ pageNo: 1, pageSize, language, gameType, vassalage });
  return trpcUrl(
    h.baseUrl,
    ['catalogue.hotGames', 'catalogue.games', 'catalogue.games', 'catalogue.games', 'content.winnerBoard', 'content.announcements'],
    [{ language }, games('RNG', 'SPINORA'), games('FISH', 'REEFHUNT'), games('SPORTS', 'KICKOFFX', 1), { language }, { language }],
    { batch: true },
  );
}

const setFlag = (modId: string, enabled: boolean) => setFlagSeen(h, operatorToken, modId, enabled);

async function withFlag(modId: string, enabled: boolean, run: () => Promise<void>): Promise<void> {
  await setFlag(modId, enabled);
  try {
    await run();
  } finally {
    await setFlag(modId, !enabled);
  }
}

describe('config.screen fast path', () => {
  it('answers what the procedure answers, for visitors and each kind of member', async () => {
    for (const [who, headers] of [
      ['visitor', {}],
      ['member', auth(tokens.member)],
      ['agent', auth(tokens.agent)],
      ['trial', auth(tokens.trial)],
    ] as const) {
      const fast = await rawGet(screenUrl('en'), { ...headers, 'accept-encoding': 'br' });
      const procedure = await rawGet(screenBatchUrl('en'), headers);
      // The fast path's marks (ready bytes, ETag) against the procedure's (made per request, not stored).
      expect(fast.headers.etag, who).toMatch(/^W\/"[\w-]+"$/);
      expect(procedure.headers.etag, who).toBeUndefined();
      expect(procedure.headers['cache-control'], who).toBe('no-store');
      expect(fast.status, who).toBe(200);
      expect(procedure.status, who).toBe(200);
      expect([json(fast)], who).toEqual(json(procedure));
      expect((json(fast) as { result: { data: { audience: string } } }).result.data.audience, who).toBe(who);
    }
  });

  it('lets shared caches keep the visitor answer only; a member answer is private', async () => {
    const visitor = await rawGet(screenUrl('bn'));
    const member = await rawGet(screenUrl('bn'), auth(tokens.member));
    expect(visitor.headers['cache-control']).toBe('public, no-cache');
    expect(member.headers['cache-control']).toBe('private, no-cache');
    for (const answer of [visitor, member]) expect(String(answer.headers.vary)).toMatch(/authorization/);
  });

  it('answers 304 without a body to a matching If-None-Match, and 200 with a new ETag after a change', async () => {
    const first = await rawGet(screenUrl('en'));
    const etag = String(first.headers.etag);
    const again = await rawGet(screenUrl('en'), { 'if-none-match': etag, 'accept-encoding': 'br' });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    // Any of several tags, and the strong form of the same tag, match too (weak comparison).
    expect((await rawGet(screenUrl('en'), { 'if-none-match': `W/"other", ${etag}` })).status).toBe(304);
    expect((await rawGet(screenUrl('en'), { 'if-none-match': etag.slice(2) })).status).toBe(304);
    expect((await rawGet(screenUrl('en'), { 'if-none-match': 'W/"other"' })).status).toBe(200);

    const hadMobile = (json(first) as { result: { data: { flags: Record<string, boolean> } } }).result.data.flags.MOBILENUMREG3;
    await withFlag('MOBILENUMREG3', !hadMobile, async () => {
      const changed = await rawGet(screenUrl('en'), { 'if-none-match': etag });
      expect(changed.status).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect((json(changed) as { result: { data: { flags: Record<string, boolean> } } }).result.data.flags.MOBILENUMREG3).toBe(!hadMobile);
    });
    // Back to the same content, but the answer names the config version it was composed from
    // (docs/0021: pages compare it with the live stream's), so it is a new answer with a new ETag.
    const back = await rawGet(screenUrl('en'), { 'if-none-match': etag });
    expect(back.status).toBe(200);
    expect((json(back) as { result: { data: { flags: Record<string, boolean> } } }).result.data.flags.MOBILENUMREG3).toBe(hadMobile);
    expect((await rawGet(screenUrl('en'), { 'if-none-match': String(back.headers.etag) })).status).toBe(304);
  });

  it('never answers one audience with another audience’s bytes, nor a visitor’s ETag with a member’s 304', async () => {
    const visitor = await rawGet(screenUrl('en'));
    const member = await rawGet(screenUrl('en'), auth(tokens.member));
    const agent = await rawGet(screenUrl('en'), auth(tokens.agent));
    const etags = new Set([visitor, member, agent].map((a) => a.headers.etag));
    expect(etags.size).toBe(3);
    // A visitor presenting a member's ETag gets the visitor's answer, not a 304.
    const asVisitor = await rawGet(screenUrl('en'), { 'if-none-match': String(member.headers.etag) });
    expect(asVisitor.status).toBe(200);
    expect((json(asVisitor) as { result: { data: { audience: string } } }).result.data.audience).toBe('visitor');
    // The agent after the member and the member after the agent: each their own.
    expect((json(await rawGet(screenUrl('en'), auth(tokens.member))) as { result: { data: { audience: string } } }).result.data.audience).toBe('member');
    expect((json(await rawGet(screenUrl('en'), auth(tokens.agent))) as { result: { data: { audience: string } } }).result.data.audience).toBe('agent');
    // A token the upstream refuses is a visitor, as in the procedure.
    expect((json(await rawGet(screenUrl('en'), auth('not-a-session'))) as { result: { data: { audience: string } } }).result.data.audience).toBe('visitor');
  });

  it.each([
    ['an unknown language', `input=${encodeURIComponent('{"language":"fr"}')}`, 400, 'BAD_REQUEST'],
    ['no language', `input=${encodeURIComponent('{}')}`, 400, 'BAD_REQUEST'],
    ['a huge string', `input=${encodeURIComponent(JSON.stringify({ language: 'x'.repeat(5000) }))}`, 400, 'BAD_REQUEST'],
    ['broken JSON', `input=${encodeURIComponent('{"language":')}`, 400, 'BAD_REQUEST'],
    ['no input', '', 400, 'BAD_REQUEST'],
  ])('leaves %s to tRPC, which refuses it in its own shape', async (_what, query, status, code) => {
    const answer = await rawGet(`${h.baseUrl}/trpc/config.screen${query ? `?${query}` : ''}`, { 'accept-encoding': 'br' });
    expect(answer.status).toBe(status);
    expect(answer.headers.etag).toBeUndefined();
    const body = json(answer) as { error: { message: string; data: { code: string; path: string; httpStatus: number } } };
    expect(body.error.data.code).toBe(code);
    expect(body.error.data.path).toBe('config.screen');
    expect(body.error.data.httpStatus).toBe(status);
  });

  it('leaves extra parameters and streaming requests to tRPC', async () => {
    const extra = await rawGet(`${screenUrl('en')}&batch=1`);
    // batch=1 with an input that is not by index: tRPC's own refusal.
    expect(extra.headers.etag).toBeUndefined();
    // JSON lines are for batches: tRPC refuses a single call asking for them, as it always did.
    const streaming = await rawGet(screenUrl('en'), { 'trpc-accept': 'application/jsonl' });
    expect(streaming.headers.etag).toBeUndefined();
    expect(streaming.status).toBe(400);
  });
});

describe('public answers (the home page batch and other public GETs)', () => {
  it('lists only procedures that call the upstream without a member token', () => {
    expect([...PUBLIC_PROCEDURES].sort()).toEqual([
      'catalogue.gameMenus',
      'catalogue.games',
      'catalogue.hotGames',
      'content.announcements',
      'content.winnerBoard',
    ]);
  });

  it('serve the home batch from ready bytes, equal to what tRPC makes, with 304 on a matching ETag', async () => {
    const url = homeBatchUrl('bn');
    const first = await rawGet(url, { 'x-language': 'bn', 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    // A member's request is answered by tRPC itself (not from the cache); public data, same meaning.
    const member = await rawGet(url, { 'x-language': 'bn', ...auth(tokens.member) });
    expect(member.headers.etag).toBeUndefined();
    expect(member.headers['cache-control']).toBe('no-store');
    expect(json(first)).toEqual(json(member));

    const hit = await rawGet(url, { 'x-language': 'bn', 'accept-encoding': 'gzip' });
    expect(hit.headers.etag).toBe(etag);
    expect(decoded(hit).equals(decoded(first))).toBe(true);
    const notModified = await rawGet(url, { 'x-language': 'bn', 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
  });

  it('keep languages apart (x-language is part of the key)', async () => {
    const url = trpcUrl(h.baseUrl, ['catalogue.gameMenus'], [undefined]);
    const bn = await rawGet(url, { 'x-language': 'bn' });
    const en = await rawGet(url, { 'x-language': 'en' });
    expect(bn.headers.etag).not.toBe(en.headers.etag);
    expect(json(bn)).not.toEqual(json(en));
    expect(String(bn.headers.vary)).toMatch(/x-language/);
    expect((await rawGet(url, { 'x-language': 'en', 'if-none-match': String(bn.headers.etag) })).status).toBe(200);
  });

  it('give a new answer and ETag after a config change', async () => {
    const url = trpcUrl(h.baseUrl, ['catalogue.gameMenus', 'catalogue.hotGames'], [undefined, { language: 'en' }]);
    const before = await rawGet(url, { 'x-language': 'en' });
    const types = (answer: TRawAnswer) => (json(answer) as [{ result: { data: { gameType: string }[] } }])[0].result.data.map((c) => c.gameType);
    expect(types(before)).toContain('LIVE');
    await withFlag('GAME_LIVE', false, async () => {
      const after = await rawGet(url, { 'x-language': 'en', 'if-none-match': String(before.headers.etag) });
      expect(after.status).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(types(after)).not.toContain('LIVE');
    });
    expect(types(await rawGet(url, { 'x-language': 'en' }))).toContain('LIVE');
  });

  it('never let a personal procedure in, with or without a token', async () => {
    const url = trpcUrl(h.baseUrl, ['catalogue.hotGames', 'catalogue.favouriteIds'], [{ language: 'en' }, undefined]);
    // The member first: were it cached under the URL, the visitor below would get the member's favourites.
    const member = await rawGet(url, auth(tokens.member));
    expect(member.status).toBe(200);
    expect(member.headers['cache-control']).toBe('no-store');
    const visitor = await rawGet(url);
    expect(visitor.headers.etag).toBeUndefined();
    expect(visitor.headers['cache-control']).toBe('no-store');
    const [, favourites] = json(visitor) as [unknown, { error?: { data: { code: string } } }];
    expect(favourites.error?.data.code).toBe('UNAUTHORIZED');
    // Personal calls alone never carry an ETag or a shareable cache header.
    const info = await rawGet(trpcUrl(h.baseUrl, ['member.info'], [undefined]), auth(tokens.member));
    expect(info.status).toBe(200);
    expect(info.headers['cache-control']).toBe('no-store');
    expect(info.headers.etag).toBeUndefined();
  });

  it('never cache a refusal', async () => {
    const url = trpcUrl(h.baseUrl, ['catalogue.games'], [{ pageNo: 0, pageSize: 12, language: 'en' }]);
    for (let i = 0; i < 2; i++) {
      const refused = await rawGet(url);
      expect(refused.status).toBe(400);
      expect(refused.headers.etag).toBeUndefined();
      expect(refused.headers['cache-control']).toBe('no-store');
    }
  });
});
