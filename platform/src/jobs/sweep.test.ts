import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../db/schema.ts';
import { createJobRunner, type JobRunner } from './job-runner.ts';
import { defineSweep, SWEEP_GRACE_MS, SWEEP_QUEUE } from './sweep.job.ts';
import { deleteExpired } from './sweep.queries.ts';
import { useJobsDatabase } from './testing.ts';
import { demoMerchantId } from '../test-support/demo-merchant.ts';

// The sweep on a seeded database (PGlite, or PostgreSQL with DATABASE_URL). Rows carry explicit
// timestamps around an injected clock: long ended (deleted), ended within the grace, live (kept).

const HOUR = 60 * 60 * 1000;
const NOW = new Date('2031-03-01T12:00:00Z');
const at = (ms: number) => new Date(NOW.getTime() + ms);
const LONG_AGO = at(-SWEEP_GRACE_MS - HOUR);
const RECENT = at(-HOUR);
const LATER = at(HOUR);

let db: Kysely<DB>;
let schema: string;
let runner: JobRunner | null = null;

type TRows = Record<string, string[]>;

/** Inserts one row per case into every swept table; answers the keys by table. */
async function insertCases(tag: string): Promise<{ gone: TRows; kept: TRows }> {
  const merchant = await db.selectFrom('merchants').select('id').where('code', '=', 'DEMO').executeTakeFirstOrThrow();
  const member = await db.selectFrom('members').select('id').executeTakeFirstOrThrow();
  const game = await db.selectFrom('games').where('merchant_id', '=', demoMerchantId(db)).select('id').executeTakeFirstOrThrow();
  const operator = await db.selectFrom('operators').select('id').executeTakeFirstOrThrow();
  const gone: TRows = {};
  const kept: TRows = {};
  const note = (into: TRows, table: string, key: string) => (into[table] ??= []).push(key);
  const cases = [
    ['old', LONG_AGO, gone],
    ['recent', RECENT, kept],
    ['live', LATER, kept],
  ] as const;
  for (const [name, expires, into] of cases) {
    const k = `${tag}-${name}`;
    await db.insertInto('captchas').values({ id: k, merchant_id: merchant.id, answer_hash: 'h', expires_at: expires }).execute();
    note(into, 'captchas', k);
    await db.insertInto('launch_tickets').values({ ticket_hash: k, member_id: member.id, game_id: game.id, account_type: 0, expires_at: expires }).execute();
    note(into, 'launch_tickets', k);
    await db
      .insertInto('login_challenges')
      .values({
        id_hash: k,
        merchant_id: merchant.id,
        member_id: member.id,
        methods: '[]',
        ip: '',
        remember_me: false,
        must_change_password: false,
        expires_at: expires,
      })
      .execute();
    note(into, 'login_challenges', k);
    await db
      .insertInto('password_resets')
      .values({ token_hash: k, member_id: member.id, expires_at: expires, used_at: name === 'old' ? LONG_AGO : null })
      .execute();
    note(into, 'password_resets', k);
    await db
      .insertInto('verification_codes')
      .values({ merchant_id: merchant.id, phone_key: k, purpose: 'register', code_hash: 'h', created_at: at(-SWEEP_GRACE_MS - 2 * HOUR), expires_at: expires })
      .execute();
    note(into, 'verification_codes', k);
    await db.insertInto('sms_locks').values({ merchant_id: merchant.id, phone_key: k, locked_until: expires }).execute();
    note(into, 'sms_locks', k);
    await db.insertInto('sessions').values({ member_id: member.id, token_hash: k, ip: '', expires_at: expires }).execute();
    note(into, 'sessions', k);
    await db.insertInto('remember_tokens').values({ member_id: member.id, token_hash: k, expires_at: expires }).execute();
    note(into, 'remember_tokens', k);
    await db.insertInto('operator_sessions').values({ operator_id: operator.id, merchant_id: merchant.id, token_hash: k, expires_at: expires }).execute();
    note(into, 'operator_sessions', k);
  }
  // Revoked long ago but not yet expired: ended, so swept.
  await db
    .insertInto('sessions')
    .values({ member_id: member.id, token_hash: `${tag}-revoked`, ip: '', expires_at: LATER, revoked_at: LONG_AGO })
    .execute();
  note(gone, 'sessions', `${tag}-revoked`);
  await db
    .insertInto('operator_sessions')
    .values({ operator_id: operator.id, merchant_id: merchant.id, token_hash: `${tag}-revoked`, expires_at: LATER, revoked_at: LONG_AGO })
    .execute();
  note(gone, 'operator_sessions', `${tag}-revoked`);
  // An ended session that a live remember token still points at waits for the token.
  const s = await db
    .insertInto('sessions')
    .values({ member_id: member.id, token_hash: `${tag}-held`, ip: '', expires_at: LONG_AGO })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('remember_tokens')
    .values({ member_id: member.id, session_id: s.id, token_hash: `${tag}-holder`, expires_at: LATER })
    .execute();
  note(kept, 'sessions', `${tag}-held`);
  note(kept, 'remember_tokens', `${tag}-holder`);
  // Audit rows are never swept, however old.
  await db
    .insertInto('auth_events')
    .values({ merchant_id: merchant.id, username: `${tag}-audit`, kind: 'login', ip: '', created_at: LONG_AGO })
    .execute();
  note(kept, 'auth_events', `${tag}-audit`);
  return { gone, kept };
}

