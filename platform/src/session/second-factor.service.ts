import type { Kysely } from 'kysely';
import { ACCOUNT_MESSAGES, WPS_CODES, type TSecondFactorValue, type TSecondFactorMethod, type TSessionValue, type TSmsSendResponse } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { newToken, sha256Hex, type TMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError } from '../http/envelope.ts';
import { maskEmail, maskMobile } from '../kernel/masks.ts';
import { consumeCode, sendCode, type TCodeTarget } from '../verification/verification.service.ts';
import { issueSession, type TLoginMember } from './issue-session.ts';
import { recordAuthEvent } from '../audit/auth-events.ts';
import { liveChallenge, loginMemberById, reserveChallengeAttempt } from './session.queries.ts';
import { totpCounter } from './totp.ts';

/** A second-factor challenge lives 10 minutes and survives this many wrong answers. */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;
export const CHALLENGE_MAX_ATTEMPTS = 3;

/**
 * The second factors a member can answer (docs/rules/accounts.md#a-7 login from a new IP), each proving possession
 * (docs/0067): the authenticator, offered first when bound, then a code to the bound mobile or
 * e-mail. A bank holder name or an address typed in is known to whoever read a statement or a
 * profile, so it is no factor.
 */
export function secondFactorMethods(member: TLoginMember): TSecondFactorMethod[] {
  const methods: TSecondFactorMethod[] = [];
  if (member.totp_secret) methods.push('totp');
  if (member.mobile_num) methods.push('mobile');
  if (member.email) methods.push('email');
  return methods;
}

/** Where a second-factor code of `method` goes: the member's bound address, never one a client names. */
function secondFactorTarget(member: TLoginMember, method: TSecondFactorMethod): TCodeTarget | null {
  if (method === 'mobile' && member.mobile_num) return { key: `${member.country_dialing_code ?? ''}${member.mobile_num}` };
  if (method === 'email' && member.email) return { key: `email:${member.email.toLowerCase()}`, email: member.email };
  return null;
}

/**
 * Opens a second-factor challenge for a login from a new IP (docs/rules/accounts.md#a-7): the
 * session waits until one of `methods` is answered (verifySecondFactor), with the login's
 * remember-me and forced-change flags. Answers the challenge as the client gets it: its id once, the
 * methods, and the bound addresses masked.
 */
export async function openSecondFactorChallenge(
  db: Kysely<DB>,
  merchantId: number,
  member: Pick<TLoginMember, 'id' | 'country_dialing_code' | 'mobile_num' | 'email'>,
  methods: TSecondFactorMethod[],
  opts: { now: Date; ip: string; rememberMe: boolean; mustChangePassword: boolean },
): Promise<TSecondFactorValue> {
  const challengeId = newToken();
  await db
    .insertInto('login_challenges')
    .values({
      id_hash: sha256Hex(challengeId),
      merchant_id: merchantId,
      member_id: member.id,
      methods: JSON.stringify(methods),
      remember_me: opts.rememberMe,
      must_change_password: opts.mustChangePassword,
      ip: opts.ip.slice(0, 64),
      expires_at: new Date(opts.now.getTime() + CHALLENGE_TTL_MS),
    })
    .execute();
  return {
    kind: 'secondFactor',
    challengeId,
    methods,
    maskedMobile: methods.includes('mobile') ? maskMobile(member.country_dialing_code, member.mobile_num) : null,
    maskedEmail: methods.includes('email') ? maskEmail(member.email) : null,
  };
}

/**
 * Sends the one-time code of a live challenge to the bound mobile or e-mail of its member
 * (docs/0067). The code is tied to the challenge (a code of another login does not open this one),
 * single use, expires with the merchant's SMS minutes and dies after CODE_MAX_ATTEMPTS guesses; the
 * challenge itself takes CHALLENGE_MAX_ATTEMPTS answers. Sends per address are throttled by
 * sendCode (one a second, five per 15 minutes, then locked).
 */
