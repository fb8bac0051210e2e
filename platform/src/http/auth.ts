import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { TRIAL_TYPE, WPS_CODES, WPS_HEADERS, WPS_MESSAGES, type TOperatorRole } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import type { TPlatformDeps } from './deps.ts';
import { WpsError, wpsErrors } from './envelope.ts';
import { singleHeader } from './request-context.ts';

/** The merchant a call is for. */
export type TMerchant = {
  id: number;
  code: string;
  name: string;
  currency: string;
  currency_symbol: string;
  maintenance: boolean;
  region_restriction: boolean;
  config_version: number;
  /** Sessions idle out after this many minutes (operator-configurable, default 30). */
  idle_timeout_minutes: number;
  /** Made by the demo seed (docs/0065): read with the merchant, so demo mode costs no query. */
  demo: boolean;
  /** Sessions end this many hours after their login, however busy (operator-configurable, default 7 days; docs/0070). */
  session_lifetime_hours: number;
};

/** Default idle timeout of member and operator sessions, sliding on every authenticated call (docs/rules/accounts.md). */
export const SESSION_IDLE_MS = 30 * 60 * 1000;

/** The idle timeout of a merchant's sessions in ms. */
export function sessionIdleMs(merchant: Pick<TMerchant, 'idle_timeout_minutes'>): number {
  return merchant.idle_timeout_minutes * 60 * 1000;
}

/**
 * The oldest login a live session may descend from now: sessions started at or before it have
 * reached the merchant's absolute lifetime (docs/0070), whatever their idle expiry says.
 */
export function sessionStartCutoff(merchant: Pick<TMerchant, 'session_lifetime_hours'>, now: Date): Date {
  return new Date(now.getTime() - merchant.session_lifetime_hours * 60 * 60 * 1000);
}

/**
 * An UPDATE of the session behind a token hash, joined to its member, matching only while the
 * session is live (not revoked, not idle, not past the merchant's absolute lifetime: docs/0070) and
 * of this merchant. The caller adds set/returning;
 * the one statement both checks and changes the row, so parallel callers cannot both pass the check.
 */
export function updateLiveSession(db: Kysely<DB>, merchant: Pick<TMerchant, 'id' | 'session_lifetime_hours'>, tokenHash: string, now: Date) {
  return db
    .updateTable('sessions')
    .from('members')
    .whereRef('members.id', '=', 'sessions.member_id')
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .where('sessions.started_at', '>', sessionStartCutoff(merchant, now))
    .where('members.merchant_id', '=', merchant.id);
}

/** sha256 hex: how tokens, tickets and captcha answers are stored. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** A fresh random token (32 bytes, base64url). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

const MERCHANT_CODE = /^[A-Za-z0-9_]{2,32}$/;

/** The merchant of each request, read once (the call gate reads it before the handler; docs/0069). */
const merchantOfRequest = new WeakMap<FastifyRequest, Promise<TMerchant>>();

/** The columns of a merchant row as a call sees it (TMerchant). */
export const MERCHANT_COLUMNS = [
  'id',
  'code',
  'name',
  'currency',
  'currency_symbol',
  'maintenance',
  'region_restriction',
  'config_version',
  'idle_timeout_minutes',
  'session_lifetime_hours',
  'demo',
] as const satisfies readonly (keyof TMerchant)[];

/**
 * The merchant of a request whose caller proved it otherwise than by the Merchant header: a game
 * provider's signed call is for its provider's merchant (docs/0081), read with the call's own work.
 */
export function setRequestMerchant(request: FastifyRequest, merchant: TMerchant): void {
  merchantOfRequest.set(request, Promise.resolve(merchant));
}

/**
 * Resolves the Merchant header: missing → default merchant; unknown, malformed or repeated → 400.
 * Read once per request: later calls in the same request answer the same row.
 */
export function resolveMerchant(deps: TPlatformDeps, request: FastifyRequest): Promise<TMerchant> {
  let merchant = merchantOfRequest.get(request);
  if (!merchant) {
    merchant = readMerchant(deps, request);
    merchantOfRequest.set(request, merchant);
  }
  return merchant;
}

async function readMerchant(deps: TPlatformDeps, request: FastifyRequest): Promise<TMerchant> {
  const header = singleHeader(request, WPS_HEADERS.merchant)?.trim();
  const code = header === undefined || header === '' ? deps.defaultMerchantCode : header;
  if (!MERCHANT_CODE.test(code)) throw wpsErrors.badRequest();
  const merchant = await deps.db.selectFrom('merchants').select(MERCHANT_COLUMNS).where('code', '=', code).executeTakeFirst();
  if (!merchant) throw wpsErrors.badRequest();
  return merchant;
}

