import { describe, expect, it } from 'vitest';
import { WPS_PATHS } from '@wl/schemas';
import { usePlatform } from '../test-support/db.ts';
import { loginToken } from '../test-support/http.ts';
import { demoMemberRow } from '../test-support/demo-merchant.ts';

const ctx = usePlatform();

describe('generated artwork', () => {
  it('serves deterministic, cacheable SVGs for games, vendors, banners and avatars', async () => {
    const member = await demoMemberRow(ctx.db, 'demo_member').select('avatar_key').executeTakeFirstOrThrow();
    const banner = await ctx.db.selectFrom('banners').select('id').orderBy('id').executeTakeFirstOrThrow();
    const promo = await ctx.db.selectFrom('promotions').select('id').orderBy('id').executeTakeFirstOrThrow();
    for (const url of [
      '/wps/assets/game/SPINORA-001.svg',
      '/wps/assets/vendor/TCG_SEA.svg',
      `/wps/assets/banner/${banner.id}.svg`,
      `/wps/assets/banner/p${promo.id}.svg`,
      `/wps/assets/avatar/${member.avatar_key}.svg`,
    ]) {
      const a = await ctx.app.inject({ url });
      expect(a.statusCode, url).toBe(200);
      expect(a.headers['content-type']).toBe('image/svg+xml');
      expect(a.headers['cache-control']).toBe('public, max-age=86400');
      expect(a.body.startsWith('<svg')).toBe(true);
      expect((await ctx.app.inject({ url })).body).toBe(a.body);
    }
    const game = await ctx.db.selectFrom('games').select(['name_en', 'name_bn']).where('node_id', '=', 'SPINORA-001').executeTakeFirstOrThrow();
    const body = (await ctx.app.inject({ url: '/wps/assets/game/SPINORA-001.svg' })).body;
    expect(body).toContain(game.name_en.split(' ')[0]);
    // The Bengali artwork carries the Bengali name (docs/0054); banners the Bengali title.
    const bn = (await ctx.app.inject({ url: '/wps/assets/game/SPINORA-001.bn.svg' })).body;
    expect(bn).toContain(game.name_bn.split(' ')[0]);
    expect(bn).not.toContain(game.name_en.split(' ')[0]);
    const bnBanner = await ctx.db.selectFrom('banners').select(['id', 'title_bn']).orderBy('id').limit(1).executeTakeFirstOrThrow();
    expect((await ctx.app.inject({ url: `/wps/assets/banner/${bnBanner.id}.bn.svg` })).body).toContain(bnBanner.title_bn.split(' ')[0]);
  });

  it('serves avatars only by their random key: member ids answer 404, keys differ per member', async () => {
    const token = await loginToken(ctx.app, 'demo_member', 'Demo1234');
    const info = (await ctx.app.inject({ url: WPS_PATHS.memberInfo, headers: { authorization: token } })).json().value as { id: number; avatarUrl: string };
    const own = await ctx.app.inject({ url: info.avatarUrl });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('>D</text>');
    const rows = await ctx.db.selectFrom('members').select(['id', 'avatar_key']).execute();
    expect(rows.length).toBeGreaterThan(5);
    expect(new Set(rows.map((r) => r.avatar_key)).size).toBe(rows.length);
    for (const r of rows) expect(r.avatar_key).toMatch(/^[A-Za-z0-9_-]{22,64}$/);
    for (const id of [info.id, rows[0]!.id, 1, 2]) {
      const res = await ctx.app.inject({ url: `/wps/assets/avatar/${id}.svg` });
      expect(res.statusCode, `avatar ${id}`).toBe(404);
      expect(res.json().success).toBe(false);
    }
    // A well-formed key that belongs to nobody is as unknown as an id.
    expect((await ctx.app.inject({ url: `/wps/assets/avatar/${'A'.repeat(22)}.svg` })).statusCode).toBe(404);
  });

  it('gives members created before migration 0004 a key of their own', async () => {
    // The migration's column default is what backfilled existing rows: rows inserted without a key get distinct ones.
    const merchant = await ctx.db.selectFrom('merchants').select('id').where('code', '=', 'DEMO').executeTakeFirstOrThrow();
    const rows = await ctx.db
      .insertInto('members')
      .values(
        ['old_1', 'old_2'].map((username) => ({
          merchant_id: merchant.id,
          username,
          nickname: username,
          password_hash: 'x',
          type: 0,
          upline_id: null,
          password_expires_at: null,
        })),
      )
      .returning('avatar_key')
      .execute();
    expect(rows[0]!.avatar_key).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.avatar_key).not.toBe(rows[1]!.avatar_key);
    expect((await ctx.app.inject({ url: `/wps/assets/avatar/${rows[0]!.avatar_key}.svg` })).statusCode).toBe(200);
  });

  it('answers 404 for unknown or malformed artwork so clients show their fallback', async () => {
    for (const url of [
      '/wps/assets/game/NOPE-1.svg',
      '/wps/assets/game/..%2F..%2Fetc.svg',
      '/wps/assets/vendor/x.png',
      '/wps/assets/banner/abc.svg',
      '/wps/assets/avatar/999999.svg',
    ]) {
      const res = await ctx.app.inject({ url });
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.json().success).toBe(false);
    }
  });
});
