import { sql, type Kysely, type Transaction } from 'kysely';
import type { TApplyState, TBonusState, TMemberPromotion, TPromoState, TPromotionTerms } from '@wl/schemas';
import { depositMatchApplies, PROMOTION_CATEGORIES } from '@wl/schemas';
import type { DB, PromotionsTable } from '../db/schema.ts';
import { currentPromotionRows } from '../content/content.queries.ts';
import { manualApplyStates } from '../promotions/apply.queries.ts';

/*
 * A promotion's activity state for one member (docs/0096), derived from real rows: the member's
 * awards of it (bonus_awards), the opt-in (promotion_joins), the member's approved deposits, and the
 * promotion's own status, period, budget and recipients. Nothing is stored about the state itself.
 */

type TDb = Kysely<DB> | Transaction<DB>;
type TPromotionRow = Awaited<ReturnType<typeof currentPromotionRows>>[number];
/** `held`: claimed, waiting for a finance operator's review of linked accounts (docs/0097). */
export type TAwardRow = { promotionId: number; state: TBonusState; amountMinor: number; claimBy: Date; activated: boolean; held?: boolean };

/** A manual_apply promotion's state from the member's latest application (docs/0098); none: `apply`. */
const APPLY_STATE = { none: null, applying: 'applying', rejected: 'rejected', issued: 'issued' } as const satisfies Record<TApplyState, TPromoState | null>;

/** Spent: its budget or its recipients are all taken. */
const spent = (p: Pick<PromotionsTable, 'budget_minor' | 'max_recipients'> & { spent_minor: number; recipients: number }) =>
  (p.budget_minor !== null && Number(p.spent_minor) >= Number(p.budget_minor)) || (p.max_recipients !== null && p.recipients >= p.max_recipients);

export type TStateInput = {
  promotion: TPromotionRow;
  /** The member's awards of this promotion, newest first. */
  awards: readonly TAwardRow[];
  joined: boolean;
  approvedDeposits: number;
  manualApply: TPromoState | null;
  now: Date;
};

/** One promotion's state and what the member sees with it (the bonus on offer or active, the match the next deposit brings). */
export function promoState(i: TStateInput): TMemberPromotion {
  const p = i.promotion;
  const terms = p.terms as TPromotionTerms;
  const out = (state: TPromoState, award?: TAwardRow, match: TMemberPromotion['match'] = null): TMemberPromotion => ({
    id: p.id,
    kind: p.kind,
    state,
    bonusMinor: award ? Number(award.amountMinor) : null,
    claimBy: award && state === 'claim' ? award.claimBy.toISOString() : null,
    match,
  });
  const active = i.awards.find((a) => a.state === 'active');
  if (active) return out('in_process', active);
  if (p.starts_at > i.now && p.status !== 'ended') return out('coming_soon');
  if (p.status !== 'active' || spent(p)) return out('closed');
  const offered = i.awards.find((a) => a.state === 'offered' && a.claimBy.getTime() >= i.now.getTime());
  // A claim held for review is under review, like an application (docs/0097).
  if (offered) return out(offered.held ? 'applying' : 'claim', offered);
  switch (terms.kind) {
    case 'info':
    case 'cashback':
    case 'referral':
      return out('open');
    case 'manual_apply':
      return out(i.manualApply ?? 'apply');
    case 'sign_up':
      // Offered at registration only: a member without an offer registered before it ran.
      return out(i.awards.some((a) => a.activated) ? 'issued' : 'closed');
    case 'deposit_match': {
      if (terms.deposit !== 'any') {
        if (i.awards.length > 0) return out(i.awards.some((a) => a.activated) ? 'issued' : 'closed');
        // The deposit it was for has been made without it: used.
        const ordinal = terms.deposit === 'first' ? 1 : terms.deposit;
        if (i.approvedDeposits >= ordinal) return out('closed');
      }
      if (!i.joined) return out('join');
      const next = depositMatchApplies(terms, i.approvedDeposits + 1);
      return out('signed_up', undefined, next ? { percent: terms.percent, capMinor: terms.capMinor, minDepositMinor: terms.minDepositMinor } : null);
    }
  }
}

/** Every promotion not ended (drafts left out) with the member's state, in the content list's order. */
export async function memberPromotions(db: TDb, merchantId: number, memberId: number, now: Date): Promise<TMemberPromotion[]> {
  const [rows, awards, joins, deposits] = await Promise.all([
    currentPromotionRows(db as Kysely<DB>, merchantId, now),
    db
      .selectFrom('bonus_awards')
      .select(['promotion_id', 'state', 'amount_minor', 'claim_by', 'activated_at', 'held'])
      .where('member_id', '=', memberId)
      .where('promotion_id', 'is not', null)
      .orderBy('id', 'desc')
      .execute(),
    db.selectFrom('promotion_joins').select('promotion_id').where('member_id', '=', memberId).execute(),
    db
      .selectFrom('deposits')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('member_id', '=', memberId)
      .where('status', '=', 'approved')
      .executeTakeFirstOrThrow(),
  ]);
  const joined = new Set(joins.map((j) => j.promotion_id));
  const applyStates = await manualApplyStates(
    db,
    memberId,
    rows.filter((p) => p.kind === 'manual_apply').map((p) => p.id),
  );
  const list: TMemberPromotion[] = [];
  const rank = (p: TPromotionRow) => PROMOTION_CATEGORIES.indexOf(p.category);
  // The content list's order: by category (a stable sort), then the operator's.
  for (const p of rows.sort((a, b) => rank(a) - rank(b))) {
    if (p.status === 'draft') continue;
    const mine = awards
      .filter((a) => a.promotion_id === p.id)
      .map((a) => ({
        promotionId: p.id,
        state: a.state,
        amountMinor: Number(a.amount_minor),
        claimBy: new Date(a.claim_by),
        activated: a.activated_at !== null,
        held: a.held,
      }));
    const applied = applyStates.get(p.id);
    const manualApply = p.kind === 'manual_apply' && applied ? APPLY_STATE[applied.state] : null;
    list.push(promoState({ promotion: p, awards: mine, joined: joined.has(p.id), approvedDeposits: Number(deposits.n), manualApply, now }));
  }
  return list;
}

/** What the header badge counts (docs/0096): promotions the member can join or claim now. */
export async function availablePromoCount(db: TDb, memberId: number, now: Date): Promise<number> {
  const m = await db.selectFrom('members').select('merchant_id').where('id', '=', memberId).executeTakeFirstOrThrow();
  const list = await memberPromotions(db, m.merchant_id, memberId, now);
  return list.filter((p) => p.state === 'join' || p.state === 'claim').length;
}
