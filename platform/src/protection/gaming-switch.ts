import type { Kysely } from 'kysely';
import { COMPLIANCE_MESSAGES } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { conflict } from '../http/errors.ts';

/**
 * Refuses a new launch of a game an operator switched off (docs/rules/protection.md#p-33): all
 * gaming, the game's vendor or the game itself. Only launches: a round in flight goes on to its end
 * (the seamless wallet's bets, wins and rollbacks never read this). The member sees that gaming is
 * switched off; the operator's reason is on the switch-off and in the audit log.
 */
export async function assertGameOn(db: Kysely<DB>, merchantId: number, game: { node_id: string; vassalage: string }): Promise<void> {
  const off = await db
    .selectFrom('gaming_switch_offs')
    .select('scope')
    .where('merchant_id', '=', merchantId)
    .where((eb) =>
      eb.or([
        eb('scope', '=', 'all'),
        eb.and([eb('scope', '=', 'vendor'), eb('target', '=', game.vassalage)]),
        eb.and([eb('scope', '=', 'game'), eb('target', '=', game.node_id)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  if (off) throw conflict(COMPLIANCE_MESSAGES.gamingOff);
}