export async function sendSecondFactorCode(
  deps: TPlatformDeps,
  merchant: TMerchant,
  req: { challengeId: string; method: 'mobile' | 'email' },
  ip: string,
): Promise<TSmsSendResponse> {
  const idHash = sha256Hex(req.challengeId);
  const challenge = await liveChallenge(deps.db, merchant.id, idHash, deps.clock());
  const methods = (challenge?.methods ?? []) as unknown as string[];
  if (!challenge || !methods.includes(req.method)) throw new WpsError(WPS_CODES.notFound, ACCOUNT_MESSAGES.secondFactorExpired);
  const member = await loginMemberById(deps.db, challenge.member_id);
  const target = secondFactorTarget(member, req.method);
  // The address was unbound since the login: the challenge cannot be answered this way.
  if (!target) throw new WpsError(WPS_CODES.notFound, ACCOUNT_MESSAGES.secondFactorExpired);
  // In the member's saved language, whatever the page asking is in (docs/0115).
  const sent = await sendCode(deps, merchant, target, 'secondFactor', { deliver: true, challengeHash: idHash, language: member.language });
  await recordAuthEvent(deps.db, { merchantId: merchant.id, memberId: member.id, username: member.username, kind: `second_factor_code_${req.method}`, ip });
  return sent;
}

/**
 * Answers a second-factor challenge. Every answer is counted before it is checked (atomic, so
 * parallel guesses stay within CHALLENGE_MAX_ATTEMPTS); a wrong last one voids the challenge
 * (404 second_factor_expired, as for an unknown or old one). Right → the session.
 */
export async function verifySecondFactor(
  deps: TPlatformDeps,
  merchant: TMerchant,
  req: { challengeId: string; method: TSecondFactorMethod; code: string },
  ip: string,
  previousToken: string | null,
): Promise<TSessionValue> {
  const db = deps.db;
  const now = deps.clock();
  const idHash = sha256Hex(req.challengeId);
  const expired = () => new WpsError(WPS_CODES.notFound, ACCOUNT_MESSAGES.secondFactorExpired);
  // The answer is counted before it is checked, so parallel guesses cannot exceed the budget.
  const challenge = await reserveChallengeAttempt(db, merchant.id, idHash, now, CHALLENGE_MAX_ATTEMPTS);
  if (!challenge) throw expired();
  const member = await loginMemberById(db, challenge.member_id);
  const methods = challenge.methods as unknown as string[];
  let right = false;
  let totpStep: number | null = null;
  if (methods.includes(req.method)) {
    const target = secondFactorTarget(member, req.method);
    if (target) {
      // The code sent to the bound address for this challenge: single use, expiring, its own
      // guesses counted before judged (consumeCode), on top of the challenge's reserved attempt.
      right = await consumeCode(deps, merchant, target, 'secondFactor', req.code, idHash).then(
        () => true,
        () => false,
      );
    } else if (req.method === 'totp' && member.totp_secret) {
      totpStep = totpCounter(member.totp_secret, (req.code ?? '').trim(), now);
      // A code already used for a login does not work twice.
      right = totpStep !== null && (member.totp_last_counter === null || totpStep > Number(member.totp_last_counter));
    }
  }
  const event = (kind: string) => recordAuthEvent(db, { merchantId: merchant.id, memberId: member.id, username: member.username, kind, ip });
  if (!right) {
    await event(`second_factor_failed_${req.method}`);
    if (challenge.attempts >= CHALLENGE_MAX_ATTEMPTS) {
      await db.updateTable('login_challenges').set({ used_at: now }).where('id_hash', '=', idHash).execute();
      await event('second_factor_void');
      throw expired();
    }
    throw new WpsError(WPS_CODES.badRequest, ACCOUNT_MESSAGES.secondFactorWrong);
  }
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('login_challenges')
      .set({ used_at: now })
      .where('id_hash', '=', idHash)
      .where('used_at', 'is', null)
      .returning('id_hash')
      .executeTakeFirst();
    if (!used) throw expired();
    if (totpStep !== null) {
      // The step moves forward only if no parallel answer used it first: a code opens one challenge.
      const step = totpStep;
      const fresh = await trx
        .updateTable('members')
        .set({ totp_last_counter: step })
        .where('id', '=', member.id)
        .where((eb) => eb.or([eb('totp_last_counter', 'is', null), eb('totp_last_counter', '<', step)]))
        .returning('id')
        .executeTakeFirst();
      if (!fresh) throw new WpsError(WPS_CODES.badRequest, ACCOUNT_MESSAGES.secondFactorWrong);
    }
    return issueSession(trx, merchant, member, {
      now,
      ip,
      kind: `second_factor_ok_${req.method}`,
      mustChangePassword: challenge.must_change_password,
      rememberMe: challenge.remember_me,
      previousToken,
    });
  });
}
