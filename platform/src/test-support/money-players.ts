import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { TMerchant, TSessionMember, TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { hashPassword } from '../session/password.service.ts';
import { insertBareMembers } from './bare-members.ts';

/** The withdraw password every money player of a property run has. */
export const PLAYER_WITHDRAW_PASSWORD = 'Money5678';

/**
 * Members of the seeded merchant who can do everything with money as the services see it: a wallet
 * funded by the caller, a withdraw password and a payout account usable at once (no cooling-off),
 * and a generous daily withdrawal count. Answers what the services take: deps, the merchant, each
 * member's session shape and bank account, and the seeded finance operator.
 */
export async function moneyPlayers(db: Kysely<DB>, count: number, prefix: string, clock: () => Date) {
  const { ids } = await insertBareMembers(db, count, prefix);
  await db.updateTable('merchants').set({ withdraw_daily_count: 1000, payout_cooling_minutes: 0, withdraw_min_minor: 100 }).execute();
  const merchant = (await db.selectFrom('merchants').selectAll().where('code', '=', 'DEMO').executeTakeFirstOrThrow()) as unknown as TMerchant;
  await db
    .updateTable('members')
    .set({ withdraw_password_hash: await hashPassword(PLAYER_WITHDRAW_PASSWORD) })
    .where('id', 'in', ids)
    .execute();
  const banks = await db
    .insertInto('member_bank_accounts')
    .values(ids.map((id) => ({ member_id: id, bank_name: 'Prop Bank', account_number: `00${id}`.padStart(10, '0'), holder_name: `${prefix}${id}` })))
    .returning(['id', 'member_id'])
    .execute();
  const bankOf = new Map(banks.map((b) => [b.member_id, b.id]));
  const finance = await db.selectFrom('operators').select(['id', 'username']).where('username', '=', 'demo_finance').executeTakeFirstOrThrow();
  const operator: TSessionOperator = { operatorId: finance.id, sessionId: 0, username: finance.username, name: finance.username, role: 'finance' };
  const deps = { db, clock } as unknown as TPlatformDeps;
  const players = ids.map((id, i) => ({
    id,
    bankAccountId: bankOf.get(id)!,
    session: { memberId: id, sessionId: 0, type: 0, username: `${prefix}${i}`, mustChangePassword: false } satisfies TSessionMember,
  }));
  return { deps, merchant, players, operator };
}
