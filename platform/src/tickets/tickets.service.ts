import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { DEFAULT_BONUS_TERMS, TICKET_MESSAGES, type TLanguage, type TTicket, type TTicketList, type TTicketPrize } from '@wl/schemas';
import { newServerSeed, serverSeedHash } from '@wl/schemas/games/fair';
import { prizeIndexOf, ticketRoll } from '@wl/schemas/games/ticket';
import { recordMemberAudit } from '../audit/member-audit.ts';
import { excludedFromMarketing, offerBonus } from '../bonus/award.ts';
import type { DB, RewardTicketsTable, TicketPrizesTable, TicketRulesTable } from '../db/schema.ts';
import type { TMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError } from '../http/envelope.ts';
import { mayMarket } from '../kernel/closure.ts';
import { lockMembers } from '../kernel/member-lock.ts';
import { localDaySql, merchantOffsetMinutes } from '../kernel/local-day.ts';
import { changePoints } from '../points/points.queries.ts';
import { settledRounds, VALID } from '../rewards/settled-rounds.ts';
import { inTransaction } from '../wallet/ledger.service.ts';
import { payFromBonusExpense } from '../wallet/member-wallets.ts';

/*
 * Reward tickets (docs/0120, docs/rules/money.md#m-40..m-49). A member earns a ticket by a rule of
 * the operator's (a credited deposit, a login day, a step of settled turnover); the ticket's server
 * seed is drawn and its hash stored when it is earned, so the member sees the commitment before the
 * draw. The draw is one transaction in the lock order of docs/0080: the member locked; unknown,
 * drawn, expired, closed account refused; the roll from the shared formula
 * (schemas/src/games/ticket.ts) with the member's client seed; a prize out of stock gives way to
 * the rule's fallback; the prize paid once under `ticket:<id>` (cash from the bonus expense, a
 * bonus offered with its turnover, or points); then the ticket's one guarded update (drawn_at is
 * null). Nothing paid can be refused after the roll, so a refusal never tells the member a roll.
 */

type TDb = Kysely<DB> | Transaction<DB>;
type TRuleRow = Selectable<TicketRulesTable>;
type TPrizeRow = Selectable<TicketPrizesTable>;
type TTicketRow = Selectable<RewardTicketsTable>;

const HOUR_MS = 3_600_000;
/** At most this many turnover steps become tickets at one collection (a long absence earns no flood). */
const MAX_STEPS_AT_ONCE = 10;
const SHOWN = 100;

const refused = (key: (typeof TICKET_MESSAGES)[keyof typeof TICKET_MESSAGES], status = 409) => new WpsError(status, key);
const iso = (d: Date | string) => new Date(d).toISOString();

export const prizeOf = (p: TPrizeRow): TTicketPrize => ({
  id: Number(p.id),
  kind: p.kind,
  amount: Number(p.amount),
  turnoverMultiple: p.turnover_multiple,
  oddsBp: p.odds_bp,
  fallback: p.fallback,
  outOfStock: p.stock !== null && p.given >= p.stock,
});

/** One fact that earns a ticket of a rule: its key (unique per member and rule) and when it happened. */
type TFact = { key: string; at: Date };

