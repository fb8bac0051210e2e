import { sql, type Kysely, type Transaction } from 'kysely';
import { BET_LIMIT_PERIODS, DEPOSIT_LIMIT_PERIODS, type TProtectionLimitKind } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { WpsError } from '../http/envelope.ts';
import { isExcluded } from '../kernel/closure.ts';
import { effectiveLimits } from '../protection/effective-limits.ts';
import { confirmReopen, excludeSelf, requestReopen } from '../protection/exclusion.ts';
import { confirmPending, setLimit } from '../protection/limits.service.ts';
import { DEPOSIT_CREDIT_KINDS } from '../protection/deposit-room.ts';
import type { TSeededRandom } from './seeded-random.ts';

/*
 * Player protection inside the money property test (docs/0102, 0104, 0105): players set, lower and
 * raise their own deposit, stake and loss limits, confirm raises once due, take time-outs (and reopen
 * afterwards) and self-exclusions, while the play goes on; and the invariant that no deposit and no stake was accepted over
 * an effective limit, or by a closed account, at the moment it was accepted.
 */

const HOUR_MS = 3_600_000;
const KINDS: readonly TProtectionLimitKind[] = ['deposit_24h', 'deposit_7d', 'stake_24h', 'stake_7d', 'loss_24h', 'loss_7d'];

/** What the run saw: refusals by message key (so a run whose limits never bit fails), and violations of the invariant. */
export type TProtectionTally = { refusals: Map<string, number>; violations: string[] };
export const protectionTally = (): TProtectionTally => ({ refusals: new Map(), violations: [] });

/** Counts a refusal the services answer on purpose (a WpsError) by its key; anything else is a fault and fails the run. */
export function tallyRefusal(tally: TProtectionTally, error: unknown): undefined {
  if (!(error instanceof WpsError)) throw error;
  tally.refusals.set(error.messageKey, (tally.refusals.get(error.messageKey) ?? 0) + 1);
  return undefined;
}

/** One protection step of a player's walk: a limit set (lower: at once; higher: pending), a due raise confirmed, a time-out or self-exclusion, a reopening asked or confirmed. */
export async function protectionStep(
  db: Kysely<DB>,
  who: { merchantId: number; memberId: number; now: Date },
  rand: TSeededRandom,
  tally: TProtectionTally,
): Promise<void> {
  const roll = rand.next();
  const kind = KINDS[rand.int(0, KINDS.length - 1)]!;
  if (roll < 0.5) {
    const value = kind.startsWith('deposit_') ? rand.int(2, 30) * 100 : rand.int(3, 60) * 100;
    await setLimit(db, who, { kind, value }).catch((e) => tallyRefusal(tally, e));
  } else if (roll < 0.7) {
    await confirmPending(db, who, kind).catch((e) => tallyRefusal(tally, e));
  } else if (roll < 0.73) {
    await excludeSelf(db, who, { kind: 'timeout', period: '24h', confirm: true }).catch((e) => tallyRefusal(tally, e));
  } else if (roll < 0.75) {
    // A self-exclusion: closed for the rest of the run (six months), withdrawals still paid.
    await excludeSelf(db, who, { kind: 'self_exclusion', period: '6m', confirm: true }).catch((e) => tallyRefusal(tally, e));
  } else if (roll < 0.88) {
    await requestReopen(db, who).catch((e) => tallyRefusal(tally, e));
  } else {
    await confirmReopen(db, who).catch((e) => tallyRefusal(tally, e));
  }
}

const sumOf = (rows: { amount_minor: number | string }[]) => rows.reduce((s, r) => s + Number(r.amount_minor), 0);

/**
 * In the transaction that credited a deposit (the member's row still locked): the member is not
 * closed, and the gross deposits of each deposit limit's window, this one included, are within it.
 * Windows end at `now`, the instant the approval counted from.
 */
export async function checkDepositAccepted(trx: Transaction<DB>, merchantId: number, memberId: number, now: Date, tally: TProtectionTally): Promise<void> {
  if (await isExcluded(trx, memberId)) tally.violations.push(`deposit credited to closed member ${memberId}`);
  const { limits } = await effectiveLimits(trx, merchantId, memberId);
  for (const p of DEPOSIT_LIMIT_PERIODS) {
    const limit = limits[p.kind];
    if (limit === undefined) continue;
    const credits = await trx
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
      .select('e.amount_minor')
      .where('a.member_id', '=', memberId)
      .where('a.kind', '=', 'member_wallet')
      .where('e.amount_minor', '>', 0)
      .where('t.kind', 'in', [...DEPOSIT_CREDIT_KINDS])
      .where('e.created_at', '>', new Date(now.getTime() - p.hours * HOUR_MS))
      .execute();
    const used = sumOf(credits);
    if (used > limit) tally.violations.push(`member ${memberId}: deposits ${used} over ${p.kind} ${limit}`);
  }
}

/**
 * Right after a bet was accepted, before the player's walk does anything else (limits and closures
 * change only by the player's own walk): the member is not closed, and the stakes (and stakes less
 * wins) of each stake and loss limit's window, this bet included, are within it.
 */
export async function checkStakeAccepted(db: Kysely<DB>, merchantId: number, memberId: number, now: Date, tally: TProtectionTally): Promise<void> {
  if (await isExcluded(db, memberId)) tally.violations.push(`bet accepted from closed member ${memberId}`);
  const { limits } = await effectiveLimits(db, merchantId, memberId);
  for (const p of BET_LIMIT_PERIODS) {
    const limit = limits[p.kind];
    if (limit === undefined) continue;
    const since = new Date(now.getTime() - p.hours * HOUR_MS);
    const bets = await sql<{ amount_minor: string }>`
      select t.amount_minor from seamless_transactions t
      join seamless_bet_slots s on s.provider_id = t.provider_id and s.bet_transaction_id = t.transaction_id
      where t.member_id = ${memberId} and t.kind = 'bet' and t.created_at > ${since} and s.state <> 'rolled_back'`.execute(db);
    const wins = await db
      .selectFrom('seamless_transactions')
      .select('amount_minor')
      .where('member_id', '=', memberId)
      .where('kind', '=', 'win')
      .where('created_at', '>', since)
      .execute();
    const used = p.kind.startsWith('loss_') ? sumOf(bets.rows) - sumOf(wins) : sumOf(bets.rows);
    if (used > limit) tally.violations.push(`member ${memberId}: ${p.kind} used ${used} over ${limit}`);
  }
}
