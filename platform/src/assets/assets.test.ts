import { describe, expect, it } from 'vitest';
import { usePlatform } from '../test-support/db.ts';

const ctx = usePlatform();

describe('generated artwork', () => {
  it('serves deterministic, cacheable SVGs for games, vendors, banners and avatars', async () => {
    const member = await ctx.db.selectFrom('members').select('id').where('username', '=', 'demo_member').executeTakeFirstOrThrow();
    const banner = await ctx.db.selectFrom('banners').select('id').orderBy('id').executeTakeFirstOrThrow();
    const promo = await ctx.db.selectFrom('promotions').select('id').orderBy('id').executeTakeFirstOrThrow();
    for (const url of [
      '/wps/assets/game/SPINORA-001.svg',
      '/wps/assets/vendor/TCG_SEA.svg',
      `/wps/assets/banner/${banner.id}.svg`,
      `/wps/assets/banner/p${promo.id}.svg`,
      `/wps/assets/avatar/${member.id}.svg`,
    ]) {
      const a = await ctx.app.inject({ url });
      expect(a.statusCode, url).toBe(200);
      expect(a.headers['content-type']).toBe('image/svg+xml');
      expect(a.headers['cache-control']).toBe('public, max-age=86400');
      expect(a.body.startsWith('<svg')).toBe(true);
      expect((await ctx.app.inject({ url })).body).toBe(a.body);
    }
    const game = await ctx.db.selectFrom('games').select('name_en').where('node_id', '=', 'SPINORA-001').executeTakeFirstOrThrow();
    const body = (await ctx.app.inject({ url: '/wps/assets/game/SPINORA-001.svg' })).body;
    expect(body).toContain(game.name_en.split(' ')[0]);
  });

  it('answers 404 for unknown or malformed artwork so clients show their fallback', async () => {
    for (const url of ['/wps/assets/game/NOPE-1.svg', '/wps/assets/game/..%2F..%2Fetc.svg', '/wps/assets/vendor/x.png', '/wps/assets/banner/abc.svg', '/wps/assets/avatar/999999.svg']) {
      const res = await ctx.app.inject({ url });
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.json().success).toBe(false);
    }
  });
});
