import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { TGameType } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { BUILT_IN_PROVIDER } from '../kernel/catalogue.ts';

/**
 * Settled real-money rounds of a member on a game of `gameType` (stake and payout in minor units), as
 * the seamless wallet leaves them (docs/0099): per round a bet (its slot 'settled') and the win that
 * settled it, at `at`, under the merchant's built-in provider unless `providerId` is given. Answers
 * the wins' ids (the rounds' keys). No money moves here.
 */
export async function insertSettledRounds(
  db: Kysely<DB>,
  memberId: number,
  gameType: TGameType,
  bets: readonly { stake: number; payout: number }[],
  at = new Date(),
  providerId?: number,
): Promise<number[]> {
  if (bets.length === 0) return [];
  const member = await db.selectFrom('members').select('merchant_id').where('id', '=', memberId).executeTakeFirstOrThrow();
  const game = await db
    .selectFrom('games')
    .select('game_code')
    .where('merchant_id', '=', member.merchant_id)
    .where('game_type', '=', gameType)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const provider =
    providerId ??
    (
      await db
        .selectFrom('seamless_providers')
        .select('id')
        .where('merchant_id', '=', member.merchant_id)
        .where('code', '=', BUILT_IN_PROVIDER.code)
        .executeTakeFirstOrThrow()
    ).id;
  const rounds = bets.map((b) => ({ ...b, round: `T-${randomUUID()}` }));
  const row = (r: (typeof rounds)[number], kind: 'bet' | 'win') => ({
    provider_id: provider,
    transaction_id: `${r.round}:${kind}`,
    kind,
    member_id: memberId,
    round_id: r.round,
    game_code: game.game_code,
    amount_minor: kind === 'bet' ? r.stake : r.payout,
    settled_stake_minor: kind === 'bet' ? null : r.stake,
    request_hash: '-',
    created_at: at,
  });
  await db
    .insertInto('seamless_transactions')
    .values(rounds.map((r) => row(r, 'bet')))
    .execute();
  await db
    .insertInto('seamless_bet_slots')
    .values(rounds.map((r) => ({ provider_id: provider, bet_transaction_id: `${r.round}:bet`, state: 'settled' as const })))
    .execute();
  const wins = await db
    .insertInto('seamless_transactions')
    .values(rounds.map((r) => row(r, 'win')))
    .returning('id')
    .execute();
  return wins.map((w) => Number(w.id));
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
