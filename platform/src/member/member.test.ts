import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_BONUS_TERMS,
  WPS_PATHS,
  ZBalanceResponse,
  ZEnvelope,
  ZFavouriteIdsResponse,
  ZFavouriteListResponse,
  ZLaunchGameResponse,
  ZMemberInfoResponse,
} from '@wl/schemas';
import { offerBonus } from '../bonus/award.ts';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { inTransaction } from '../wallet/ledger.service.ts';
import { loginToken, tokenCall, VN_LOTTERY_LAUNCH } from '../test-support/http.ts';
import { demoMemberRow } from '../test-support/demo-merchant.ts';

const ctx = usePlatform();
let member = '';
let trial = '';
const FAV = { nodeId: 'SPINORA-001', vendor: 'SPINORA', gameType: 'RNG' };

beforeAll(async () => {
  member = await loginToken(ctx.app, 'demo_member', 'Demo1234');
  trial = await loginToken(ctx.app, 'demo_trial', 'Trial1234');
});

const call = tokenCall(ctx);

describe('member info and balance', () => {
  it('answers member info without any password and the ledger balance', async () => {
    const info = ZEnvelope(ZMemberInfoResponse).parse((await call('GET', WPS_PATHS.memberInfo, member)).json()).value!;
    expect(info).toMatchObject({
      userName: 'demo_member',
      type: 0,
      hasVip: true,
      avatarUrl: expect.stringMatching(/^\/wps\/assets\/avatar\/[A-Za-z0-9_-]{22,64}\.svg$/),
    });
    expect(JSON.stringify(info)).not.toMatch(/password_hash|argon2/);
    const bal = ZEnvelope(ZBalanceResponse).parse((await call('GET', WPS_PATHS.balance, member)).json()).value!;
    expect(bal).toEqual({ balance: 1_250_000, currencySymbol: '৳' });
    const trialInfo = ZEnvelope(ZMemberInfoResponse).parse((await call('GET', WPS_PATHS.memberInfo, trial)).json()).value!;
    expect(trialInfo.type).toBe(4);
    expect((await call('GET', WPS_PATHS.balance, null)).statusCode).toBe(401);
  });
});