/** The facts of a rule the member has that could still make an unexpired ticket; `offsetMinutes`: the merchant's local day (docs/0125). */
async function factsOf(db: TDb, rule: TRuleRow, memberId: number, now: Date, had: ReadonlySet<string>, offsetMinutes: number): Promise<TFact[]> {
  const since = new Date(Math.max(new Date(rule.starts_at).getTime(), now.getTime() - rule.valid_hours * HOUR_MS));
  if (rule.earn === 'deposit') {
    const rows = await db
      .selectFrom('deposits')
      .select(['id', 'decided_at'])
      .where('member_id', '=', memberId)
      .where('status', '=', 'approved')
      .where('amount_minor', '>=', rule.threshold_minor)
      .where('decided_at', '>=', since)
      .orderBy('id')
      .limit(50)
      .execute();
    return rows.map((r) => ({ key: `deposit:${r.id}`, at: new Date(r.decided_at!) }));
  }
  if (rule.earn === 'login_day') {
    // A login day is a local day of the merchant's on which one of the member's sessions began (docs/0120, docs/0125).
    const { rows } = await sql<{ day: string; first: Date | string }>`
      select ${localDaySql(sql`s.started_at`, offsetMinutes)} as day, min(s.started_at) as first
      from sessions s where s.member_id = ${memberId} and s.started_at >= ${since}
      group by 1 order by 1`.execute(db);
    return rows.map((r) => ({ key: `day:${r.day}`, at: new Date(r.first) }));
  }
  // Turnover: each full step of valid turnover of settled rounds (docs/0099) since the rule started.
  const { rows } = await sql<{ total: string | number }>`
    select coalesce(sum(${VALID}), 0) as total
    from ${settledRounds(sql`w.member_id = ${memberId} and w.created_at >= ${rule.starts_at}`)} r`.execute(db);
  const steps = Math.floor(Number(rows[0]?.total ?? 0) / Number(rule.threshold_minor));
  const facts: TFact[] = [];
  for (let k = steps; k >= 1 && facts.length < MAX_STEPS_AT_ONCE; k--) {
    if (had.has(`turnover:${k}`)) break;
    facts.push({ key: `turnover:${k}`, at: now });
  }
  return facts;
}

/**
 * Collects the tickets the member has earned and not yet been given, once per rule and fact
 * (unique member, rule, key; a repeat writes nothing). A closed account earns nothing
 * (docs/rules/protection.md#p-25). Answers how many were new.
 */
