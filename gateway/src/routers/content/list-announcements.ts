import { CONTENT_CALLS, ZAnnouncements } from '@wl/schemas';
import { publicCall } from '../../trpc/context.ts';
import { publicProcedure } from '../../trpc/init.ts';
import { ZLanguageInput } from '../catalogue/catalogue.types.ts';

/** `content.announcements`: banners, marquee notices, popups and promotions (docs/rules/content.md#c-7 Home). */
export const listAnnouncements = publicProcedure
  .input(ZLanguageInput)
  .output(ZAnnouncements)
  .query(({ ctx, input }) =>
    publicCall(ctx, 'announcements', input.language, (call) => ctx.api.call(CONTENT_CALLS.announcements, { platform: 'W', language: call.language }, call)),
  );