describe('favourites', () => {
  it('walks the check ladder: no token 401, trial 403, bad input 400, all without changing rows', async () => {
    const before = await rowCounts(ctx.db, ['favourites']);
    const none = await call('POST', WPS_PATHS.favouriteAdd, null, FAV);
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe(401);
    const t = await call('POST', WPS_PATHS.favouriteAdd, trial, FAV);
    expect(t.statusCode).toBe(403);
    expect(t.json()).toEqual({ success: false, value: null, message: 'in_need_true_account', code: 403 });
    expect((await call('GET', WPS_PATHS.favouriteIds, trial)).json().message).toBe('in_need_true_account');
    const bad: unknown[] = [{}, { ...FAV, nodeId: 5 }, { ...FAV, gameType: 'NOPE' }, { ...FAV, nodeId: 'x'.repeat(10_000) }, { nodeId: 'SPINORA-001' }];
    for (const payload of bad) {
      const res = await call('POST', WPS_PATHS.favouriteAdd, member, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('error_bad_request');
    }
    const unknown = await call('POST', WPS_PATHS.favouriteAdd, member, { ...FAV, nodeId: 'NOPE-001' });
    expect(unknown.statusCode).toBe(404);
    const mismatch = await call('POST', WPS_PATHS.favouriteAdd, member, { ...FAV, vendor: 'REELMINT' });
    expect(mismatch.statusCode).toBe(404);
    expect(await rowCounts(ctx.db, ['favourites'])).toEqual(before);
  });

  it('adds idempotently, lists, and removes', async () => {
    const a = ZEnvelope(ZFavouriteIdsResponse).parse((await call('POST', WPS_PATHS.favouriteAdd, member, FAV)).json()).value!;
    expect(a.ids).toEqual(['SPINORA-001']);
    await call('POST', WPS_PATHS.favouriteAdd, member, FAV);
    await call('POST', WPS_PATHS.favouriteAdd, member, { nodeId: 'REEFHUNT-002', vendor: 'REEFHUNT', gameType: 'FISH' });
    const ids = ZEnvelope(ZFavouriteIdsResponse).parse((await call('GET', WPS_PATHS.favouriteIds, member)).json()).value!;
    expect(ids.ids.sort()).toEqual(['REEFHUNT-002', 'SPINORA-001']);
    const list = ZEnvelope(ZFavouriteListResponse).parse((await call('GET', `${WPS_PATHS.favouriteList}?pageSize=999`, member)).json()).value!;
    expect(list.content.map((g) => g.nodeId).sort()).toEqual(['REEFHUNT-002', 'SPINORA-001']);
    expect(list).toMatchObject({ pageNum: 1, totalPages: 1 });
    const fish = ZEnvelope(ZFavouriteListResponse).parse((await call('GET', `${WPS_PATHS.favouriteList}?gameType=FISH`, member)).json()).value!;
    expect(fish.content.map((g) => g.nodeId)).toEqual(['REEFHUNT-002']);
    const removed = ZEnvelope(ZFavouriteIdsResponse).parse((await call('DELETE', `${WPS_PATHS.favouriteRemove}?nodeId=SPINORA-001`, member)).json()).value!;
    expect(removed.ids).toEqual(['REEFHUNT-002']);
    const byBody = ZEnvelope(ZFavouriteIdsResponse).parse((await call('DELETE', WPS_PATHS.favouriteRemove, member, { nodeId: 'REEFHUNT-002' })).json()).value!;
    expect(byBody.ids).toEqual([]);
  });
});

describe('game launch', () => {
  it('refuses POST with 459, anything but GLS with 727, trial with 403, no token with 401', async () => {
    const post = await call('POST', `${WPS_PATHS.launchGame}?nodeId=SPINORA-001&launchMode=GLS`, member, {});
    expect(post.json()).toMatchObject({ success: false, code: 459 });
    const mode = await call('GET', `${WPS_PATHS.launchGame}?nodeId=SPINORA-001&launchMode=XYZ`, member);
    expect(mode.json()).toMatchObject({ success: false, code: 727 });
    expect((await call('GET', `${WPS_PATHS.launchGame}?nodeId=SPINORA-001&launchMode=GLS`, trial)).json()).toMatchObject({
      code: 403,
      message: 'in_need_true_account',
    });
    expect((await call('GET', `${WPS_PATHS.launchGame}?nodeId=SPINORA-001&launchMode=GLS`, null)).statusCode).toBe(401);
    expect((await call('GET', `${WPS_PATHS.launchGame}?nodeId=&launchMode=GLS`, member)).statusCode).toBe(400);
    expect((await call('GET', `${WPS_PATHS.launchGame}?nodeId=NOPE-1&launchMode=GLS`, member)).statusCode).toBe(404);
    expect(await rowCounts(ctx.db, ['launch_tickets'])).toEqual({ launch_tickets: 0 });
  });

  it('answers a game URL whose single-use ticket opens the demo game page once', async () => {
    const res = await call('GET', `${WPS_PATHS.launchGame}?nodeId=SPINORA-001&launchMode=GLS&accountType=1`, member);
    const url = ZEnvelope(ZLaunchGameResponse).parse(res.json()).value!.content.game_url;
    expect(url).toMatch(/^\/wps\/game\/demo\/SPINORA-001\?ticket=/);
    const page = await ctx.app.inject({ url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    // No language named: BN (docs/rules/reach.md#r-1 default), the game's Bengali name.
    const game = await ctx.db.selectFrom('games').select('name_bn').where('node_id', '=', 'SPINORA-001').executeTakeFirstOrThrow();
    expect(page.body).toContain(game.name_bn);
    expect((await ctx.app.inject({ url })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: url.replace('SPINORA-001', 'SPINORA-002') })).statusCode).toBe(403);
  });
});

describe("the demo game page in the launch's language (EN and BN, BN by default)", () => {
  const launch = async (query: string, headers: Record<string, string> = {}) => {
    const res = await ctx.app.inject({ url: `${WPS_PATHS.launchGame}?launchMode=GLS&${query}`, headers: { authorization: member, ...headers } });
    return ZEnvelope(ZLaunchGameResponse).parse(res.json()).value!.content.game_url;
  };
  /** Visible text of a page, as a browser's textContent: tags dropped, entities as they are. */
  const text = (html: string) => html.replace(/<style>[^<]*<\/style>/, '').replace(/<[^>]+>/g, '');
  const LATIN_UI = /Real money|Free play|Prize mode|Back|Game link|launch|lobby|betting/;

  it('is BN by default: <html lang="bn">, the Bengali name and texts, codes as they are', async () => {
    const url = await launch('gameCode=imes_1');
    expect(url).toMatch(/^\/wps\/game\/demo\/IMES-001\?ticket=[A-Za-z0-9_-]+&language=bn$/);
    const page = await ctx.app.inject({ url });
    expect(page.statusCode).toBe(200);
    const game = await ctx.db.selectFrom('games').select(['name_bn', 'name_en']).where('node_id', '=', 'IMES-001').executeTakeFirstOrThrow();
    expect(page.body).toContain('<html lang="bn">');
    expect(page.body).toContain(`<title>${game.name_bn}</title>`);
    expect(page.body).toContain(`<h1 data-testid="demo-game.title">${game.name_bn}</h1>`);
    expect(page.body).toContain('<p data-testid="demo-game.mode">আসল টাকা · <span translate="no">IMES</span></p>');
    expect(page.body).not.toContain(game.name_en);
    expect(text(page.body)).not.toMatch(LATIN_UI);
  });

  it('is EN when the launch asks for EN (the language header the gateway sends, or the launch field), with the texts the journeys read', async () => {
    for (const url of [await launch('gameCode=imes_1', { language: 'en' }), await launch('gameCode=imes_1&language=en', { language: 'bn' })]) {
      expect(url).toMatch(/&language=en$/);
      const page = await ctx.app.inject({ url });
      const game = await ctx.db.selectFrom('games').select(['name_bn', 'name_en']).where('node_id', '=', 'IMES-001').executeTakeFirstOrThrow();
      expect(page.body).toContain('<html lang="en">');
      expect(page.body).toContain(`<h1 data-testid="demo-game.title">${game.name_en}</h1><p lang="bn" data-testid="demo-game.title-bn">${game.name_bn}</p>`);
      expect(text(page.body)).toContain('Real money · IMES');
    }
    const lottery = new URLSearchParams(VN_LOTTERY_LAUNCH);
    const en = await ctx.app.inject({ url: await launch(`${lottery.toString()}&language=en`) });
    expect(text(en.body)).toContain('Prize mode LOTT · betting');
    expect(en.body).toContain('<a data-testid="demo-game.back" href="/lott">Back</a>');
    const bn = await ctx.app.inject({ url: await launch(lottery.toString()) });
    expect(bn.body).toContain(
      '<p data-testid="demo-game.lottery">পুরস্কার মোড <span translate="no">LOTT</span> · বাজি</p><p><a data-testid="demo-game.back" href="/lott">ফিরে যান</a></p>',
    );
  });

  it("without the language in its URL, follows the request's language header (forwarded by the one door), else BN", async () => {
    const bare = (url: string) => url.replace(/&language=\w+$/, '');
    const en = await ctx.app.inject({ url: bare(await launch('gameCode=imes_1')), headers: { language: 'en' } });
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('Real money');
    const bn = await ctx.app.inject({ url: bare(await launch('gameCode=imes_1', { language: 'en' })) });
    expect(bn.body).toContain('<html lang="bn">');
    expect(bn.body).toContain('আসল টাকা');
    // A language the site does not offer counts as none.
    const other = await ctx.app.inject({ url: `${bare(await launch('gameCode=imes_1'))}&language=fr`, headers: { language: 'en' } });
    expect(other.body).toContain('<html lang="en">');
  });

  it("says a spent or unknown link has expired, in the link's language", async () => {
    const url = await launch('gameCode=imes_1');
    expect((await ctx.app.inject({ url })).statusCode).toBe(200);
    const again = await ctx.app.inject({ url });
    expect(again.statusCode).toBe(403);
    expect(again.body).toContain('<html lang="bn">');
    expect(again.body).toContain('<title>গেমের লিংকের মেয়াদ শেষ</title>');
    expect(again.body).toContain('<h1 data-testid="demo-game.expired">এই গেমের লিংকটি আর বৈধ নয়।</h1><p>অনুগ্রহ করে লবি থেকে গেমটি আবার চালু করুন।</p>');
    expect(text(again.body)).not.toMatch(/[A-Za-z]/);
    const en = await ctx.app.inject({ url: '/wps/game/demo/IMES-001?ticket=unknown&language=en' });
    expect(en.statusCode).toBe(403);
    expect(en.body).toContain('<title>Game link expired</title>');
    expect(en.body).toContain('<h1 data-testid="demo-game.expired">This game link is no longer valid.</h1><p>Please launch the game again from the lobby.</p>');
  });

  it('escapes what comes from the database in either language', async () => {
    const before = await ctx.db.selectFrom('games').select(['name_en', 'name_bn']).where('node_id', '=', 'IMES-001').executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('games')
      .set({ name_en: '<script>alert(1)</script> & "x"', name_bn: '<img src=x onerror=alert(1)> খেলা' })
      .where('node_id', '=', 'IMES-001')
      .execute();
    try {
      for (const language of ['bn', 'en']) {
        const page = await ctx.app.inject({ url: await launch(`gameCode=imes_1&language=${language}`) });
        expect(page.body).not.toMatch(/<script>|<img/);
        expect(page.body).toContain('&lt;img src=x onerror=alert(1)&gt; খেলা');
      }
    } finally {
      await ctx.db.updateTable('games').set(before).where('node_id', '=', 'IMES-001').execute();
    }
  });
});

describe('vendor card launch by game code (SPEC §3 card fields)', () => {
  it('starts the game a GAME card names by code; refuses both or neither of nodeId and gameCode', async () => {
    const res = await call('GET', `${WPS_PATHS.launchGame}?gameCode=imes_1&launchMode=GLS`, member);
    expect(ZEnvelope(ZLaunchGameResponse).parse(res.json()).value!.content.game_url).toMatch(/^\/wps\/game\/demo\/IMES-001\?ticket=/);
    expect((await call('GET', `${WPS_PATHS.launchGame}?gameCode=imes_1&nodeId=IMES-001&launchMode=GLS`, member)).statusCode).toBe(400);
    expect((await call('GET', `${WPS_PATHS.launchGame}?launchMode=GLS`, member)).statusCode).toBe(400);
    expect((await call('GET', `${WPS_PATHS.launchGame}?gameCode=nope_1&launchMode=GLS`, member)).statusCode).toBe(404);
  });
});

describe('free-trial launch by a visitor (SPEC §6)', () => {
  it('starts free play without a session, still refuses real money and games without free play', async () => {
    const res = await call('GET', `${WPS_PATHS.launchGame}?nodeId=SPINORA-001&launchMode=GLS&accountType=0`, null);
    expect(res.statusCode).toBe(200);
    const url = ZEnvelope(ZLaunchGameResponse).parse(res.json()).value!.content.game_url;
    const page = await ctx.app.inject({ url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('ফ্রি খেলা');
    const ticket = await ctx.db.selectFrom('launch_tickets').select(['member_id', 'account_type']).orderBy('expires_at', 'desc').executeTakeFirstOrThrow();
    expect(ticket).toEqual({ member_id: null, account_type: 0 });

    const before = await rowCounts(ctx.db, ['launch_tickets']);
    expect((await call('GET', `${WPS_PATHS.launchGame}?nodeId=SPINORA-001&launchMode=GLS&accountType=1`, null)).statusCode).toBe(401);
    // A session that is sent must be a real member's, even for free play.
    expect((await call('GET', `${WPS_PATHS.launchGame}?nodeId=SPINORA-001&launchMode=GLS&accountType=0`, trial)).json()).toMatchObject({ code: 403 });
    expect((await call('GET', `${WPS_PATHS.launchGame}?nodeId=SPINORA-001&launchMode=GLS&accountType=0`, 'not-a-token')).statusCode).toBe(401);
    const noTrial = await ctx.db.selectFrom('games').select('node_id').where('has_free_trial', '=', false).orderBy('id').executeTakeFirstOrThrow();
    expect((await call('GET', `${WPS_PATHS.launchGame}?nodeId=${noTrial.node_id}&launchMode=GLS&accountType=0`, null)).json()).toMatchObject({ code: 543 });
    expect(await rowCounts(ctx.db, ['launch_tickets'])).toEqual(before);
  });
});

describe('lottery launch (SPEC §3 lottery launch fields)', () => {
  const lottery = (fields: Record<string, string>, token: string | null = member) => {
    const q = new URLSearchParams({ launchMode: 'GLS', lottoView: 'betting', device: 'WEB', backUrl: '/lott', ...fields });
    return call('GET', `${WPS_PATHS.launchGame}?${q.toString()}`, token);
  };

  it.each([
    ['VN', 'tcg_lotto_vn_1', 'LOTT', 'TCG_LOTTO_VN-001'],
    ['SEA', 'tcg_sea_1', 'ELOTT', 'TCG_SEA-001'],
    ['LOTT', 'lottobay_2', 'LOTT', 'LOTTOBAY-002'],
    ['LOTT', 'quickdraw_1', 'LOTT', 'QUICKDRAW-001'],
  ])('opens the %s lottery game %s in prize mode %s with the fields applied', async (area, code, prizeMode, nodeId) => {
    const res = await lottery({ lottoArea: area, lottoGameCode: code, lottoPrizeMode: prizeMode, lottoView: 'lobby' });
    expect(res.statusCode).toBe(200);
    const url = ZEnvelope(ZLaunchGameResponse).parse(res.json()).value!.content.game_url;
    expect(url.startsWith(`/wps/game/demo/${nodeId}?ticket=`)).toBe(true);
    const page = await ctx.app.inject({ url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`পুরস্কার মোড <span translate="no">${prizeMode}</span> · লবি`);
    expect(page.body).toContain('href="/lott"');
  });

  it('refuses a wrong area, prize mode, game, back URL or missing session, without a ticket', async () => {
    const before = await rowCounts(ctx.db, ['launch_tickets']);
    const vn = { lottoArea: 'VN', lottoGameCode: 'tcg_lotto_vn_1', lottoPrizeMode: 'LOTT' };
    const area = await lottery({ ...vn, lottoArea: 'SEA' });
    expect(area.statusCode).toBe(400);
    expect(area.json().value.fieldErrors).toHaveProperty('lottoArea');
    const mode = await lottery({ ...vn, lottoPrizeMode: 'ELOTT' });
    expect(mode.statusCode).toBe(400);
    expect(mode.json().value.fieldErrors).toHaveProperty('lottoPrizeMode');
    expect((await lottery({ ...vn, lottoGameCode: 'spinora_1', lottoArea: 'LOTT' })).statusCode).toBe(404);
    expect((await lottery({ ...vn, lottoGameCode: 'nope_1' })).statusCode).toBe(404);
    for (const backUrl of ['//evil.example', 'https://evil.example', '/\\evil.example', 'lott']) {
      expect((await lottery({ ...vn, backUrl })).statusCode).toBe(400);
    }
    expect((await lottery({ ...vn, lottoView: 'grid' })).statusCode).toBe(400);
    expect((await lottery({ ...vn, device: 'TV' })).statusCode).toBe(400);
    expect((await lottery(vn, null)).statusCode).toBe(401);
    expect((await lottery(vn, trial)).json()).toMatchObject({ code: 403 });
    expect(await rowCounts(ctx.db, ['launch_tickets'])).toEqual(before);
  });

  it('follows the catalogue: a VN card in the ELOTT category switches the prize mode to ELOTT (SPEC §4)', async () => {
    await ctx.db.updateTable('vendors').set({ game_type: 'ELOTT' }).where('vassalage', '=', 'TCG_LOTTO_VN').execute();
    try {
      const vn = { lottoArea: 'VN', lottoGameCode: 'tcg_lotto_vn_1' };
      expect((await lottery({ ...vn, lottoPrizeMode: 'LOTT' })).statusCode).toBe(400);
      expect((await lottery({ ...vn, lottoPrizeMode: 'ELOTT' })).statusCode).toBe(200);
    } finally {
      await ctx.db.updateTable('vendors').set({ game_type: 'LOTT' }).where('vassalage', '=', 'TCG_LOTTO_VN').execute();
    }
  });
});

describe('header badges and referral (real rows, SPEC §2)', () => {
  const info = async () => ZEnvelope(ZMemberInfoResponse).parse((await call('GET', WPS_PATHS.memberInfo, member)).json()).value!;

  it('counts unread messages and the promotions to join or claim (docs/0096), and reads referral from the promotions', async () => {
    const m = await demoMemberRow(ctx.db, 'demo_member').select(['id', 'merchant_id']).executeTakeFirstOrThrow();
    // The seed's three deposit matches, to join (the demo member has no approved deposit).
    expect(await info()).toMatchObject({ unreadMessage: 0, availablePromoCount: 3, referralEnabled: true });
    await ctx.db
      .insertInto('member_messages')
      .values([
        { member_id: m.id, title: 'a', body: 'a' },
        { member_id: m.id, title: 'b', body: 'b', read_at: new Date() },
      ])
      .execute();
    const signUp = await ctx.db.selectFrom('promotions').select('id').where('kind', '=', 'sign_up').executeTakeFirstOrThrow();
    await inTransaction(ctx.db, (trx) =>
      offerBonus(
        trx,
        { id: m.merchant_id, currency: '' },
        {
          memberId: m.id,
          promotionId: signUp.id,
          source: 'sign_up',
          sourceKey: 'badge',
          amountMinor: 100,
          terms: DEFAULT_BONUS_TERMS,
          now: new Date(),
          ip: 'system',
        },
      ),
    );
    const referral = await ctx.db.selectFrom('promotions').selectAll().where('promotion_type', '=', 'REFERRAL').executeTakeFirstOrThrow();
    try {
      expect(await info()).toMatchObject({ unreadMessage: 1, availablePromoCount: 4 });
      await ctx.db.updateTable('promotions').set({ status: 'paused' }).where('merchant_id', '=', m.merchant_id).execute();
      await ctx.db.deleteFrom('promotions').where('id', '=', referral.id).execute();
      expect(await info()).toMatchObject({ availablePromoCount: 0, referralEnabled: false });
    } finally {
      await ctx.db.deleteFrom('member_messages').execute();
      await ctx.db.deleteFrom('bonus_awards').where('member_id', '=', m.id).execute();
      await ctx.db.updateTable('promotions').set({ status: 'active' }).where('merchant_id', '=', m.merchant_id).execute();
      const { id: _id, terms, ...row } = referral;
      await ctx.db
        .insertInto('promotions')
        .values({ ...row, terms: JSON.stringify(terms) })
        .execute();
    }
  });
});
