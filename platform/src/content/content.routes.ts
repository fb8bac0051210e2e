import type { FastifyInstance } from 'fastify';
import { WPS_PATHS } from '@wl/schemas';
import { resolveMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { ok } from '../http/envelope.ts';
import { requestLanguage } from '../http/request-context.ts';
import { announcements } from './content.service.ts';

/** Content calls: announcements (banners, notices, popups, promotions) in the Language header's language. */
export function registerContentRoutes(app: FastifyInstance, deps: TPlatformDeps): void {
  app.get(WPS_PATHS.announcements, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    return ok(await announcements(deps, merchant, requestLanguage(request)));
  });
}
