import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { hashPassword } from '../session/password.service.ts';
import { accountFor, inTransaction } from '../wallet/ledger.service.ts';
import { decideDepositIn } from '../deposit/deposit.service.ts';
import { loginToken } from './http.ts';

const PASSWORD = 'Promo1234';

/** A new real member of the seeded merchant with a main wallet, signed in: its id and token. */
export async function signedInMember(ctx: { app: FastifyInstance; db: Kysely<DB> }, username: string): Promise<{ id: number; token: string }> {
  const merchant = await ctx.db.selectFrom('merchants').select(['id', 'currency']).where('code', '=', 'DEMO').executeTakeFirstOrThrow();
  const { id } = await ctx.db
    .insertInto('members')
    .values({ merchant_id: merchant.id, username, nickname: username, password_hash: await hashPassword(PASSWORD), type: 0, first_time_login: false })
    .returning('id')
    .executeTakeFirstOrThrow();
  await inTransaction(ctx.db, (trx) => accountFor(trx, merchant, 'member_wallet', { memberId: id }));
  return { id, token: await loginToken(ctx.app, username, PASSWORD) };
}

/** A pending deposit of a member on the merchant's first channel, as a member's request leaves it: its id. */
export async function insertPendingDeposit(db: Kysely<DB>, memberId: number, amountMinor: number): Promise<number> {
  const member = await db.selectFrom('members').select('merchant_id').where('id', '=', memberId).executeTakeFirstOrThrow();
  const channel = await db.selectFrom('deposit_channels').select('id').where('merchant_id', '=', member.merchant_id).orderBy('id').executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('deposits')
    .values({
      merchant_id: member.merchant_id,
      member_id: memberId,
      channel_id: channel.id,
      reference: `PR${randomUUID().slice(0, 12)}`,
      amount_minor: amountMinor,
      status: 'pending',
      idempotency_key: randomUUID(),
      ledger_transaction_id: null,
      decided_by: null,
      decided_at: null,
      first_approved_by: null,
      first_approved_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A pending deposit of a member, then its approval as the settle job makes it (no operator). */
export async function approvedDeposit(db: Kysely<DB>, memberId: number, amountMinor: number): Promise<number> {
  const id = await insertPendingDeposit(db, memberId, amountMinor);
  const member = await db.selectFrom('members').select('merchant_id').where('id', '=', memberId).executeTakeFirstOrThrow();
  await inTransaction(db, (trx) => decideDepositIn(trx, { merchantId: member.merchant_id, depositId: id, decision: 'approve', by: null }));
  return id;
}
