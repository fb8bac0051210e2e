import { WPS_CODES, WPS_MESSAGES, NON_MEMBER_TYPE, type TLoginRequest } from '@wl/schemas';
import { newToken, sha256Hex, SESSION_IDLE_MS, type TMerchant, type TSessionMember } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError } from '../http/envelope.ts';
import { consumeCaptcha } from './captcha.service.ts';
import { verifyPassword } from './password.service.ts';
import { addFailure, memberByUsername, recentFailures, recordAuthEvent } from './session.queries.ts';

/** After this many failures for a username, logins need a captcha (issue 3: "after the first failures"). */
export const CAPTCHA_AFTER_FAILURES = 2;
/** Failures older than this no longer count. */
export const FAILURE_WINDOW_MS = 30 * 60 * 1000;

/** Login failures answer HTTP 200 with success:false, as the upstream does; the value says whether a captcha is needed. */
function loginFailure(code: number, message: string, captcha: boolean): WpsError {
  return new WpsError(code, message, { captcha }, 200);
}

/**
 * Username/password login (SPEC §4, §7). The same answers for unknown and known usernames; after
 * CAPTCHA_AFTER_FAILURES failures a valid single-use captcha is required; non-members (type 9) are
 * refused; every attempt lands in auth_events. Returns the token once; only its hash is stored.
 */
export async function login(
  deps: TPlatformDeps,
  merchant: TMerchant,
  req: TLoginRequest,
  ip: string,
): Promise<{ token: string; firstTimeLogin: boolean; passwordExpired: boolean }> {
  const db = deps.db;
  const now = deps.clock();
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const username = req.username;
  const key = username.toLowerCase();
  const event = (kind: string, memberId: number | null = null) => recordAuthEvent(db, { merchantId: merchant.id, memberId, username, kind, ip });

  // SMS and third-party logins arrive with issue 3; until then they are not available here.
  if (req.type !== 'username') throw new WpsError(WPS_CODES.featureOff, WPS_MESSAGES.featureOff);

  const failures = await recentFailures(db, merchant.id, key, since);
  if (failures >= CAPTCHA_AFTER_FAILURES) {
    if (!req.captcha || !req.captchaId) {
      await event('login_captcha_missing');
      throw loginFailure(WPS_CODES.captchaRequired, WPS_MESSAGES.captchaRequired, true);
    }
    if (!(await consumeCaptcha(deps, merchant, req.captchaId, req.captcha))) {
      await event('login_captcha_wrong');
      throw loginFailure(WPS_CODES.captchaRequired, WPS_MESSAGES.captchaWrong, true);
    }
  }

  const member = await memberByUsername(db, merchant.id, username);
  const valid = await verifyPassword(member?.password_hash ?? null, req.password);
  if (!member || !valid) {
    const count = await addFailure(db, merchant.id, key, now, since);
    await event('login_failed', member?.id ?? null);
    throw loginFailure(WPS_CODES.badRequest, WPS_MESSAGES.invalidCredentials, count >= CAPTCHA_AFTER_FAILURES);
  }
  if (member.type === NON_MEMBER_TYPE) {
    await event('login_not_member', member.id);
    throw loginFailure(WPS_CODES.notMember, WPS_MESSAGES.notMember, false);
  }

  const token = newToken();
  const passwordExpired = member.password_expires_at !== null && new Date(member.password_expires_at) <= now;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sessions')
      .values({ member_id: member.id, token_hash: sha256Hex(token), ip, expires_at: new Date(now.getTime() + SESSION_IDLE_MS) })
      .execute();
    if (member.first_time_login) await trx.updateTable('members').set({ first_time_login: false }).where('id', '=', member.id).execute();
    await trx.deleteFrom('login_throttle').where('merchant_id', '=', merchant.id).where('username_key', '=', key).execute();
    await trx
      .insertInto('auth_events')
      .values({ merchant_id: merchant.id, member_id: member.id, operator_id: null, username, kind: 'login_ok', ip })
      .execute();
  });
  return { token, firstTimeLogin: member.first_time_login, passwordExpired };
}

/** Revokes the session of the call (SPEC §4 Logout). */
export async function logout(deps: TPlatformDeps, merchant: TMerchant, member: TSessionMember, ip: string): Promise<void> {
  await deps.db.updateTable('sessions').set({ revoked_at: deps.clock() }).where('id', '=', member.sessionId).execute();
  await recordAuthEvent(deps.db, { merchantId: merchant.id, memberId: member.memberId, username: member.username, kind: 'logout', ip });
}

