import * as OTPAuth from 'otpauth';
import type { Transaction } from 'kysely';
import { OPERATOR_MESSAGES, WPS_CODES, WPS_MESSAGES, type TOperatorAuditAction } from '@wl/schemas';
import { reserveCountedAttempt } from '../session/security.service.ts';
import type { DB } from '../db/schema.ts';
import type { TMerchant, TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError, wpsErrors } from '../http/envelope.ts';
import { recordAuthEvent } from '../audit/auth-events.ts';
import { memberTotp, totpCounter } from '../session/session.service.ts';
import { recordOperatorAudit } from '../audit/operator-audit.ts';
import { takeOperatorTotpStep } from './operator.queries.ts';

/** The operator's authenticator state (on, pending), its row locked for the change. */
function lockedTotp(trx: Transaction<DB>, operatorId: number) {
  return trx.selectFrom('operators').select(['totp_secret', 'totp_pending_secret']).where('id', '=', operatorId).forNoKeyUpdate().executeTakeFirstOrThrow();
}

/** Whether an operator's authenticator is on and whether a new one is pending. */
const totpState = (row: { totp_secret: string | null; totp_pending_secret: string | null }) => ({
  totpEnabled: row.totp_secret !== null,
  pending: row.totp_pending_secret !== null,
});

/** Audits a change of an authenticator in its transaction: secrets never enter the log, only totpState before and after. */
function auditTotp(
  trx: Transaction<DB>,
  by: { merchant: TMerchant; op: TSessionOperator; ip: string },
  action: TOperatorAuditAction,
  before: object,
  after: object,
) {
  return recordOperatorAudit(trx, { merchantId: by.merchant.id, actor: by.op, ip: by.ip, action, before, after, configVersion: null });
}

/** A new pending authenticator secret for the calling operator (shown once; confirmed by a code). */
export async function operatorTotpSetup(deps: TPlatformDeps, merchant: TMerchant, op: TSessionOperator, ip: string) {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  await deps.db.transaction().execute(async (trx) => {
    const row = await lockedTotp(trx, op.operatorId);
    await trx.updateTable('operators').set({ totp_pending_secret: secret }).where('id', '=', op.operatorId).execute();
    await auditTotp(trx, { merchant, op, ip }, 'operator.totp.setup', totpState(row), { ...totpState(row), pending: true });
  });
  return { secret, otpauthUrl: memberTotp(secret, op.username, `${merchant.name} console`).toString() };
}

/**
 * Judges a code of the operator's current authenticator (docs/0068): counted before it is judged under
 * its own key in the login throttle (parallel guesses stay within the merchant's lock threshold, then
 * locked for lockMinutes), a code used once does not work again. Throws the refusal.
 */
async function checkCurrentOperatorCode(deps: TPlatformDeps, merchant: TMerchant, op: TSessionOperator, ip: string, code: string | undefined): Promise<void> {
  const now = deps.clock();
  const row = await deps.db.selectFrom('operators').select(['totp_secret']).where('id', '=', op.operatorId).executeTakeFirstOrThrow();
  if (!row.totp_secret) return;
  if (!code) throw new WpsError(WPS_CODES.badRequest, OPERATOR_MESSAGES.totpRequired);
  const key = `operator-totp:${op.operatorId}`;
  const reservation = await reserveCountedAttempt(deps.db, merchant.id, key, now);
  if (reservation.kind === 'locked') throw new WpsError(WPS_CODES.locked, WPS_MESSAGES.locked, { retryAfterSeconds: reservation.retryAfterSeconds });
  const { settings } = reservation;
  if (!(await takeOperatorTotpStep(deps.db, op.operatorId, totpCounter(row.totp_secret, code, now), row.totp_secret))) {
    await recordAuthEvent(deps.db, { merchantId: merchant.id, operatorId: op.operatorId, username: op.username, kind: 'operator_totp_current_wrong', ip });
    if (reservation.failures >= settings.lockAfterFailures)
      throw new WpsError(WPS_CODES.locked, WPS_MESSAGES.locked, { retryAfterSeconds: settings.lockMinutes * 60 });
    throw new WpsError(WPS_CODES.badRequest, OPERATOR_MESSAGES.totpWrong);
  }
  await deps.db.deleteFrom('login_throttle').where('merchant_id', '=', merchant.id).where('username_key', '=', key).execute();
}

