import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** The kinds of the auth events recorded for `username`, oldest first. */
export async function authEventKinds(db: Kysely<DB>, username: string): Promise<string[]> {
  return (await db.selectFrom('auth_events').select('kind').where('username', '=', username).orderBy('id').execute()).map((e) => e.kind);
}
