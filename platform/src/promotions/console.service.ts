import type { Transaction } from 'kysely';
import {
  isPayingKind,
  OPERATOR_PROMOTION_MESSAGES,
  readImageHeader,
  type TLanguage,
  type TOperatorPromotion,
  type TOperatorPromotionInput,
  type TPromotionStatus,
} from '@wl/schemas';
import { auditedConfigChange } from '../audit/operator-audit.ts';
import type { DB } from '../db/schema.ts';
import type { TMerchant, TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { wpsErrors } from '../http/envelope.ts';
import { conflict, fieldFailure } from '../http/errors.ts';
import { inTransaction } from '../wallet/ledger.service.ts';
import { consolePromotionRows, toConsolePromotions, type TConsolePromotionRow } from './console.queries.ts';
import { approvalAfterSave, assertMayGoLive } from './money-approval.ts';
import { moneyVersionOf } from './money-version.ts';

/*
 * Promotions in the console (docs/0098): content operators create them as drafts, edit words,
 * schedule, kind and terms (ZPromotionTerms, checked again here by the call's schema), budget and
 * recipients, a banner image, and move them draft → active ⇄ paused → ended (ended is final; the
 * foundation's activateBonus pays nothing for a promotion not active). Each change is audited with
 * before and after and bumps the config version, so gateways reload the content.
 */

/** The statuses each status may move to. */
const NEXT_STATUS: Readonly<Record<TPromotionStatus, readonly TPromotionStatus[]>> = {
  draft: ['active', 'ended'],
  active: ['paused', 'ended'],
  paused: ['active', 'ended'],
  ended: [],
};

/** What an audit keeps of a promotion: every edited field, not the banner's bytes. */
const auditView = (r: TConsolePromotionRow | undefined) =>
  r ? { ...r, starts_at: new Date(r.starts_at).toISOString(), ends_at: r.ends_at && new Date(r.ends_at).toISOString() } : null;

export async function consolePromotions(deps: TPlatformDeps, merchantId: number, language: TLanguage): Promise<{ promotions: TOperatorPromotion[] }> {
  const rows = await consolePromotionRows(deps.db, merchantId).orderBy('sort').orderBy('id').execute();
  return { promotions: await toConsolePromotions(deps.db, rows, language) };
}

async function lockedPromotion(trx: Transaction<DB>, merchantId: number, id: number): Promise<TConsolePromotionRow> {
  const row = await consolePromotionRows(trx, merchantId).where('id', '=', id).forNoKeyUpdate().executeTakeFirst();
  if (!row) throw wpsErrors.notFound();
  return row;
}

async function answer(trx: Transaction<DB>, merchantId: number, id: number, language: TLanguage): Promise<TOperatorPromotion> {
  return (await toConsolePromotions(trx, [await consolePromotionRows(trx, merchantId).where('id', '=', id).executeTakeFirstOrThrow()], language))[0]!;
}

/**
 * Creates (id null: a draft) or edits a promotion. The kind is fixed once it has left draft (awards
 * already given keep their terms either way, docs/0094); an ended promotion is not edited; a budget
 * or a recipient cap below what was already spent or given is refused by the table's checks.
 */
export async function savePromotion(
  deps: TPlatformDeps,
  merchant: TMerchant,
  op: TSessionOperator,
  ip: string,
  req: TOperatorPromotionInput,
  language: TLanguage,
): Promise<TOperatorPromotion> {
  const values = {
    title_en: req.titleEn,
    title_bn: req.titleBn,
    rules_en: req.rulesEn,
    rules_bn: req.rulesBn,
    category: req.category,
    kind: req.terms.kind,
    terms: JSON.stringify(req.terms),
    starts_at: req.startsAt,
    ends_at: req.endsAt,
    budget_minor: req.budgetMinor,
    max_recipients: req.maxRecipients,
    sort: req.sort,
  };
  return inTransaction(deps.db, async (trx) => {
    let id = req.id;
    let before: TConsolePromotionRow | undefined;
    if (id === null) {
      const created = await trx
        .insertInto('promotions')
        .values({ ...values, ...approvalAfterSave(op, undefined, req, deps.clock()), merchant_id: merchant.id, promotion_type: 'B', status: 'draft' })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = created.id;
    } else {
      before = await lockedPromotion(trx, merchant.id, id);
      if (before.status === 'ended') throw conflict(OPERATOR_PROMOTION_MESSAGES.statusTransition);
      if (before.status !== 'draft' && before.kind !== req.terms.kind) throw fieldFailure('terms', OPERATOR_PROMOTION_MESSAGES.kindFixed);
      if (req.budgetMinor !== null && req.budgetMinor < Number(before.spent_minor)) throw fieldFailure('budgetMinor', 'amount_invalid');
      if (req.maxRecipients !== null && req.maxRecipients < before.recipients) throw fieldFailure('maxRecipients', 'amount_invalid');
      await trx
        .updateTable('promotions')
        .set({ ...values, ...approvalAfterSave(op, before, req, deps.clock()) })
        .where('id', '=', id)
        .execute();
    }
    const after = await consolePromotionRows(trx, merchant.id).where('id', '=', id).executeTakeFirstOrThrow();
    await auditedConfigChange(trx, { merchantId: merchant.id, actor: op, ip, action: 'promotion.save', before: auditView(before), after: auditView(after) });
    return answer(trx, merchant.id, id, language);
  });
}

/** Moves a promotion along draft → active ⇄ paused → ended; any other move is refused and changes nothing. */
export async function setPromotionStatus(
  deps: TPlatformDeps,
  merchant: TMerchant,
  op: TSessionOperator,
  ip: string,
  req: { id: number; status: TPromotionStatus },
  language: TLanguage,
): Promise<TOperatorPromotion> {
  return inTransaction(deps.db, async (trx) => {
    const before = await lockedPromotion(trx, merchant.id, req.id);
    if (before.status === req.status) return answer(trx, merchant.id, req.id, language);
    if (!NEXT_STATUS[before.status].includes(req.status)) throw conflict(OPERATOR_PROMOTION_MESSAGES.statusTransition);
    if (req.status === 'active') assertMayGoLive(op, before);
    await trx.updateTable('promotions').set({ status: req.status }).where('id', '=', req.id).execute();
    await auditedConfigChange(trx, {
      merchantId: merchant.id,
      actor: op,
      ip,
      action: 'promotion.status',
      before: { id: req.id, status: before.status },
      after: { id: req.id, status: req.status },
    });
    return answer(trx, merchant.id, req.id, language);
  });
}

/**
 * Finance's approval of a paying promotion's money as it is now (docs/0100): content may then set it
 * live; a later change of the money clears it. Not for an ended promotion; a paying one needs a budget.
 */
export async function approvePromotion(
  deps: TPlatformDeps,
  merchant: TMerchant,
  op: TSessionOperator,
  ip: string,
  req: { id: number; moneyVersion: string },
  language: TLanguage,
): Promise<TOperatorPromotion> {
  return inTransaction(deps.db, async (trx) => {
    const before = await lockedPromotion(trx, merchant.id, req.id);
    if (before.status === 'ended') throw conflict(OPERATOR_PROMOTION_MESSAGES.statusTransition);
    if (before.budget_minor === null && isPayingKind(before.kind)) throw fieldFailure('budgetMinor', OPERATOR_PROMOTION_MESSAGES.budgetRequired);
    // The money finance read, not whatever content saved since (docs/0100).
    if (moneyVersionOf(before) !== req.moneyVersion) throw conflict(OPERATOR_PROMOTION_MESSAGES.moneyChanged);
    const now = deps.clock();
    await trx.updateTable('promotions').set({ money_approved_by: op.operatorId, money_approved_at: now }).where('id', '=', req.id).execute();
    await auditedConfigChange(trx, {
      merchantId: merchant.id,
      actor: op,
      ip,
      action: 'promotion.approve',
      before: { id: req.id, approvedAt: before.money_approved_at && new Date(before.money_approved_at).toISOString() },
      after: auditView({ ...before, money_approved_at: now }),
    });
    return answer(trx, merchant.id, req.id, language);
  });
}

/** Sets a promotion's banner image: png or jpg by its header (never by name or declared type), ≤ 5 MB. */
export async function setPromotionBanner(
  deps: TPlatformDeps,
  merchant: TMerchant,
  op: TSessionOperator,
  ip: string,
  req: { id: number; base64: string },
  language: TLanguage,
) {
  const bytes = Buffer.from(req.base64, 'base64');
  const header = readImageHeader(bytes);
  if (header === null || bytes.length > 5 * 1024 * 1024) throw fieldFailure('file', OPERATOR_PROMOTION_MESSAGES.bannerWrongType);
  return inTransaction(deps.db, async (trx) => {
    const before = await lockedPromotion(trx, merchant.id, req.id);
    await trx.updateTable('promotions').set({ banner_content_type: header.contentType, banner_bytes: bytes }).where('id', '=', req.id).execute();
    const after = { id: req.id, contentType: header.contentType, width: header.width, height: header.height, sizeBytes: bytes.length };
    await auditedConfigChange(trx, {
      merchantId: merchant.id,
      actor: op,
      ip,
      action: 'promotion.banner',
      before: { id: req.id, contentType: before.banner_content_type },
      after,
    });
    return answer(trx, merchant.id, req.id, language);
  });
}
