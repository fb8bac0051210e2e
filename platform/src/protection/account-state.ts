import type { Kysely, Transaction } from 'kysely';
import { COMPLIANCE_MESSAGES, NO_ACCOUNT_STATE, type TAccountAction, type TAccountState } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { conflict } from '../http/errors.ts';

type TDb = Kysely<DB> | Transaction<DB>;

/** A member's account state as an operator set it (docs/0106); no row: nothing blocked. */
export async function accountStateOf(db: TDb, memberId: number): Promise<TAccountState & { reason: string | null; setAt: Date | null }> {
  const row = await db.selectFrom('member_account_states').selectAll().where('member_id', '=', memberId).executeTakeFirst();
  if (!row) return { ...NO_ACCOUNT_STATE, reason: null, setAt: null };
  return {
    depositBlocked: row.deposit_blocked,
    betBlocked: row.bet_blocked,
    withdrawBlocked: row.withdraw_blocked,
    suspended: row.suspended,
    fullBlock: row.full_block,
    reason: row.reason,
    setAt: new Date(row.set_at),
  };
}

/**
 * The refusal's message key when the member's account state forbids `action`, else null
 * (docs/rules/protection.md#p-31). A full block and a suspension forbid everything, login included;
 * a deposit, bet or withdrawal block forbids its action (a bet block also the launch of a game).
 * Called in the transaction of the action itself where it moves money (the bet's debit, the
 * deposit's credit, the withdrawal's hold), so a state committed before the action holds for it.
 */
export async function accountRefusal(db: TDb, memberId: number, action: TAccountAction): Promise<string | null> {
  const row = await db
    .selectFrom('member_account_states')
    .select(['deposit_blocked', 'bet_blocked', 'withdraw_blocked', 'suspended', 'full_block'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  if (!row) return null;
  if (row.full_block) return COMPLIANCE_MESSAGES.fullBlock;
  if (row.suspended) return COMPLIANCE_MESSAGES.suspended;
  if (action === 'deposit' && row.deposit_blocked) return COMPLIANCE_MESSAGES.depositBlocked;
  if ((action === 'bet' || action === 'launch') && row.bet_blocked) return COMPLIANCE_MESSAGES.betBlocked;
  if (action === 'withdraw' && row.withdraw_blocked) return COMPLIANCE_MESSAGES.withdrawBlocked;
  return null;
}

/** The account-state refusal as an error (409): what every path but the seamless bet throws. */
export async function assertAccountAllows(db: TDb, memberId: number, action: TAccountAction): Promise<void> {
  const key = await accountRefusal(db, memberId, action);
  if (key !== null) throw conflict(key);
}
