import type { FastifyRequest } from 'fastify';
import { FAVOURITE_CALLS, MEMBER_CALLS, RECENT_CALLS } from '@wl/schemas';
import { requestLanguage } from '../http/request-context.ts';
import { favouriteAdd, favouriteIds, favouriteList, favouriteRemove, memberInfo, recentList, vnGameMenuRecent } from './member.service.ts';
import { routesOf } from '../http/routes-of.ts';
import { balance } from '../wallet/wallet.service.ts';

/**
 * The signed-in member: info answers during a forced password change (the login answer and the
 * change modal need it, docs/0014); the balance answers trial accounts too.
 */
export const memberRoutes = routesOf(MEMBER_CALLS, {
  info: (c) => memberInfo(c.deps, c.actor, requestLanguage(c.request)),
  balance: (c) => balance(c.deps, c.merchant, c.actor),
});

/** Favourite games: the member's own, trial accounts refused (REAL_MEMBER). */
export const favouriteRoutes = routesOf(FAVOURITE_CALLS, {
  favouriteIds: (c) => favouriteIds(c.deps, c.actor),
  favourites: (c) => favouriteList(c.deps, c.actor, c.input, requestLanguage(c.request)),
  addFavourite: (c) => favouriteAdd(c.deps, c.merchant, c.actor, c.input),
  removeFavourite: { handle: (c) => favouriteRemove(c.deps, c.merchant, c.actor, c.input.nodeId), inputFrom: nodeIdOf },
});

/** DELETE bodies are unusual: the node id in the query, else in a JSON body. */
function nodeIdOf(request: FastifyRequest): unknown {
  const query = request.query as Record<string, unknown> | undefined;
  return query && typeof query === 'object' && 'nodeId' in query ? query : request.body;
}

/** Recent games (docs/0036): the member's own launches only, read by the session's member id. */
export const recentRoutes = routesOf(RECENT_CALLS, {
  recent: (c) => recentList(c.deps, c.actor, c.input, requestLanguage(c.request)),
  vnGameMenuRecent: (c) => vnGameMenuRecent(c.deps, c.merchant, c.actor, c.input, requestLanguage(c.request)),
});
