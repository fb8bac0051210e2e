import { describe, expect, it } from 'vitest';
import { usePlatform } from '../test-support/db.ts';
import { insertBareMembers } from '../test-support/bare-members.ts';
import { DRAFT_IMAGE_KEEP_MS, sweepDraftImages } from './draft-images.job.ts';

/**
 * The sweep of abandoned application image drafts (docs/0100): a draft older than a day is deleted,
 * a younger one and every image of an application are kept, and a second run deletes nothing more.
 */

const ctx = usePlatform();

describe('the draft images sweep', () => {
  it('deletes drafts older than a day, never a younger draft or an application’s image', async () => {
    const { merchant, ids } = await insertBareMembers(ctx.db, 1, 'imgsweep');
    const member = ids[0]!;
    const promotion = await ctx.db.selectFrom('promotions').select('id').where('kind', '=', 'manual_apply').executeTakeFirstOrThrow();
    const now = new Date('2026-11-30T12:00:00Z');
    const old = new Date(now.getTime() - DRAFT_IMAGE_KEEP_MS - 1_000);
    const young = new Date(now.getTime() - DRAFT_IMAGE_KEEP_MS + 60_000);
    const application = await ctx.db
      .insertInto('promotion_applications')
      .values({ merchant_id: merchant.id, member_id: member, promotion_id: promotion.id, comment: 'won big', state: 'pending', created_at: old })
      .returning('id')
      .executeTakeFirstOrThrow();
    const image = (id: string, createdAt: Date, applicationId: number | null) => ({
      id,
      merchant_id: merchant.id,
      member_id: member,
      promotion_id: promotion.id,
      application_id: applicationId,
      content_type: 'image/png' as const,
      width: 1,
      height: 1,
      size_bytes: 4,
      bytes: new Uint8Array([1, 2, 3, 4]),
      created_at: createdAt,
    });
    await ctx.db
      .insertInto('promotion_application_images')
      .values([
        image('sweep-old-draft-1', old, null),
        image('sweep-old-draft-2', new Date(old.getTime() - 30 * DRAFT_IMAGE_KEEP_MS), null),
        image('sweep-young-draft', young, null),
        image('sweep-attached', old, Number(application.id)),
      ])
      .execute();
    const left = async () =>
      (await ctx.db.selectFrom('promotion_application_images').select('id').where('member_id', '=', member).orderBy('id').execute()).map((r) => r.id);

    expect(await sweepDraftImages(ctx.db, now)).toBe(2);
    expect(await left()).toEqual(['sweep-attached', 'sweep-young-draft']);
    expect(await sweepDraftImages(ctx.db, now)).toBe(0);
    // A day later the young draft has aged too; the application's image stays.
    expect(await sweepDraftImages(ctx.db, new Date(now.getTime() + DRAFT_IMAGE_KEEP_MS))).toBe(1);
    expect(await left()).toEqual(['sweep-attached']);
  });
});
