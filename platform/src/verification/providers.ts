import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** One outgoing message. */
export type TOutgoingMessage = { merchantId: number; to: string; subject: string; body: string };

/** Delivers SMS texts (an operator plugs a real gateway in here). */
export interface SmsProvider {
  send(message: TOutgoingMessage): Promise<void>;
}

/** Delivers emails (an operator plugs a real mail service in here). */
export interface EmailProvider {
  send(message: TOutgoingMessage): Promise<void>;
}

/** The embedded default of both: writes to the outbox table that the operator console and tests read. */
export function outboxProvider(db: Kysely<DB>, channel: 'sms' | 'email'): SmsProvider & EmailProvider {
  return {
    async send(m) {
      await db.insertInto('outbox').values({ merchant_id: m.merchantId, channel, recipient: m.to, subject: m.subject, body: m.body }).execute();
    },
  };
}