export async function earnTickets(db: Kysely<DB>, merchantId: number, memberId: number, now: Date): Promise<number> {
  const rules = await db
    .selectFrom('ticket_rules')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('active', '=', true)
    // Priced by finance for its current terms (docs/0126, docs/rules/money.md#m-50): content alone earns nothing.
    .whereRef('priced_version', '=', 'terms_version')
    .where('starts_at', '<=', now)
    .orderBy('id')
    .execute();
  if (rules.length === 0) return 0;
  const offset = rules.some((r) => r.earn === 'login_day') ? await merchantOffsetMinutes(db, merchantId) : 0;
  return inTransaction(db, async (trx) => {
    if (!(await mayMarket(trx, memberId, now))) return 0;
    const have = await trx
      .selectFrom('reward_tickets')
      .select(['rule_id', 'source_key'])
      .where('member_id', '=', memberId)
      .where('earned_at', '>=', new Date(now.getTime() - 30 * 24 * HOUR_MS))
      .execute();
    let made = 0;
    for (const rule of rules) {
      const had = new Set(have.filter((h) => h.rule_id === rule.id).map((h) => h.source_key));
      const facts = (await factsOf(trx, rule, memberId, now, had, offset)).filter((f) => !had.has(f.key));
      for (const f of facts) {
        const expires = new Date(f.at.getTime() + rule.valid_hours * HOUR_MS);
        if (expires.getTime() <= now.getTime()) continue;
        const seed = newServerSeed();
        const inserted = await trx
          .insertInto('reward_tickets')
          .values({
            merchant_id: merchantId,
            member_id: memberId,
            rule_id: rule.id,
            source_key: f.key,
            server_seed: seed,
            server_seed_hash: await serverSeedHash(seed),
            earned_at: now,
            expires_at: expires,
          })
          .onConflict((oc) => oc.columns(['member_id', 'rule_id', 'source_key']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (inserted) made++;
      }
    }
    return made;
  });
}

/** Unexpired tickets not yet drawn: what the reward badge counts (docs/0120). */
export async function claimableTicketCount(db: TDb, memberId: number, now: Date): Promise<number> {
  const row = await db
    .selectFrom('reward_tickets')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('member_id', '=', memberId)
    .where('drawn_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

const titleOf = (r: Pick<TRuleRow, 'title_en' | 'title_bn'>, language: TLanguage) => (language === 'bn' ? r.title_bn : r.title_en);

function ticketOf(t: TTicketRow, rule: TRuleRow, prizes: ReadonlyMap<number, TPrizeRow>, language: TLanguage): TTicket {
  const paid = t.prize_id === null ? undefined : prizes.get(Number(t.prize_id));
  return {
    id: Number(t.id),
    ruleId: Number(t.rule_id),
    kind: rule.kind,
    title: titleOf(rule, language),
    earnedAt: iso(t.earned_at),
    expiresAt: iso(t.expires_at),
    serverSeedHash: t.server_seed_hash,
    drawn:
      t.drawn_at !== null && paid
        ? {
            drawnAt: iso(t.drawn_at),
            clientSeed: t.client_seed!,
            serverSeed: t.server_seed,
            roll: t.roll!,
            drawnPrizeId: Number(t.drawn_prize_id),
            // The prize as it was paid, not as it is priced now (a drawn ticket always keeps it, migration 0068).
            prize: { ...prizeOf(paid), kind: t.prize_kind!, amount: Number(t.prize_amount), turnoverMultiple: t.prize_turnover_multiple },
          }
        : null,
  };
}

async function prizesOfRules(db: TDb, ruleIds: readonly number[]): Promise<TPrizeRow[]> {
  if (ruleIds.length === 0) return [];
  return db.selectFrom('ticket_prizes').selectAll().where('rule_id', 'in', ruleIds).orderBy('rule_id').orderBy('position').execute();
}

/** The member's tickets (the earned ones collected first) and the running rules with their published odds. */
export async function memberTickets(deps: TPlatformDeps, merchant: TMerchant, memberId: number, language: TLanguage): Promise<TTicketList> {
  const now = deps.clock();
  await earnTickets(deps.db, merchant.id, memberId, now);
  const tickets = await deps.db
    .selectFrom('reward_tickets')
    .selectAll()
    .where('member_id', '=', memberId)
    .where((eb) => eb.or([eb('drawn_at', 'is not', null), eb('expires_at', '>', now)]))
    .orderBy('id', 'desc')
    .limit(SHOWN)
    .execute();
  const rules = await deps.db.selectFrom('ticket_rules').selectAll().where('merchant_id', '=', merchant.id).orderBy('id').execute();
  const prizes = await prizesOfRules(
    deps.db,
    rules.map((r) => r.id),
  );
  const prizeById = new Map(prizes.map((p) => [Number(p.id), p]));
  const ruleById = new Map(rules.map((r) => [r.id, r]));
  return {
    tickets: tickets.map((t) => ticketOf(t, ruleById.get(t.rule_id)!, prizeById, language)),
    // The running rules, and any rule a listed ticket is of (a raffle's rule may earn nothing by itself).
    rules: rules
      .filter((r) => (r.active && r.priced_version === r.terms_version) || tickets.some((t) => t.rule_id === r.id))
      .map((r) => ({
        id: r.id,
        kind: r.kind,
        earn: r.earn,
        thresholdMinor: Number(r.threshold_minor),
        validHours: r.valid_hours,
        title: titleOf(r, language),
        prizes: prizes.filter((p) => p.rule_id === r.id && p.odds_bp > 0).map(prizeOf),
      })),
  };
}

/** Pays a drawn prize under `ticket:<id>`, scoped to the member: exactly once. */
async function payPrize(trx: Transaction<DB>, merchant: TMerchant, memberId: number, ticketId: number, prize: TPrizeRow, now: Date, ip: string) {
  const key = `ticket:${ticketId}`;
  const amount = Number(prize.amount);
  if (prize.kind === 'cash') {
    const [paid] = await payFromBonusExpense(trx, merchant, [{ memberId, amountMinor: amount, key, kind: 'reward_ticket', meta: { ticketId } }]);
    return { transaction_id: paid!.transactionId };
  }
  if (prize.kind === 'bonus') {
    // Offered, not activated: the member claims it on the bonus page, so an active bonus elsewhere
    // cannot refuse the draw after its roll (docs/0120).
    const offered = await offerBonus(trx, merchant, {
      memberId,
      promotionId: null,
      source: 'ticket',
      sourceKey: key,
      amountMinor: amount,
      terms: { ...DEFAULT_BONUS_TERMS, turnoverMultiple: prize.turnover_multiple! },
      now,
      ip,
    });
    return { award_id: offered.awardId };
  }
  const entry = await changePoints(trx, { merchantId: merchant.id, memberId, type: 'ticket', points: amount, reference: key });
  return { points_entry_id: entry!.entryId };
}

/** Draws the member's ticket with its client seed: one prize paid, or a translated refusal and nothing changed. */
export async function drawTicket(
  deps: TPlatformDeps,
  merchant: TMerchant,
  memberId: number,
  ticketId: number,
  clientSeed: string,
  ip: string,
  language: TLanguage,
): Promise<TTicket> {
  const now = deps.clock();
  return inTransaction(deps.db, async (trx) => {
    await lockMembers(trx, [memberId], merchant.id);
    const t = await trx
      .selectFrom('reward_tickets')
      .selectAll()
      .where('id', '=', ticketId)
      .where('member_id', '=', memberId)
      .where('merchant_id', '=', merchant.id)
      .executeTakeFirst();
    if (!t) throw refused(TICKET_MESSAGES.unknown, 404);
    if (t.drawn_at !== null) throw refused(TICKET_MESSAGES.drawn);
    if (new Date(t.expires_at).getTime() <= now.getTime()) throw refused(TICKET_MESSAGES.expired);
    if (!(await mayMarket(trx, memberId, now))) throw excludedFromMarketing();
    const rule = await trx.selectFrom('ticket_rules').selectAll().where('id', '=', t.rule_id).executeTakeFirstOrThrow();
    const prizes = await trx.selectFrom('ticket_prizes').selectAll().where('rule_id', '=', t.rule_id).orderBy('position').execute();
    const roll = await ticketRoll(t.server_seed, clientSeed);
    const fallback = prizes.find((p) => p.fallback)!;
    const drawn =
      prizes[
        prizeIndexOf(
          roll,
          prizes.map((p) => p.odds_bp),
        )
      ] ?? fallback;
    // The drawn prize's stock is taken by one guarded update; none left: the fallback (no stock limit).
    const taken = await sql<{ id: number }>`
      update ticket_prizes set given = given + 1
      where id = ${drawn.id} and (stock is null or given < stock) returning id`.execute(trx);
    const prize = taken.rows.length > 0 ? drawn : fallback;
    if (prize !== drawn)
      await trx
        .updateTable('ticket_prizes')
        .set((eb) => ({ given: eb('given', '+', 1) }))
        .where('id', '=', fallback.id)
        .execute();
    const paid = await payPrize(trx, merchant, memberId, Number(t.id), prize, now, ip);
    const updated = await trx
      .updateTable('reward_tickets')
      .set({
        drawn_at: now,
        client_seed: clientSeed,
        roll,
        drawn_prize_id: drawn.id,
        prize_id: prize.id,
        // What was paid, kept: finance may reprice the prize later (migration 0068).
        prize_kind: prize.kind,
        prize_amount: prize.amount,
        prize_turnover_multiple: prize.turnover_multiple,
        ...paid,
      })
      .where('id', '=', t.id)
      .where('drawn_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw refused(TICKET_MESSAGES.drawn);
    await recordMemberAudit(trx, { merchantId: merchant.id, memberId, action: 'reward_ticket_drawn', detail: `${t.id} ${prize.kind} ${prize.amount}`, ip });
    const fresh = await trx.selectFrom('ticket_prizes').selectAll().where('rule_id', '=', t.rule_id).execute();
    return ticketOf(updated, rule, new Map(fresh.map((p) => [Number(p.id), p])), language);
  });
}
