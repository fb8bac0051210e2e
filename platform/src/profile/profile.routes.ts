import { PROFILE_CALLS } from '@wl/schemas';
import { routesOf } from '../http/routes-of.ts';
import { avatarChoice, memberProfile, setAvatar, setLanguage } from './profile.service.ts';

/** The profile area (docs/0115): always the session's own member. */
export const profileRoutes = routesOf(PROFILE_CALLS, {
  get: (c) => memberProfile(c.deps, c.actor),
  avatar: (c) => avatarChoice(c.deps, c.actor),
  setAvatar: (c) => setAvatar(c.deps, c.merchant, c.actor, c.input.icon, c.ip),
  setLanguage: (c) => setLanguage(c.deps, c.actor, c.input.language),
});
