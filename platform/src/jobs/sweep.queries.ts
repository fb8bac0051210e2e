import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** Rows deleted per table by one sweep. */
export type TSweepCounts = Record<
  'captchas' | 'launchTickets' | 'loginChallenges' | 'passwordResets' | 'verificationCodes' | 'smsLocks' | 'rememberTokens' | 'sessions' | 'operatorSessions',
  number
>;

/**
 * Deletes short-lived secrets and sessions that ended before `cutoff` (expired, used or revoked
 * rows all carry an expiry that has passed). Audit tables (auth_events, config_audit, the ledger)
 * and counters (login_throttle) are never touched. One transaction, so a crash leaves all or none.
 */
export async function deleteExpired(db: Kysely<DB>, cutoff: Date): Promise<TSweepCounts> {
  return db.transaction().execute(async (trx) => {
    const n = (r: { numDeletedRows: bigint }) => Number(r.numDeletedRows);
    const captchas = n(await trx.deleteFrom('captchas').where('expires_at', '<', cutoff).executeTakeFirst());
    const launchTickets = n(await trx.deleteFrom('launch_tickets').where('expires_at', '<', cutoff).executeTakeFirst());
    const loginChallenges = n(await trx.deleteFrom('login_challenges').where('expires_at', '<', cutoff).executeTakeFirst());
    const passwordResets = n(await trx.deleteFrom('password_resets').where('expires_at', '<', cutoff).executeTakeFirst());
    // The SMS throttle counts sends by created_at over a short window; the grace keeps them longer.
    const verificationCodes = n(await trx.deleteFrom('verification_codes').where('expires_at', '<', cutoff).executeTakeFirst());
    const smsLocks = n(await trx.deleteFrom('sms_locks').where('locked_until', '<', cutoff).executeTakeFirst());
    const rememberTokens = n(
      await trx
        .deleteFrom('remember_tokens')
        .where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('revoked_at', '<', cutoff)]))
        .executeTakeFirst(),
    );
    // A live remember token still points at its (ended) session: that session waits for the token.
    const sessions = n(
      await trx
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('revoked_at', '<', cutoff)]))
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('remember_tokens')
                .select(sql`1`.as('one'))
                .whereRef('remember_tokens.session_id', '=', 'sessions.id'),
            ),
          ),
        )
        .executeTakeFirst(),
    );
    const operatorSessions = n(
      await trx
        .deleteFrom('operator_sessions')
        .where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('revoked_at', '<', cutoff)]))
        .executeTakeFirst(),
    );
    return {
      captchas,
      launchTickets,
      loginChallenges,
      passwordResets,
      verificationCodes,
      smsLocks,
      rememberTokens,
      sessions,
      operatorSessions,
    };
  });
}