const KEY_COLUMN: Record<string, string> = {
  captchas: 'id',
  launch_tickets: 'ticket_hash',
  login_challenges: 'id_hash',
  password_resets: 'token_hash',
  verification_codes: 'phone_key',
  sms_locks: 'phone_key',
  sessions: 'token_hash',
  remember_tokens: 'token_hash',
  operator_sessions: 'token_hash',
  auth_events: 'username',
};

/** Which of the keys are still there, by table. */
async function present(rows: TRows): Promise<TRows> {
  const out: TRows = {};
  for (const [table, keys] of Object.entries(rows)) {
    const r = await sql<{
      k: string;
    }>`select ${sql.ref(KEY_COLUMN[table]!)} as k from ${sql.table(table)} where ${sql.ref(KEY_COLUMN[table]!)} in (${sql.join(keys)})`.execute(db);
    out[table] = r.rows.map((x) => x.k).sort();
  }
  return out;
}

const sorted = (rows: TRows): TRows => Object.fromEntries(Object.entries(rows).map(([t, k]) => [t, [...k].sort()]));
const empty = (rows: TRows): TRows => Object.fromEntries(Object.keys(rows).map((t) => [t, []]));

useJobsDatabase(
  (jobs) => ({ db, schema } = jobs),
  () => runner,
);

describe('expired-rows sweep', () => {
  it('deletes rows ended before the grace and keeps live, recently ended and audit rows; a re-run deletes nothing', async () => {
    const { gone, kept } = await insertCases('direct');
    const cutoff = new Date(NOW.getTime() - SWEEP_GRACE_MS);
    const first = await deleteExpired(db, cutoff);
    expect(await present(gone)).toEqual(empty(gone));
    expect(await present(kept)).toEqual(sorted(kept));
    expect(first.captchas).toBeGreaterThanOrEqual(1);
    expect(first.sessions).toBeGreaterThanOrEqual(2);

    const again = await deleteExpired(db, cutoff);
    expect(Object.values(again).every((n) => n === 0)).toBe(true);

    // Once the remember token has ended too, it and its session go.
    const later = await deleteExpired(db, new Date(LATER.getTime() + HOUR));
    expect(later.rememberTokens).toBeGreaterThanOrEqual(1);
    expect(await present({ sessions: ['direct-held'], remember_tokens: ['direct-holder'], auth_events: ['direct-audit'] })).toEqual({
      sessions: [],
      remember_tokens: [],
      auth_events: ['direct-audit'],
    });
  });

  it('runs as a job on the runner with the injected clock', async () => {
    const { gone, kept } = await insertCases('job');
    runner = createJobRunner({ db, schema, pollingIntervalSeconds: 0.5 });
    await defineSweep(runner, { clock: () => NOW });
    await runner.start();
    const id = await runner.send(SWEEP_QUEUE, {});
    expect(id).toEqual(expect.any(String));
    await expect.poll(async () => present(gone), { timeout: 240_000, interval: 100 }).toEqual(empty(gone));
    expect(await present(kept)).toEqual(sorted(kept));
  });
});
