import type { FastifyInstance } from 'fastify';
import { PROOF_MAX_BYTES, WITHDRAW_PATHS, ZProofQuery, ZProofUploadRequest, ZWithdrawConfirmRequest, ZWithdrawRequest } from '@wl/schemas';
import { requireRealMember, resolveMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { ok } from '../http/envelope.ts';
import { parseInput } from '../http/request-context.ts';
import { confirmWithdrawal, readProof, requestWithdrawal, uploadProof, withdrawOverview } from './withdraw.service.ts';

/** A proof travels as base64 in JSON: 4/3 of 5 MB plus the envelope; anything bigger is refused before parsing (413). */
export const PROOF_BODY_LIMIT_BYTES = Math.ceil(PROOF_MAX_BYTES / 3) * 4 + 1024;

/** Member withdraw calls (issue 8 items 3, 4): trial accounts are refused on every one (SPEC §6). */
export function registerWithdrawRoutes(app: FastifyInstance, deps: TPlatformDeps): void {
  app.get(WITHDRAW_PATHS.withdraw, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    return ok(await withdrawOverview(deps, merchant, await requireRealMember(deps, request, merchant)));
  });
  app.post(WITHDRAW_PATHS.withdraw, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const member = await requireRealMember(deps, request, merchant);
    return ok(await requestWithdrawal(deps, merchant, member, parseInput(ZWithdrawRequest, request.body)));
  });
  app.post(WITHDRAW_PATHS.withdrawConfirm, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const member = await requireRealMember(deps, request, merchant);
    return ok(await confirmWithdrawal(deps, member, parseInput(ZWithdrawConfirmRequest, request.body)));
  });
  app.post(WITHDRAW_PATHS.withdrawProof, { bodyLimit: PROOF_BODY_LIMIT_BYTES }, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const member = await requireRealMember(deps, request, merchant);
    return ok(await uploadProof(deps, member, parseInput(ZProofUploadRequest, request.body)));
  });
  app.get(WITHDRAW_PATHS.withdrawProof, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const member = await requireRealMember(deps, request, merchant);
    return ok(await readProof(deps, merchant.id, member.memberId, parseInput(ZProofQuery, request.query).proofId));
  });
}
