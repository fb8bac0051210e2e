import type { Selectable, Transaction } from 'kysely';
import { TICKET_MESSAGES, type TOperatorTicketRule, type ZTicketRuleSave, type ZTicketTexts } from '@wl/schemas';
import { oddsAreWhole } from '@wl/schemas/games/ticket';
import type { z } from 'zod';
import { recordOperatorAudit } from '../audit/operator-audit.ts';
import type { DB, TicketPrizesTable, TicketRulesTable } from '../db/schema.ts';
import type { TMerchant, TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError } from '../http/envelope.ts';
import { inTransaction } from '../wallet/ledger.service.ts';

/*
 * The console's ticket rules (docs/0120): finance (money.write) sets a rule's earning, prizes, odds
 * and stock; content (content.write) its titles. The odds must sum to exactly 100 % and a rule has
 * exactly one fallback prize without a stock limit, else the save is refused and nothing changes.
 * A prize once given is never deleted (tickets refer to it): a position left out keeps its row
 * with odds 0. Every change is audited with the rule before and after.
 */

type TRuleRow = Selectable<TicketRulesTable>;
type TPrizeRow = Selectable<TicketPrizesTable>;

const refused = (key: (typeof TICKET_MESSAGES)[keyof typeof TICKET_MESSAGES]) => new WpsError(400, key);

const ruleOf = (r: TRuleRow, prizes: readonly TPrizeRow[]): TOperatorTicketRule => ({
  id: r.id,
  kind: r.kind,
  earn: r.earn,
  thresholdMinor: Number(r.threshold_minor),
  validHours: r.valid_hours,
  titleEn: r.title_en,
  titleBn: r.title_bn,
  active: r.active,
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

async function ruleWithPrizes(trx: Transaction<DB>, merchantId: number, id: number): Promise<TOperatorTicketRule> {
  const r = await trx.selectFrom('ticket_rules').selectAll().where('id', '=', id).where('merchant_id', '=', merchantId).executeTakeFirst();
  if (!r) throw new WpsError(404, TICKET_MESSAGES.rule);
  return ruleOf(r, await trx.selectFrom('ticket_prizes').selectAll().where('rule_id', '=', id).orderBy('position').execute());
}

/** The merchant's rules with their prizes (stock and given). */
export async function operatorTicketRules(deps: TPlatformDeps, merchant: TMerchant): Promise<{ rows: TOperatorTicketRule[] }> {
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
  return { rows: rules.map((r) => ruleOf(r, prizes)) };
}

/** Creates or changes a rule with its prizes (finance); refused unless the odds sum to 100 % and one fallback has no stock limit. */
export async function saveTicketRule(
  deps: TPlatformDeps,
  merchant: TMerchant,
  actor: TSessionOperator,
  ip: string,
  input: z.infer<typeof ZTicketRuleSave>,
): Promise<TOperatorTicketRule> {
  if (!oddsAreWhole(input.prizes.map((p) => p.oddsBp))) throw refused(TICKET_MESSAGES.odds);
  const fallbacks = input.prizes.filter((p) => p.fallback);
  if (fallbacks.length !== 1 || fallbacks[0]!.stock !== null) throw refused(TICKET_MESSAGES.fallback);
  return inTransaction(deps.db, async (trx) => {
    const before = input.id === undefined ? null : await ruleWithPrizes(trx, merchant.id, input.id);
    const values = {
      kind: input.kind,
      earn: input.earn,
      threshold_minor: input.thresholdMinor,
      valid_hours: input.validHours,
      title_en: input.titleEn,
      title_bn: input.titleBn,
      active: input.active,
    };
    const id =
      before === null
        ? (
            await trx
              .insertInto('ticket_rules')
              .values({ merchant_id: merchant.id, ...values })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id
        : (await trx.updateTable('ticket_rules').set(values).where('id', '=', before.id).returning('id').executeTakeFirstOrThrow()).id;
    // The fallback moves in two steps (one fallback per rule at any instant): all off, then the new one on.
    await trx.updateTable('ticket_prizes').set({ fallback: false, odds_bp: 0 }).where('rule_id', '=', id).execute();
    for (const [position, p] of input.prizes.entries()) {
      const given = before?.prizes[position]?.given ?? 0;
      if (p.stock !== null && p.stock < given) throw refused(TICKET_MESSAGES.stock);
      const row = { kind: p.kind, amount: p.amount, turnover_multiple: p.turnoverMultiple, odds_bp: p.oddsBp, stock: p.stock, fallback: p.fallback };
      await trx
        .insertInto('ticket_prizes')
        .values({ rule_id: id, position, ...row })
        .onConflict((oc) => oc.columns(['rule_id', 'position']).doUpdateSet(row))
        .execute();
    }
    const after = await ruleWithPrizes(trx, merchant.id, id);
    await recordOperatorAudit(trx, { merchantId: merchant.id, actor, ip, action: 'ticket_rule.save', before, after, configVersion: null });
    return after;
  });
}

/** A rule's titles (content): the words only, audited. */
export async function setTicketTexts(
  deps: TPlatformDeps,
  merchant: TMerchant,
  actor: TSessionOperator,
  ip: string,
  input: z.infer<typeof ZTicketTexts>,
): Promise<TOperatorTicketRule> {
  return inTransaction(deps.db, async (trx) => {
    const before = await ruleWithPrizes(trx, merchant.id, input.id);
    await trx.updateTable('ticket_rules').set({ title_en: input.titleEn, title_bn: input.titleBn }).where('id', '=', input.id).execute();
    const after = await ruleWithPrizes(trx, merchant.id, input.id);
    await recordOperatorAudit(trx, { merchantId: merchant.id, actor, ip, action: 'ticket_rule.texts', before, after, configVersion: null });
    return after;
  });
}
