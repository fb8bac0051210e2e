import { sql, type Kysely, type Transaction } from 'kysely';
import { TICKET_MESSAGES, type TLanguage, type TRaffle, type TTicket } from '@wl/schemas';
import { newServerSeed, serverSeedHash } from '@wl/schemas/games/fair';
import { recordMemberAudit } from '../audit/member-audit.ts';
import { excludedFromMarketing } from '../bonus/award.ts';
import type { DB } from '../db/schema.ts';
import type { TMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError } from '../http/envelope.ts';
import { mayMarket } from '../kernel/closure.ts';
import { lockMembers } from '../kernel/member-lock.ts';
import { inTransaction } from '../wallet/ledger.service.ts';
import { memberTickets } from './tickets.service.ts';

/*
 * Raffle promotions (docs/0120, SPEC §7 raffle claim). A raffle is open from its start to its end;
 * a member whose credited deposits in that window reach the raffle's minimum claims its entry once:
 * a ticket of the raffle's rule under the key `raffle:<id>` (unique per member, rule and key), then
 * drawn as every ticket is, with the rule's published odds. A closed account claims nothing. A
 * raffle takes claims only while its rule is priced for its current terms (docs/0126): content
 * writes raffles, and each new or changed one waits for finance. The console's part is in
 * tickets-operator.service.ts.
 */

type TDb = Kysely<DB> | Transaction<DB>;
const HOUR_MS = 3_600_000;

/** The open raffles of the merchant with the member's deposits in each window and its entry. */
async function openRaffles(db: TDb, merchantId: number | null, memberId: number, now: Date) {
  // Without the merchant (the badge): the member's own.
  const merchant = merchantId ?? sql`(select m.merchant_id from members m where m.id = ${memberId})`;
  const { rows } = await sql<{
    id: number;
    rule_id: number;
    title_en: string;
    title_bn: string;
    min_deposit_minor: string | number;
    starts_at: Date | string;
    ends_at: Date | string;
    deposited: string | number;
    ticket_id: string | number | null;
  }>`
    select r.id, r.rule_id, r.title_en, r.title_bn, r.min_deposit_minor, r.starts_at, r.ends_at,
      coalesce((select sum(d.amount_minor) from deposits d where d.member_id = ${memberId} and d.status = 'approved'
        and d.decided_at >= r.starts_at and d.decided_at < r.ends_at), 0) as deposited,
      -- The entry by its key alone: a raffle whose rule was changed keeps the entries it gave.
      (select min(t.id) from reward_tickets t where t.member_id = ${memberId} and t.source_key = 'raffle:' || r.id) as ticket_id
    from raffles r
    join ticket_rules tr on tr.id = r.rule_id and tr.priced_version = tr.terms_version
    where r.merchant_id = ${merchant} and r.starts_at <= ${now} and r.ends_at > ${now}
    order by r.ends_at, r.id
    limit 50`.execute(db);
  return rows;
}

/** The member's open raffles (SPEC §7): what each needs, what the member has deposited, its entry. */
export async function memberRaffles(deps: TPlatformDeps, merchant: TMerchant, memberId: number, language: TLanguage): Promise<{ rows: TRaffle[] }> {
  const rows = await openRaffles(deps.db, merchant.id, memberId, deps.clock());
  return {
    rows: rows.map((r) => ({
      id: r.id,
      title: language === 'bn' ? r.title_bn : r.title_en,
      endsAt: new Date(r.ends_at).toISOString(),
      minDepositMinor: Number(r.min_deposit_minor),
      depositedMinor: Number(r.deposited),
      ticketId: r.ticket_id === null ? null : Number(r.ticket_id),
    })),
  };
}

/** Raffles the member may claim now: open, its deposits enough, no entry yet (the reward badge, docs/0120). */
export async function claimableRaffleCount(db: TDb, memberId: number, now: Date): Promise<number> {
  const rows = await openRaffles(db, null, memberId, now);
  return rows.filter((r) => r.ticket_id === null && Number(r.deposited) >= Number(r.min_deposit_minor)).length;
}

/** Claims the raffle's entry once: a ticket of its rule, or a translated refusal and nothing written. */
export async function claimRaffle(
  deps: TPlatformDeps,
  merchant: TMerchant,
  memberId: number,
  raffleId: number,
  ip: string,
  language: TLanguage,
): Promise<TTicket> {
  const now = deps.clock();
  const ticketId = await inTransaction(deps.db, async (trx) => {
    await lockMembers(trx, [memberId], merchant.id);
    const r = (await openRaffles(trx, merchant.id, memberId, now)).find((x) => x.id === raffleId);
    if (!r) throw new WpsError(404, TICKET_MESSAGES.raffleUnknown);
    if (r.ticket_id !== null) throw new WpsError(409, TICKET_MESSAGES.raffleClaimed);
    if (!(await mayMarket(trx, memberId, now))) throw excludedFromMarketing();
    if (Number(r.deposited) < Number(r.min_deposit_minor)) throw new WpsError(409, TICKET_MESSAGES.raffleNotEligible);
    const rule = await trx.selectFrom('ticket_rules').select('valid_hours').where('id', '=', r.rule_id).executeTakeFirstOrThrow();
    const seed = newServerSeed();
    const inserted = await trx
      .insertInto('reward_tickets')
      .values({
        merchant_id: merchant.id,
        member_id: memberId,
        rule_id: r.rule_id,
        source_key: `raffle:${r.id}`,
        server_seed: seed,
        server_seed_hash: await serverSeedHash(seed),
        earned_at: now,
        expires_at: new Date(now.getTime() + rule.valid_hours * HOUR_MS),
      })
      .onConflict((oc) => oc.columns(['member_id', 'rule_id', 'source_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw new WpsError(409, TICKET_MESSAGES.raffleClaimed);
    await recordMemberAudit(trx, { merchantId: merchant.id, memberId, action: 'raffle_claimed', detail: `${r.id} ${inserted.id}`, ip });
    return Number(inserted.id);
  });
  const { tickets } = await memberTickets(deps, merchant, memberId, language);
  return tickets.find((t) => t.id === ticketId)!;
}
