import { sql, type Selectable, type Transaction } from 'kysely';
import {
  TICKET_MESSAGES,
  type TOperatorRaffle,
  type TOperatorTicketRule,
  type TOperatorTicketRules,
  type ZRaffleSave,
  type ZTicketPrizesSave,
  type ZTicketRuleSave,
} from '@wl/schemas';
import { oddsAreWhole } from '@wl/schemas/games/ticket';
import type { z } from 'zod';
import { recordOperatorAudit } from '../audit/operator-audit.ts';
import type { DB, TicketPrizesTable, TicketRulesTable } from '../db/schema.ts';
import type { TMerchant, TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError } from '../http/envelope.ts';
import { inTransaction } from '../wallet/ledger.service.ts';

/*
 * The console's ticket rules and raffles (docs/0120, docs/0126, docs/rules/money.md#m-41, #m-50).
 * Content (content.write) writes a rule — what earns a ticket, its threshold, validity, titles,
 * switch — and the raffles; finance (money.write) sets what a rule pays: its prizes, odds, stock and
 * fallback. A rule's `terms_version` goes up whenever what earns its tickets changes (its earning,
 * threshold or validity, or a raffle of it created or changed); finance prices the version it was
 * shown, and a rule earns (and its raffles take claims) only while its prices are for its current
 * terms. So content alone can neither make a rule pay nor make a priced one pay more.
 * Odds must sum to exactly 100 % and a rule has exactly one fallback prize without a stock limit,
 * else the save is refused and nothing changes. A prize once given is never deleted (tickets refer
 * to it): a position left out keeps its row with odds 0. Every change is audited with before and after.
 */

type TRuleRow = Selectable<TicketRulesTable>;
type TPrizeRow = Selectable<TicketPrizesTable>;
type TTrx = Transaction<DB>;

const refused = (key: (typeof TICKET_MESSAGES)[keyof typeof TICKET_MESSAGES], status = 400) => new WpsError(status, key);

const ruleOf = (r: TRuleRow, prizes: readonly TPrizeRow[]): TOperatorTicketRule => ({
  id: r.id,
  kind: r.kind,
  earn: r.earn,
  thresholdMinor: Number(r.threshold_minor),
  validHours: r.valid_hours,
  titleEn: r.title_en,
  titleBn: r.title_bn,
  active: r.active,
  termsVersion: r.terms_version,
  priced: r.priced_version === r.terms_version,
  prizes: prizes
    .filter((p) => p.rule_id === r.id)
    .map((p) => ({
      id: Number(p.id),
      kind: p.kind,
      amount: Number(p.amount),
      turnoverMultiple: p.turnover_multiple,
      oddsBp: p.odds_bp,
      fallback: p.fallback,
      stock: p.stock,
      given: p.given,
    })),
});

/** The merchant's rule, locked for the change (FOR NO KEY UPDATE, docs/0080); another merchant's is unknown. */
async function lockedRule(trx: TTrx, merchantId: number, id: number): Promise<TRuleRow> {
  const r = await trx.selectFrom('ticket_rules').selectAll().where('id', '=', id).where('merchant_id', '=', merchantId).forNoKeyUpdate().executeTakeFirst();
  if (!r) throw new WpsError(404, TICKET_MESSAGES.rule);
  return r;
}

async function ruleWithPrizes(trx: TTrx, id: number): Promise<TOperatorTicketRule> {
  const r = await trx.selectFrom('ticket_rules').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return ruleOf(r, await trx.selectFrom('ticket_prizes').selectAll().where('rule_id', '=', id).orderBy('position').execute());
}

/** What earns a rule's tickets went up a version: its prices wait for finance again. */
const bumpTerms = (trx: TTrx, ruleId: number) =>
  trx
    .updateTable('ticket_rules')
    .set((eb) => ({ terms_version: eb('terms_version', '+', 1) }))
    .where('id', '=', ruleId)
    .execute();

