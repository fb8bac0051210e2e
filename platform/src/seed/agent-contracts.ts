import { sql, type Transaction } from 'kysely';
import type { TContractTerms } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { settleDueContracts } from '../agent/contracts/contract-settlement.ts';

const DAY = 86_400_000;

/**
 * The demo tree's contracts (docs/0049): the operator's contracts of demo_agent
 * (the caps of everything below), demo_sub1's accepted real-time salary and daily wage from
 * demo_agent, and a daily wage demo_sub1 offered demo_sub3 that waits for an answer. All accepted
 * eight days ago, then settled over the seeded week of bets, so the income report and the contract
 * pages have a week of history. demo_sub2 holds none. demo_agent2, the second top agent, holds
 * an operator real-time salary of its own and has no team: the contracts journey registers a
 * downline under it and offers that one a share. Each holder is paid its share of its chain
 * (docs/0064): demo_agent is paid its rates less what it passed to demo_sub1.
 */
export const DEMO_CONTRACTS = {
  top: {
    realtime: { kind: 'realtime', profitRateBp: 30, lossRateBp: 50, minSingleBetMinor: 100 },
    daily: {
      kind: 'daily',
      tiers: [
        { minBetMinor: 0, rateBp: 20 },
        { minBetMinor: 1_000_000, rateBp: 40 },
        { minBetMinor: 5_000_000, rateBp: 60 },
      ],
    },
    hourly: {
      kind: 'hourly',
      tiers: [
        { minBetMinor: 0, rateBp: 10 },
        { minBetMinor: 200_000, rateBp: 20 },
      ],
    },
    dividend: {
      kind: 'dividend',
      period: 'M',
      tiers: [
        { minValidBetMinor: 0, minLossMinor: 0, minActive: 1, rateBp: 1_000 },
        { minValidBetMinor: 10_000_000, minLossMinor: 1_000_000, minActive: 5, rateBp: 2_000 },
      ],
    },
  },
  sub1: {
    realtime: { kind: 'realtime', profitRateBp: 20, lossRateBp: 40, minSingleBetMinor: 500 },
    daily: {
      kind: 'daily',
      tiers: [
        { minBetMinor: 0, rateBp: 10 },
        { minBetMinor: 1_000_000, rateBp: 30 },
      ],
    },
  },
  sub3Offer: { kind: 'daily', tiers: [{ minBetMinor: 0, rateBp: 5 }] },
  /** demo_agent2's operator contract: demo_agent's real-time rates (0.30 % / 0.50 %, ৳1 single bet). */
  agent2: { kind: 'realtime', profitRateBp: 30, lossRateBp: 50, minSingleBetMinor: 100 },
} as const satisfies { top: Record<string, TContractTerms>; sub1: Record<string, TContractTerms>; sub3Offer: TContractTerms; agent2: TContractTerms };

export async function seedAgentContracts(trx: Transaction<DB>, merchantId: number, now: Date): Promise<void> {
  const ids = new Map(
    (
      await trx
        .selectFrom('members')
        .select(['id', 'username'])
        .where('merchant_id', '=', merchantId)
        .where('username', 'in', ['demo_agent', 'demo_sub1', 'demo_sub3', 'demo_agent2'])
        .execute()
    ).map((r) => [r.username, r.id]),
  );
  const since = new Date(now.getTime() - 8 * DAY);
  const accepted = { state: 'accepted' as const, offered_at: since, accepted_at: since, settled_until: since };
  const row = (kind: TContractTerms['kind'], upline: string | null, holder: string, terms: TContractTerms) => ({
    merchant_id: merchantId,
    kind,
    upline_id: upline === null ? null : ids.get(upline)!,
    member_id: ids.get(holder)!,
    terms: JSON.stringify(terms),
  });
  await trx
    .insertInto('agent_contracts')
    .values([
      ...Object.values(DEMO_CONTRACTS.top).map((t) => ({ ...row(t.kind, null, 'demo_agent', t), ...accepted })),
      ...Object.values(DEMO_CONTRACTS.sub1).map((t) => ({ ...row(t.kind, 'demo_agent', 'demo_sub1', t), ...accepted })),
      { ...row('daily', 'demo_sub1', 'demo_sub3', DEMO_CONTRACTS.sub3Offer), offered_at: new Date(now.getTime() - DAY) },
      // The operator lets demo_agent2's chain be paid on its own bets (docs/0064): the contracts
      // journey's sub-agent plays itself. demo_agent's contracts keep the default (off).
      { ...row('realtime', null, 'demo_agent2', DEMO_CONTRACTS.agent2), ...accepted, pays_own_bets: true },
    ])
    .execute();
  // The week of history, settled as the jobs would have; then each payment is dated just after its period.
  await settleDueContracts(trx, { now, windowSeconds: 300 });
  await sql`update agent_contract_settlements set created_at = period_end + interval '10 seconds' where merchant_id = ${merchantId}`.execute(trx);
  await sql`update ledger_transactions t set created_at = s.created_at from agent_contract_settlements s where s.transaction_id = t.id and s.merchant_id = ${merchantId}`.execute(
    trx,
  );
  await sql`update ledger_entries e set created_at = s.created_at from agent_contract_settlements s where s.transaction_id = e.transaction_id and s.merchant_id = ${merchantId}`.execute(
    trx,
  );
}
