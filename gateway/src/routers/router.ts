import { RELAYED_AREAS } from '@wl/schemas';
import { router } from '../trpc/init.ts';
import { relayedRouters } from '../trpc/relayed-areas.ts';
import { accountRouter } from './account/router.ts';
import { agentRouter } from './agent/router.ts';
import { chatRouter } from './chat/router.ts';
import { catalogueRouter } from './catalogue/router.ts';
import { configRouter } from './config/router.ts';
import { contentRouter } from './content/router.ts';
import { depositRouter } from './deposit/router.ts';
import { feedbackRouter } from './feedback/router.ts';
import { gamesRouter } from './games/router.ts';
import { memberRouter } from './member/router.ts';
import { messagesRouter } from './messages/router.ts';
import { operatorRouter } from './operator/router.ts';
import { sessionRouter } from './session/router.ts';
import { systemRouter } from './system/router.ts';
import { securityRouter } from './security/router.ts';
import { recordsRouter } from './records/router.ts';
import { transferRouter } from './transfer/router.ts';
import { withdrawRouter } from './withdraw/router.ts';

/**
 * The gateway's tRPC API, one router per area: the areas with procedures of their own below, and
 * every area of `RELAYED_AREAS` relayed as it is (docs/0090).
 */
export const appRouter = router({
  ...relayedRouters(RELAYED_AREAS),
  config: configRouter,
  system: systemRouter,
  catalogue: catalogueRouter,
  games: gamesRouter,
  content: contentRouter,
  session: sessionRouter,
  account: accountRouter,
  member: memberRouter,
  messages: messagesRouter,
  chat: chatRouter,
  operator: operatorRouter,
  deposit: depositRouter,
  security: securityRouter,
  records: recordsRouter,
  transfer: transferRouter,
  withdraw: withdrawRouter,
  agent: agentRouter,
  feedback: feedbackRouter,
});
