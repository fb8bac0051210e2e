import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** The newest outbox message to a recipient (what the embedded providers delivered). */
export async function lastMessage(db: Kysely<DB>, channel: 'sms' | 'email', to: string) {
  return db.selectFrom('outbox').selectAll().where('channel', '=', channel).where('recipient', '=', to).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** The 6-digit code of the newest SMS to a number (e.g. '+8801711000001'), or of the newest email to an address. */
export async function lastSmsCode(db: Kysely<DB>, to: string, channel: 'sms' | 'email' = 'sms'): Promise<string> {
  const m = await lastMessage(db, channel, to);
  const code = m?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no ${channel} code for ${to}`);
  return code;
}

/** Turns a whitelabel flag on or off directly (tests of 543 answers). */
export async function setFlag(db: Kysely<DB>, modId: string, enabled: boolean) {
  await db.updateTable('whitelabel_nodes').set({ enabled }).where('mod_id', '=', modId).execute();
}
