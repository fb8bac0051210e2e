import { PROOF_MAX_BYTES, WITHDRAW_CALLS, WITHDRAW_PROOF_UPLOAD_CALLS } from '@wl/schemas';
import { routesOf } from '../http/routes-of.ts';
import { confirmWithdrawal, readProof, requestWithdrawal, uploadProof, withdrawOverview } from './withdraw.service.ts';

/** A proof travels as base64 in JSON: 4/3 of 5 MB plus the envelope; anything bigger is refused before parsing (413). */
export const PROOF_BODY_LIMIT_BYTES = Math.ceil(PROOF_MAX_BYTES / 3) * 4 + 1024;

/** Member withdraw calls (docs/0029): trial accounts are refused on every one (REAL_MEMBER). */
export const withdrawRoutes = routesOf(WITHDRAW_CALLS, {
  overview: (c) => withdrawOverview(c.deps, c.merchant, c.actor),
  request: (c) => requestWithdrawal(c.deps, c.merchant, c.actor, c.input),
  confirm: (c) => confirmWithdrawal(c.deps, c.actor, c.input),
  proof: (c) => readProof(c.deps, c.merchant.id, c.actor.memberId, c.input.proofId),
});

/** The proof upload the gateway's upload door relays. */
export const withdrawProofUploadRoutes = routesOf(WITHDRAW_PROOF_UPLOAD_CALLS, {
  uploadProof: { handle: (c) => uploadProof(c.deps, c.actor, c.input), bodyLimit: PROOF_BODY_LIMIT_BYTES },
});
