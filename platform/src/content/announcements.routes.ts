import { ANNOUNCEMENT_CALLS } from '@wl/schemas';
import { requestLanguage } from '../http/request-context.ts';
import { routesOf } from '../http/routes-of.ts';
import { announcementPage } from './announcements.service.ts';

/** The announcement lists (docs/0112): a member's, and the agent centre's with the notices for agents. */
export const announcementRoutes = routesOf(ANNOUNCEMENT_CALLS, {
  list: (c) => announcementPage(c.deps, c.merchant, c.input.language ?? requestLanguage(c.request), c.input.pageNo, false),
  agentList: (c) => announcementPage(c.deps, c.merchant, c.input.language ?? requestLanguage(c.request), c.input.pageNo, true),
});