/** The merchant's rules with their prizes (stock and given), and its newest raffles with their entries. */
export async function operatorTicketRules(deps: TPlatformDeps, merchant: TMerchant): Promise<TOperatorTicketRules> {
  const rules = await deps.db.selectFrom('ticket_rules').selectAll().where('merchant_id', '=', merchant.id).orderBy('id').limit(50).execute();
  const prizes =
    rules.length === 0
      ? []
      : await deps.db
          .selectFrom('ticket_prizes')
          .selectAll()
          .where(
            'rule_id',
            'in',
            rules.map((r) => r.id),
          )
          .orderBy('position')
          .execute();
  const raffles = await deps.db
    .selectFrom('raffles as r')
    .select([
      'r.id',
      'r.rule_id',
      'r.title_en',
      'r.title_bn',
      'r.min_deposit_minor',
      'r.starts_at',
      'r.ends_at',
      sql<string>`(select count(*) from reward_tickets t where t.merchant_id = r.merchant_id and t.source_key = 'raffle:' || r.id)`.as('entries'),
    ])
    .where('r.merchant_id', '=', merchant.id)
    .orderBy('r.id', 'desc')
    .limit(50)
    .execute();
  return {
    rows: rules.map((r) => ruleOf(r, prizes)),
    raffles: raffles.map((r): TOperatorRaffle => ({
      id: r.id,
      ruleId: r.rule_id,
      titleEn: r.title_en,
      titleBn: r.title_bn,
      minDepositMinor: Number(r.min_deposit_minor),
      startsAt: new Date(r.starts_at).toISOString(),
      endsAt: new Date(r.ends_at).toISOString(),
      entries: Number(r.entries ?? 0),
    })),
  };
}

/**
 * Creates or changes a rule (content): what earns it, validity, titles, switch. A new rule has no
 * prices and earns nothing until finance sets them; a change to what earns an existing one raises
 * its terms version, so it earns again only once finance has priced the new terms.
 */
export async function saveTicketRule(
  deps: TPlatformDeps,
  merchant: TMerchant,
  actor: TSessionOperator,
  ip: string,
  input: z.infer<typeof ZTicketRuleSave>,
): Promise<TOperatorTicketRule> {
  return inTransaction(deps.db, async (trx) => {
    const values = {
      kind: input.kind,
      earn: input.earn,
      threshold_minor: input.thresholdMinor,
      valid_hours: input.validHours,
      title_en: input.titleEn,
      title_bn: input.titleBn,
      active: input.active,
    };
    let before: TOperatorTicketRule | null = null;
    let id: number;
    if (input.id === undefined) {
      ({ id } = await trx
        .insertInto('ticket_rules')
        .values({ merchant_id: merchant.id, ...values })
        .returning('id')
        .executeTakeFirstOrThrow());
    } else {
      const old = await lockedRule(trx, merchant.id, input.id);
      before = await ruleWithPrizes(trx, old.id);
      id = old.id;
      const earningChanged = old.earn !== input.earn || Number(old.threshold_minor) !== input.thresholdMinor || old.valid_hours !== input.validHours;
      await trx
        .updateTable('ticket_rules')
        .set((eb) => ({ ...values, terms_version: earningChanged ? eb('terms_version', '+', 1) : eb.ref('terms_version') }))
        .where('id', '=', id)
        .execute();
    }
    const after = await ruleWithPrizes(trx, id);
    await recordOperatorAudit(trx, { merchantId: merchant.id, actor, ip, action: 'ticket_rule.save', before, after, configVersion: null });
    return after;
  });
}

/**
 * Sets a rule's prizes (finance) for the terms version it was shown: refused unless the odds sum to
 * 100 % (M-41), one fallback has no stock limit, no stock falls below what was given, and the terms
 * are still that version (`ticket_terms_changed`). Then the rule is priced for its current terms.
 */
