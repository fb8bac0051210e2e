import { ACCOUNT_MESSAGES, WPS_CODES, WPS_MESSAGES, type TStepUpRequest, type TStepUpResponse } from '@wl/schemas';
import type { TMerchant, TSessionMember } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError } from '../http/envelope.ts';
import { fieldFailure } from '../http/errors.ts';
import { judgeCountedPassword, type TPasswordJudgement } from './security.service.ts';
import { reserveCountedAttempt } from './security.service.ts';
import { recordAuthEvent } from '../audit/auth-events.ts';
import { totpCounter } from './totp.ts';
import { markStepUp, STEP_UP_TTL_MS, stepUpKey } from './step-up.guard.ts';

/** Judges an authenticator code for a step-up, counted under the step-up key before the comparison. */
async function judgeTotp(deps: TPlatformDeps, merchant: TMerchant, member: TSessionMember, code: string, now: Date): Promise<TPasswordJudgement> {
  const row = await deps.db.selectFrom('members').select(['totp_secret', 'totp_last_counter']).where('id', '=', member.memberId).executeTakeFirstOrThrow();
  if (!row.totp_secret) return { kind: 'not_set' };
  const key = stepUpKey(member.memberId);
  const reservation = await reserveCountedAttempt(deps.db, merchant.id, key, now);
  if (reservation.kind === 'locked') return reservation;
  const { settings } = reservation;
  const step = totpCounter(row.totp_secret, code.trim(), now);
  // A code opens one door once: the step moves forward only if no parallel answer used it first.
  const fresh =
    step !== null &&
    (await deps.db
      .updateTable('members')
      .set({ totp_last_counter: step })
      .where('id', '=', member.memberId)
      .where((eb) => eb.or([eb('totp_last_counter', 'is', null), eb('totp_last_counter', '<', step)]))
      .returning('id')
      .executeTakeFirst()) !== undefined;
  if (!fresh) return reservation.failures >= settings.lockAfterFailures ? { kind: 'locked', retryAfterSeconds: settings.lockMinutes * 60 } : { kind: 'wrong' };
  await deps.db.deleteFrom('login_throttle').where('merchant_id', '=', merchant.id).where('username_key', '=', key).execute();
  return { kind: 'ok' };
}

/**
 * A step-up (docs/0068): the login password, or a current code of the bound authenticator, marks
 * the session for STEP_UP_TTL_MS. Every answer is counted before it is judged (judgeCountedPassword),
 * so of any number of parallel guesses at most the merchant's lock threshold are judged; then the
 * member's step-ups are locked for lockMinutes. Each outcome is an auth event.
 */
export async function stepUp(deps: TPlatformDeps, merchant: TMerchant, member: TSessionMember, req: TStepUpRequest, ip: string): Promise<TStepUpResponse> {
  const now = deps.clock();
  const event = (kind: string) => recordAuthEvent(deps.db, { merchantId: merchant.id, memberId: member.memberId, username: member.username, kind, ip });
  const byTotp = req.totpCode !== undefined && req.totpCode !== '' && !req.password;
  const field = byTotp ? 'totpCode' : 'password';
  if (!byTotp && !req.password) throw fieldFailure('password', ACCOUNT_MESSAGES.stepUpWrong);
  let judgement: TPasswordJudgement;
  if (byTotp) {
    judgement = await judgeTotp(deps, merchant, member, req.totpCode!, now);
  } else {
    const row = await deps.db.selectFrom('members').select('password_hash').where('id', '=', member.memberId).executeTakeFirstOrThrow();
    judgement = await judgeCountedPassword(deps.db, merchant, stepUpKey(member.memberId), row.password_hash, req.password!, now);
  }
  if (judgement.kind === 'locked') {
    await event('step_up_locked');
    throw new WpsError(WPS_CODES.locked, WPS_MESSAGES.locked, { retryAfterSeconds: judgement.retryAfterSeconds });
  }
  if (judgement.kind !== 'ok') {
    await event('step_up_failed');
    throw fieldFailure(field, ACCOUNT_MESSAGES.stepUpWrong);
  }
  const until = await markStepUp(deps, member);
  await event(byTotp ? 'step_up_ok_totp' : 'step_up_ok');
  return { validUntil: until.toISOString(), validSeconds: STEP_UP_TTL_MS / 1000 };
}
