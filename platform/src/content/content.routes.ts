import { CONTENT_CALLS } from '@wl/schemas';
import { routesOf } from '../http/routes-of.ts';
import { requestLanguage } from '../http/request-context.ts';
import { announcements } from './content.service.ts';

/** Content calls (docs/0076): announcements (banners, notices, popups, promotions) in the Language header's language. */
export const contentRoutes = routesOf(CONTENT_CALLS, {
  announcements: (c) => announcements(c.deps, c.merchant, requestLanguage(c.request)),
});
