import { CONTENT_CALLS } from '@wl/schemas';
import { routesOf } from '../http/routes-of.ts';
import { requestLanguage } from '../http/request-context.ts';
import { announcements, promotion, promotions } from './content.service.ts';
import { helpCentre } from './help.service.ts';

/** Content calls (docs/0076): announcements (banners, notices, popups, promotions), the promotions page and the help centre (docs/0109), in the Language header's language (a `language` in the query wins). */
export const contentRoutes = routesOf(CONTENT_CALLS, {
  announcements: (c) => announcements(c.deps, c.merchant, requestLanguage(c.request)),
  promotions: (c) => promotions(c.deps, c.merchant, c.input.language ?? requestLanguage(c.request)),
  promotion: (c) => promotion(c.deps, c.merchant, c.input.language ?? requestLanguage(c.request), c.input.id),
  help: (c) => helpCentre(c.deps.db, c.merchant, c.input.lang ?? requestLanguage(c.request), c.input.device),
});
