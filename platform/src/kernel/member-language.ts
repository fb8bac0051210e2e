import type { Kysely, Transaction } from 'kysely';
import type { TLanguage } from '@wl/schemas';
import type { DB } from '../db/schema.ts';

/**
 * The language the platform writes to a member in (docs/0115): its saved language, which the site
 * tells the platform when it changes. Every SMS, e-mail and message to a known member uses it; the
 * request's language only reaches someone the platform does not know (a new number registering).
 */
export async function memberLanguage(db: Kysely<DB> | Transaction<DB>, memberId: number): Promise<TLanguage> {
  const row = await db.selectFrom('members').select('language').where('id', '=', memberId).executeTakeFirstOrThrow();
  return row.language;
}
