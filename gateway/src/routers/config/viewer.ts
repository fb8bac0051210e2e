import { MEMBER_CALLS, WPS_CODES, audienceOf, type TLanguage } from '@wl/schemas';
import type { TViewer } from '../../composer/compose-screen-config.ts';
import type { TContext } from '../../trpc/context.ts';
import { UpstreamError } from '../../upstream/upstream.errors.ts';

export const VISITOR: TViewer = { audience: 'visitor', referralEnabled: false, hasVip: false };

/**
 * Who is looking (docs/rules/accounts.md#a-21 session): no token → visitor; otherwise the member's type decides
 * trial, agent or member. A token the upstream refuses counts as no session, so a stale tab
 * still gets the visitor's screen instead of an error.
 */
export async function viewerOf(ctx: Pick<TContext, 'api' | 'token' | 'ip'>, language: TLanguage): Promise<TViewer> {
  if (!ctx.token) return VISITOR;
  try {
    const member = await ctx.api.call(MEMBER_CALLS.info, undefined, { token: ctx.token, language, ip: ctx.ip });
    return { audience: audienceOf(member), referralEnabled: member.referralEnabled, hasVip: member.hasVip };
  } catch (error) {
    if (error instanceof UpstreamError && (error.code === WPS_CODES.notLoggedIn || error.code === WPS_CODES.forbidden)) {
      return VISITOR;
    }
    throw error;
  }
}
