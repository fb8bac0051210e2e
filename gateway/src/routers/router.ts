import { router } from '../trpc/init.ts';
import { accountRouter } from './account/router.ts';
import { catalogueRouter } from './catalogue/router.ts';
import { configRouter } from './config/router.ts';
import { contentRouter } from './content/router.ts';
import { memberRouter } from './member/router.ts';
import { operatorRouter } from './operator/router.ts';
import { sessionRouter } from './session/router.ts';
import { systemRouter } from './system/router.ts';

/** The gateway's tRPC API, one router per area. */
export const appRouter = router({
  config: configRouter,
  system: systemRouter,
  catalogue: catalogueRouter,
  content: contentRouter,
  session: sessionRouter,
  account: accountRouter,
  member: memberRouter,
  operator: operatorRouter,
});
