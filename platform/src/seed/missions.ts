import type { Transaction } from 'kysely';
import type { DB, TMissionTaskRow } from '../db/schema.ts';

/**
 * The demo merchant's missions and leaderboards (docs/0119), priced as finance would: a daily log-in
 * and a daily five rounds paying cash, a weekly slots turnover paying a bonus, and two leaderboards
 * (the week's valid turnover, the day's mission points) with prizes for their first ranks.
 */
export async function seedMissions(trx: Transaction<DB>, merchantId: number): Promise<void> {
  const owner = await trx.selectFrom('operators').select('id').where('merchant_id', '=', merchantId).orderBy('id').executeTakeFirstOrThrow();
  const task = (kind: TMissionTaskRow['kind'], target: number, gameType: string | null = null) => JSON.stringify([{ kind, gameType, target }]);
  const base = { merchant_id: merchantId, active: true, created_by: owner.id };
  await trx
    .insertInto('missions')
    .values([
      {
        ...base,
        sort: 1,
        cadence: 'daily',
        name_en: 'Log in today',
        name_bn: 'আজ লগ ইন করুন',
        tasks: task('login_days', 1),
        points: 10,
        reward_kind: 'cash',
        reward_minor: 1_000,
      },
      {
        ...base,
        sort: 2,
        cadence: 'daily',
        name_en: 'Play 5 rounds',
        name_bn: '৫টি রাউন্ড খেলুন',
        tasks: task('rounds', 5),
        points: 20,
        reward_kind: 'cash',
        reward_minor: 2_000,
      },
      {
        ...base,
        sort: 3,
        cadence: 'weekly',
        name_en: 'Slots turnover ৳5,000',
        name_bn: 'স্লটে ৳৫,০০০ টার্নওভার',
        tasks: task('turnover', 500_000, 'RNG'),
        points: 100,
        reward_kind: 'bonus',
        reward_minor: 20_000,
        turnover_multiple: 5,
      },
    ])
    .execute();
  const boards = await trx
    .insertInto('leaderboards')
    .values([
      { ...base, name_en: 'Weekly turnover leaders', name_bn: 'সাপ্তাহিক টার্নওভার লিডার', metric: 'turnover', period: 'weekly' },
      { ...base, name_en: 'Daily mission points', name_bn: 'দৈনিক মিশন পয়েন্ট', metric: 'points', period: 'daily' },
    ])
    .returning('id')
    .execute();
  const prizes = [
    [100_000, 50_000, 20_000],
    [10_000, 5_000],
  ];
  await trx
    .insertInto('leaderboard_prizes')
    .values(boards.flatMap((b, i) => prizes[i]!.map((amount_minor, r) => ({ leaderboard_id: b.id, rank: r + 1, amount_minor }))))
    .execute();
}
