import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { TGameType } from '@wl/schemas';
import type { DB } from '../db/schema.ts';

/**
 * Settled real-money bets of a member on a game of `gameType` (stake and payout in minor units), as
 * a closed built-in game session leaves them: the bets a rebate is paid on (docs/0091).
 */
export async function insertSettledRounds(
  db: Kysely<DB>,
  memberId: number,
  gameType: TGameType,
  bets: readonly { stake: number; payout: number }[],
  at = new Date(),
): Promise<number[]> {
  const member = await db.selectFrom('members').select('merchant_id').where('id', '=', memberId).executeTakeFirstOrThrow();
  const game = await db
    .selectFrom('games')
    .select('id')
    .where('merchant_id', '=', member.merchant_id)
    .where('game_type', '=', gameType)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const session = await db
    .insertInto('game_sessions')
    .values({
      token_hash: randomUUID(),
      merchant_id: member.merchant_id,
      member_id: memberId,
      game_id: game.id,
      mode: 'real',
      play_balance_minor: null,
      last_seen_at: at,
      closed_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const seed = await db
    .insertInto('game_seeds')
    .values({ session_id: session.id, server_seed: 'a'.repeat(64), server_seed_hash: 'b'.repeat(64), client_seed: 'rebate' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = await db
    .insertInto('game_rounds')
    .values(
      bets.map((b, nonce) => ({
        session_id: session.id,
        seed_id: seed.id,
        nonce,
        merchant_id: member.merchant_id,
        member_id: memberId,
        game_id: game.id,
        mode: 'real' as const,
        stake_minor: b.stake,
        payout_minor: b.payout,
        outcome: '{}',
        state: 'settled' as const,
        settled_at: at,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => Number(r.id));
}

/** An approved deposit of a member decided at `at`: the figure the VIP thresholds read (no money moves here). */
export async function insertApprovedDeposit(db: Kysely<DB>, memberId: number, amountMinor: number, at: Date): Promise<void> {
  const member = await db.selectFrom('members').select('merchant_id').where('id', '=', memberId).executeTakeFirstOrThrow();
  const channel = await db.selectFrom('deposit_channels').select('id').where('merchant_id', '=', member.merchant_id).orderBy('id').executeTakeFirstOrThrow();
  await db
    .insertInto('deposits')
    .values({
      merchant_id: member.merchant_id,
      member_id: memberId,
      channel_id: channel.id,
      reference: `VIP${randomUUID().slice(0, 12)}`,
      amount_minor: amountMinor,
      status: 'approved',
      idempotency_key: randomUUID(),
      ledger_transaction_id: null,
      decided_by: null,
      decided_at: at,
      first_approved_by: null,
      first_approved_at: null,
    })
    .execute();
}
