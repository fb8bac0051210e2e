import { isPayingKind, OPERATOR_PROMOTION_MESSAGES, ZPromotionTerms, type TOperatorPromotionInput, type TPromotionKind } from '@wl/schemas';
import { roleAllows } from '../access/permissions.ts';
import type { TSessionOperator } from '../http/auth.ts';
import { WpsError } from '../http/envelope.ts';
import { fieldFailure } from '../http/errors.ts';
import type { TConsolePromotionRow } from './console.queries.ts';
import { sortedJson } from './money-version.ts';

/*
 * Who may make a promotion pay (docs/0100). Content writes promotions, but a paying kind goes live
 * (draft or paused → active) only with a budget and with its money — terms, budget, recipients,
 * dates — approved by an operator holding money.write (finance, owner), who may also go live
 * directly. A change of the money clears the approval; on a live paying promotion only a holder of
 * money.write may raise it (content may lower the budget or recipients, and edit texts and banner).
 */

/** 403: the call is allowed to the role, this change of money is not. */
const needsFinance = () => new WpsError(403, OPERATOR_PROMOTION_MESSAGES.needsFinance);

export const holdsFinance = (op: TSessionOperator) => roleAllows(op.role, 'money.write');

const time = (t: Date | string | null) => (t === null ? null : new Date(t).getTime());
const raised = (before: number | null, after: number | null) => (after === null ? before !== null : before !== null && after > before);

/** Whether a save changes the money of a promotion, and whether it raises it (a lower budget or recipient cap, a later start or an earlier end do not). */
export function moneyChange(before: TConsolePromotionRow, req: TOperatorPromotionInput): { changed: boolean; raised: boolean } {
  const beforeBudget = before.budget_minor === null ? null : Number(before.budget_minor);
  const termsChanged = sortedJson(ZPromotionTerms.parse(before.terms)) !== sortedJson(req.terms);
  const [start0, start1, end0, end1] = [time(before.starts_at)!, time(req.startsAt)!, time(before.ends_at), time(req.endsAt)];
  const datesChanged = start0 !== start1 || end0 !== end1;
  const datesRaised = start1 < start0 || raised(end0, end1);
  const capsChanged = beforeBudget !== req.budgetMinor || before.max_recipients !== req.maxRecipients;
  return {
    changed: termsChanged || datesChanged || capsChanged,
    raised: termsChanged || datesRaised || raised(beforeBudget, req.budgetMinor) || raised(before.max_recipients, req.maxRecipients),
  };
}

/**
 * The approval columns a save writes, after refusing what the operator may not do: on a live paying
 * promotion a budget removed, or money raised without money.write. A holder of money.write approves
 * what it saves; anyone else's change of the money clears the approval.
 */
export function approvalAfterSave(op: TSessionOperator, before: TConsolePromotionRow | undefined, req: TOperatorPromotionInput, now: Date) {
  const live = before !== undefined && (before.status === 'active' || before.status === 'paused');
  if (live && isPayingKind(req.terms.kind) && req.budgetMinor === null) throw fieldFailure('budgetMinor', OPERATOR_PROMOTION_MESSAGES.budgetRequired);
  if (holdsFinance(op)) return { money_approved_by: op.operatorId, money_approved_at: now };
  if (!before) return { money_approved_by: null, money_approved_at: null };
  const change = moneyChange(before, req);
  if (live && isPayingKind(req.terms.kind) && change.raised) throw needsFinance();
  return change.changed ? { money_approved_by: null, money_approved_at: null } : {};
}

/** Refuses a paying promotion going live without a budget, or without money.write or finance's approval of its money. */
export function assertMayGoLive(
  op: TSessionOperator,
  row: { kind: TPromotionKind; budget_minor: number | string | null; money_approved_at: Date | string | null },
) {
  if (!isPayingKind(row.kind)) return;
  if (row.budget_minor === null) throw fieldFailure('budgetMinor', OPERATOR_PROMOTION_MESSAGES.budgetRequired);
  if (!holdsFinance(op) && row.money_approved_at === null) throw needsFinance();
}