/**
 * Turns the authenticator on when the code matches the pending secret; a wrong code changes nothing.
 * Replacing one that is on needs a code of the current one (docs/0068): a stolen console session
 * cannot move the second factor to the thief's phone.
 */
export async function operatorTotpEnable(
  deps: TPlatformDeps,
  merchant: TMerchant,
  op: TSessionOperator,
  ip: string,
  code: string,
  currentCode?: string,
): Promise<{ ok: true }> {
  await checkCurrentOperatorCode(deps, merchant, op, ip, currentCode);
  const done = await deps.db.transaction().execute(async (trx) => {
    const row = await lockedTotp(trx, op.operatorId);
    const step = row.totp_pending_secret ? totpCounter(row.totp_pending_secret, code, deps.clock()) : null;
    if (step === null) return false;
    await trx
      .updateTable('operators')
      .set({ totp_secret: row.totp_pending_secret, totp_pending_secret: null, totp_last_counter: step })
      .where('id', '=', op.operatorId)
      .execute();
    await auditTotp(trx, { merchant, op, ip }, 'operator.totp.enable', { ...totpState(row), pending: true }, { totpEnabled: true, pending: false });
    return true;
  });
  await recordAuthEvent(deps.db, {
    merchantId: merchant.id,
    operatorId: op.operatorId,
    username: op.username,
    kind: done ? 'operator_totp_enabled' : 'operator_totp_enable_failed',
    ip,
  });
  if (!done) throw new WpsError(WPS_CODES.badRequest, OPERATOR_MESSAGES.totpWrong);
  return { ok: true };
}

/** Turns the calling operator's authenticator off with a code of it (docs/0068); audited. */
export async function operatorTotpRemove(deps: TPlatformDeps, merchant: TMerchant, op: TSessionOperator, ip: string, code: string): Promise<{ ok: true }> {
  const on = await deps.db.selectFrom('operators').select('totp_secret').where('id', '=', op.operatorId).executeTakeFirstOrThrow();
  if (!on.totp_secret) throw new WpsError(WPS_CODES.badRequest, OPERATOR_MESSAGES.totpWrong);
  await checkCurrentOperatorCode(deps, merchant, op, ip, code);
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('operators').set({ totp_secret: null, totp_pending_secret: null, totp_last_counter: null }).where('id', '=', op.operatorId).execute();
    await auditTotp(trx, { merchant, op, ip }, 'operator.totp.remove', { totpEnabled: true }, { totpEnabled: false, pending: false });
  });
  await recordAuthEvent(deps.db, { merchantId: merchant.id, operatorId: op.operatorId, username: op.username, kind: 'operator_totp_removed', ip });
  return { ok: true };
}

/**
 * An owner turns another operator's authenticator off (a lost phone; operators.manage), audited with
 * whose it was (docs/0068). Never the owner's own: that is remove, with its code. The operator's
 * console sessions end, so the next sign-in is a fresh one.
 */
export async function operatorTotpReset(deps: TPlatformDeps, merchant: TMerchant, op: TSessionOperator, ip: string, operatorId: number): Promise<{ ok: true }> {
  if (operatorId === op.operatorId) throw wpsErrors.forbidden();
  await deps.db.transaction().execute(async (trx) => {
    const target = await trx
      .selectFrom('operators')
      .select(['id', 'username', 'totp_secret', 'totp_pending_secret'])
      .where('id', '=', operatorId)
      .where('merchant_id', '=', merchant.id)
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!target) throw wpsErrors.notFound();
    await trx.updateTable('operators').set({ totp_secret: null, totp_pending_secret: null, totp_last_counter: null }).where('id', '=', target.id).execute();
    await trx.updateTable('operator_sessions').set({ revoked_at: deps.clock() }).where('operator_id', '=', target.id).where('revoked_at', 'is', null).execute();
    const whose = { operatorId: target.id, username: target.username };
    await auditTotp(trx, { merchant, op, ip }, 'operator.totp.reset', { ...whose, ...totpState(target) }, { ...whose, totpEnabled: false, pending: false });
  });
  return { ok: true };
}