export async function setTicketPrizes(
  deps: TPlatformDeps,
  merchant: TMerchant,
  actor: TSessionOperator,
  ip: string,
  input: z.infer<typeof ZTicketPrizesSave>,
): Promise<TOperatorTicketRule> {
  if (!oddsAreWhole(input.prizes.map((p) => p.oddsBp))) throw refused(TICKET_MESSAGES.odds);
  const fallbacks = input.prizes.filter((p) => p.fallback);
  if (fallbacks.length !== 1 || fallbacks[0]!.stock !== null) throw refused(TICKET_MESSAGES.fallback);
  return inTransaction(deps.db, async (trx) => {
    const rule = await lockedRule(trx, merchant.id, input.id);
    if (rule.terms_version !== input.termsVersion) throw refused(TICKET_MESSAGES.termsChanged, 409);
    const before = await ruleWithPrizes(trx, rule.id);
    // The fallback moves in two steps (one fallback per rule at any instant): all off, then the new one on.
    await trx.updateTable('ticket_prizes').set({ fallback: false, odds_bp: 0 }).where('rule_id', '=', rule.id).execute();
    for (const [position, p] of input.prizes.entries()) {
      const given = before.prizes[position]?.given ?? 0;
      if (p.stock !== null && p.stock < given) throw refused(TICKET_MESSAGES.stock);
      const row = { kind: p.kind, amount: p.amount, turnover_multiple: p.turnoverMultiple, odds_bp: p.oddsBp, stock: p.stock, fallback: p.fallback };
      await trx
        .insertInto('ticket_prizes')
        .values({ rule_id: rule.id, position, ...row })
        .onConflict((oc) => oc.columns(['rule_id', 'position']).doUpdateSet(row))
        .execute();
    }
    await trx.updateTable('ticket_rules').set({ priced_version: rule.terms_version }).where('id', '=', rule.id).execute();
    const after = await ruleWithPrizes(trx, rule.id);
    await recordOperatorAudit(trx, { merchantId: merchant.id, actor, ip, action: 'ticket_rule.prizes', before, after, configVersion: null });
    return after;
  });
}

/**
 * Creates or changes a raffle (content), audited. Its rule must be the merchant's. A raffle gives its
 * rule's tickets to more members, so a new raffle, or a change of its rule, minimum or window,
 * raises the terms version of the rule(s) it touches: it takes claims once finance has priced them.
 */
export async function saveRaffle(
  deps: TPlatformDeps,
  merchant: TMerchant,
  actor: TSessionOperator,
  ip: string,
  input: z.infer<typeof ZRaffleSave>,
): Promise<{ id: number }> {
  return inTransaction(deps.db, async (trx) => {
    const row = {
      rule_id: input.ruleId,
      title_en: input.titleEn,
      title_bn: input.titleBn,
      min_deposit_minor: input.minDepositMinor,
      starts_at: new Date(input.startsAt),
      ends_at: new Date(input.endsAt),
    };
    const old =
      input.id === undefined
        ? null
        : await trx.selectFrom('raffles').selectAll().where('id', '=', input.id).where('merchant_id', '=', merchant.id).forNoKeyUpdate().executeTakeFirst();
    if (input.id !== undefined && !old) throw new WpsError(404, TICKET_MESSAGES.raffleUnknown);
    // Locked in id order, so two saves touching the same two rules cannot wait on each other.
    const touched = [...new Set([input.ruleId, ...(old ? [old.rule_id] : [])])].sort((a, b) => a - b);
    for (const ruleId of touched) await lockedRule(trx, merchant.id, ruleId);
    const before = old && {
      id: old.id,
      ruleId: old.rule_id,
      titleEn: old.title_en,
      titleBn: old.title_bn,
      minDepositMinor: Number(old.min_deposit_minor),
      startsAt: new Date(old.starts_at).toISOString(),
      endsAt: new Date(old.ends_at).toISOString(),
    };
    let id: number;
    if (!old) {
      ({ id } = await trx
        .insertInto('raffles')
        .values({ merchant_id: merchant.id, created_by: actor.operatorId, ...row })
        .returning('id')
        .executeTakeFirstOrThrow());
    } else {
      id = old.id;
      await trx.updateTable('raffles').set(row).where('id', '=', id).execute();
    }
    const earningChanged =
      !old ||
      old.rule_id !== input.ruleId ||
      Number(old.min_deposit_minor) !== input.minDepositMinor ||
      new Date(old.starts_at).getTime() !== row.starts_at.getTime() ||
      new Date(old.ends_at).getTime() !== row.ends_at.getTime();
    if (earningChanged) for (const ruleId of touched) await bumpTerms(trx, ruleId);
    const after = {
      id,
      ruleId: input.ruleId,
      titleEn: input.titleEn,
      titleBn: input.titleBn,
      minDepositMinor: input.minDepositMinor,
      startsAt: input.startsAt,
      endsAt: input.endsAt,
    };
    await recordOperatorAudit(trx, { merchantId: merchant.id, actor, ip, action: 'raffle.save', before, after, configVersion: null });
    return { id };
  });
}
