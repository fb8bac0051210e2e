import { describe, expect, it } from 'vitest';
import { BANNER_GROUPS, WPS_PATHS, ZAnnouncementsResponse, ZEnvelope } from '@wl/schemas';
import { usePlatform } from '../test-support/db.ts';

const ctx = usePlatform();

describe('announcements', () => {
  it('answers banners for every group, notices, popups A/B/F and promotions in the header language', async () => {
    const en = ZEnvelope(ZAnnouncementsResponse).parse((await ctx.app.inject({ url: WPS_PATHS.announcements, headers: { language: 'en' } })).json()).value!;
    for (const g of BANNER_GROUPS)
      expect(
        en.banners.some((b) => b.groupName === g),
        g,
      ).toBe(true);
    const home = en.banners.filter((b) => b.groupName === 'w_home');
    expect(home.length).toBeGreaterThanOrEqual(3);
    expect(home.map((b) => b.linkageType)).toEqual(expect.arrayContaining(['INTERNAL', 'EXTERNAL']));
    expect(en.player.length).toBeGreaterThanOrEqual(4);
    expect(en.popup.map((p) => p.execution).sort()).toEqual(['A', 'B', 'F']);
    expect(en.promotion).toHaveLength(10);
    expect(en.player[0]!.title).toMatch(/^[ -~–]+$/);

    const bn = ZEnvelope(ZAnnouncementsResponse).parse((await ctx.app.inject({ url: WPS_PATHS.announcements })).json()).value!;
    expect(bn.player[0]!.title).toMatch(/[\u0980-\u09FF]/);
    // The artwork's address names its words' digest: a changed title is a new address (docs/0133).
    expect(bn.banners[0]!.imageUrl).toMatch(new RegExp(`^/wps/assets/banner/${bn.banners[0]!.id}\\.bn\\.svg\\?v=[\\w-]{10}$`));
    expect(en.banners[0]!.imageUrl).toMatch(new RegExp(`^/wps/assets/banner/${en.banners[0]!.id}\\.svg\\?v=[\\w-]{10}$`));
    expect(bn.banners[0]!.imageUrl.split('?v=')[1]).not.toBe(en.banners[0]!.imageUrl.split('?v=')[1]);
  });

  it('leaves out a promotion that has ended, as the promotions page does', async () => {
    const read = async () =>
      ZEnvelope(ZAnnouncementsResponse).parse((await ctx.app.inject({ url: WPS_PATHS.announcements, headers: { language: 'en' } })).json()).value!.promotion;
    const before = await read();
    const ended = before[0]!;
    await ctx.db
      .updateTable('promotions')
      .set({ ends_at: new Date(Date.now() - 60_000) })
      .where('id', '=', ended.id)
      .execute();
    const after = await read();
    expect(after.map((p) => p.id)).toEqual(before.map((p) => p.id).filter((id) => id !== ended.id));
  });
});
