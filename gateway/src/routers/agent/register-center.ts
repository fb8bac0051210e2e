import {
  ZCreateInvitationRequest,
  ZInvitation,
  ZInvitationDeleteRequest,
  ZInvitationDeleted,
  ZInvitationList,
  ZInvitationListQuery,
  ZInvitationUpdateRequest,
  ZRegisterDownlineRequest,
  ZRegisterDownlineResult,
} from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { withRateLimit } from '../../trpc/rate-limit.ts';

/**
 * registerCenter (issue 10 item 2, docs/0051): the platform checks the agent, the merchant's
 * registration rules and that a code is the caller's own; the gateway adds the limits of a
 * registration (per IP and per new account name) and of code making (per session).
 */
export const registerCenterProcedures = {
  /** `agent.registerDownline`: a member or an agent directly under the caller, limited like `account.register`. */
  registerDownline: memberProcedure
    .input(ZRegisterDownlineRequest)
    .output(ZRegisterDownlineResult)
    .mutation(({ ctx, input }) => withRateLimit(ctx, 'register', input.username, () => ctx.api.agentRegisterDownline(input, callContext(ctx)))),
  /** `agent.invitations`: link management, the caller's codes with their registrations. */
  invitations: memberProcedure
    .input(ZInvitationListQuery)
    .output(ZInvitationList)
    .query(({ ctx, input }) => ctx.api.agentInvitations(input, callContext(ctx))),
  /** `agent.createInvitation`: a new code (a row each: limited per session). */
  createInvitation: memberProcedure
    .input(ZCreateInvitationRequest)
    .output(ZInvitation)
    .mutation(({ ctx, input }) => withRateLimit(ctx, 'agentInvitation', `session:${ctx.token}`, () => ctx.api.agentCreateInvitation(input, callContext(ctx)))),
  /** `agent.updateInvitation`: switch one of the caller's codes off or on. */
  updateInvitation: memberProcedure
    .input(ZInvitationUpdateRequest)
    .output(ZInvitation)
    .mutation(({ ctx, input }) => ctx.api.agentUpdateInvitation(input, callContext(ctx))),
  /** `agent.deleteInvitation`: delete one of the caller's codes. */
  deleteInvitation: memberProcedure
    .input(ZInvitationDeleteRequest)
    .output(ZInvitationDeleted)
    .mutation(({ ctx, input }) => ctx.api.agentDeleteInvitation(input, callContext(ctx))),
};