/** The token of the Authorization header, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const raw = singleHeader(request, WPS_HEADERS.authorization)?.trim();
  if (!raw) return null;
  // The upstream sends the bare token; accept a "Bearer " prefix too.
  const token = raw.startsWith('Bearer ') ? raw.slice(7).trim() : raw;
  return token.length > 0 && token.length <= 256 ? token : null;
}

/** The logged-in member of a call. */
export type TSessionMember = { memberId: number; sessionId: number; type: number; username: string; mustChangePassword: boolean };

/** What a member call allows beyond a plain live session. */
export type TMemberGate = {
  /**
   * The call works while the session must change its password (docs/rules/accounts.md#a-12 forced change): only the
   * change itself, member info (the change modal and the login answer need it) and logout.
   */
  duringForcedChange?: boolean;
};

/**
 * The member behind the Authorization token: the session must be live (not revoked, not idle for
 * 30 minutes, not past its absolute lifetime: docs/0070) and of this merchant. Each call slides the expiry. Otherwise 401. A session flagged
 * must_change_password is refused (464 error_password_change_required) unless the gate allows it.
 */
export async function requireMember(deps: TPlatformDeps, request: FastifyRequest, merchant: TMerchant, gate: TMemberGate = {}): Promise<TSessionMember> {
  const token = bearerToken(request);
  if (!token) throw wpsErrors.notLoggedIn();
  const now = deps.clock();
  const row = await updateLiveSession(deps.db, merchant, sha256Hex(token), now)
    .set({ expires_at: new Date(now.getTime() + sessionIdleMs(merchant)) })
    .returning([
      'sessions.id as sessionId',
      'members.id as memberId',
      'members.type as type',
      'members.username as username',
      'sessions.must_change_password as mustChangePassword',
    ])
    .executeTakeFirst();
  if (!row) throw wpsErrors.notLoggedIn();
  // The server decides the forced change and enforces it: nothing else runs until it is done.
  if (row.mustChangePassword && gate.duringForcedChange !== true) {
    throw new WpsError(WPS_CODES.passwordChangeRequired, WPS_MESSAGES.passwordChangeRequired, null, 403);
  }
  return row;
}

/** Like requireMember, and refuses trial accounts (docs/rules/accounts.md#a-25: a real account is needed). */
export async function requireRealMember(deps: TPlatformDeps, request: FastifyRequest, merchant: TMerchant, gate: TMemberGate = {}): Promise<TSessionMember> {
  const member = await requireMember(deps, request, merchant, gate);
  if (member.type === TRIAL_TYPE) throw wpsErrors.trialNeedsRealAccount();
  return member;
}

/** The logged-in operator of a call: who, in which session, with which role. */
export type TSessionOperator = { operatorId: number; sessionId: number; username: string; name: string; role: TOperatorRole };

/**
 * The logged-in operator of an operator call (separate sessions from members). What they may do
 * is checked by requireOperatorPermission (access/actor.ts), which every operator route calls.
 */
export async function requireOperator(deps: TPlatformDeps, request: FastifyRequest, merchant: TMerchant): Promise<TSessionOperator> {
  const token = bearerToken(request);
  if (!token) throw wpsErrors.notLoggedIn();
  const now = deps.clock();
  const row = await deps.db
    .updateTable('operator_sessions')
    .set({ expires_at: new Date(now.getTime() + sessionIdleMs(merchant)) })
    .from(['operators', 'operator_brands'])
    .whereRef('operators.id', '=', 'operator_sessions.operator_id')
    .whereRef('operator_brands.operator_id', '=', 'operators.id')
    .where('operator_sessions.token_hash', '=', sha256Hex(token))
    .where('operator_sessions.revoked_at', 'is', null)
    .where('operator_sessions.expires_at', '>', now)
    .where('operator_sessions.started_at', '>', sessionStartCutoff(merchant, now))
    // A session of this brand, by an operator who still works for it, in its role here (docs/0135).
    .where('operator_sessions.merchant_id', '=', merchant.id)
    .where('operator_brands.merchant_id', '=', merchant.id)
    .returning([
      'operator_sessions.id as sessionId',
      'operators.id as operatorId',
      'operators.username as username',
      'operators.name as name',
      'operator_brands.role as role',
    ])
    .executeTakeFirst();
  if (!row) throw wpsErrors.notLoggedIn();
  return row;
}
