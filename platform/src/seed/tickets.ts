import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

type TPrize = { kind: 'cash' | 'bonus' | 'points'; amount: number; turnover_multiple?: number; odds_bp: number; stock?: number; fallback?: boolean };

const RULES: {
  kind: 'golden_egg' | 'red_envelope' | 'wheel';
  earn: 'deposit' | 'login_day' | 'turnover';
  threshold_minor: number;
  valid_hours: number;
  title_en: string;
  title_bn: string;
  prizes: TPrize[];
}[] = [
  {
    kind: 'red_envelope',
    earn: 'login_day',
    threshold_minor: 0,
    valid_hours: 24,
    title_en: 'Daily red envelope',
    title_bn: 'দৈনিক লাল খাম',
    prizes: [
      { kind: 'cash', amount: 200, odds_bp: 6_000, fallback: true },
      { kind: 'points', amount: 50, odds_bp: 3_000 },
      { kind: 'cash', amount: 1_000, odds_bp: 900, stock: 20_000 },
      { kind: 'cash', amount: 10_000, odds_bp: 100, stock: 500 },
    ],
  },
  {
    kind: 'golden_egg',
    earn: 'deposit',
    threshold_minor: 50_000,
    valid_hours: 72,
    title_en: 'Golden egg for a deposit of ৳500 or more',
    title_bn: '৳৫০০ বা তার বেশি জমায় সোনার ডিম',
    prizes: [
      { kind: 'cash', amount: 1_000, odds_bp: 3_500, fallback: true },
      { kind: 'bonus', amount: 2_000, turnover_multiple: 5, odds_bp: 5_000 },
      { kind: 'cash', amount: 10_000, odds_bp: 1_400, stock: 5_000 },
      { kind: 'cash', amount: 100_000, odds_bp: 100, stock: 100 },
    ],
  },
  {
    kind: 'wheel',
    earn: 'turnover',
    threshold_minor: 500_000,
    valid_hours: 168,
    title_en: 'Lucky wheel for every ৳5,000 played',
    title_bn: 'প্রতি ৳৫,০০০ খেলায় লাকি চাকা',
    prizes: [
      { kind: 'points', amount: 100, odds_bp: 5_000, fallback: true },
      { kind: 'cash', amount: 500, odds_bp: 4_000 },
      { kind: 'bonus', amount: 5_000, turnover_multiple: 10, odds_bp: 900 },
      { kind: 'cash', amount: 50_000, odds_bp: 100, stock: 200 },
    ],
  },
];

/**
 * The demo merchant's reward tickets (docs/0120): a red envelope a login day, a golden egg a
 * deposit of ৳500 or more, a wheel every ৳5,000 of valid turnover; odds summing to 100 %, the big
 * prizes with stock, one fallback each; priced for their first terms (docs/0126).
 */
export async function seedTickets(trx: Transaction<DB>, merchantId: number, startsAt: Date): Promise<void> {
  for (const { prizes, ...rule } of RULES) {
    const { id } = await trx
      .insertInto('ticket_rules')
      .values({ merchant_id: merchantId, ...rule, starts_at: startsAt, priced_version: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('ticket_prizes')
      .values(
        prizes.map((p, position) => ({
          rule_id: id,
          position,
          kind: p.kind,
          amount: p.amount,
          turnover_multiple: p.turnover_multiple ?? null,
          odds_bp: p.odds_bp,
          stock: p.stock ?? null,
          fallback: p.fallback ?? false,
        })),
      )
      .execute();
  }
}
