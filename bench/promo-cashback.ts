/**
 * The daily money jobs at scale (docs/0096): the rewards run (VIP review and automatic rebates,
 * docs/0091) and the cashback run over 100,000 members and 1,000,000 settled bets in the cashback
 * promotion's last closed week, seeded with set-based SQL as the seamless wallet records them
 * (docs/0099: members, wallets, ten settled rounds each of ৳1,000 to ৳5,900, fifty times that for one
 * member in a hundred, whose cashback passes the automatic limit). Times each run, then runs both
 * again to show they pay nothing twice. On PGlite in memory, or on PostgreSQL when DATABASE_URL is set (a schema of its own,
 * dropped after). `BENCH_PROMO_MEMBERS` makes a smaller trial (bets are ten a member);
 * `BENCH_PROMO_JOBS=cashback` times the cashback run alone; `BENCH_PROMO_ENGINES=postgres` skips PGlite.
 * Alone: `pnpm exec tsx bench/promo-cashback.ts`.
 */
import { sql, type Kysely } from 'kysely';
import type { TPromotionTermsOf } from '@wl/schemas';
import { migrate } from '@wl/platform/db/migrate';
import type { DB } from '@wl/platform/db/schema';
import { seed } from '@wl/platform/seed/seed';
import { lastClosedPeriod, runCashback } from '@wl/platform/promo/cashback.job';
import { runRewardsDaily } from '@wl/platform/rewards/rewards.job';
import { openBenchDatabase } from './agent-team.ts';

const MEMBERS = Number(process.env.BENCH_PROMO_MEMBERS ?? 100_000);
const BETS_PER_MEMBER = 10;

export type TPromoJobsRun = {
  engine: 'pglite' | 'postgres';
  members: number;
  bets: number;
  seedSeconds: number;
  rewardsSeconds: number;
  rebatesPaid: number;
  rewardsAgainSeconds: number;
  rewardsAgainPaid: number;
  cashbackSeconds: number;
  cashbackPaid: number;
  cashbackPending: number;
  cashbackAgainSeconds: number;
  cashbackAgainPaid: number;
};

const seconds = (from: number) => Number(((performance.now() - from) / 1000).toFixed(1));

/**
 * Members with wallets and settled rounds inside the period, as the seamless wallet records them
 * (docs/0099): per round a bet, its slot settled, and the win that settled it (every third won,
 * stake × 1.8 back), under the built-in provider. Set-based: one statement a table.
 */
async function seedPlay(db: Kysely<DB>, periodStart: Date, members: number): Promise<void> {
  const merchant = await db.selectFrom('merchants').select(['id', 'currency']).where('code', '=', 'DEMO').executeTakeFirstOrThrow();
  const game = await db
    .selectFrom('games')
    .select('game_code')
    .where('merchant_id', '=', merchant.id)
    .where('game_type', '=', 'RNG')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const provider = await db
    .selectFrom('seamless_providers')
    .select('id')
    .where('merchant_id', '=', merchant.id)
    .where('code', '=', 'WLG')
    .executeTakeFirstOrThrow();
  const m = merchant.id;
  const at = new Date(periodStart.getTime() + 86_400_000);
  await db.transaction().execute(async (trx) => {
    await sql`insert into members (merchant_id, username, nickname, password_hash, type, first_time_login)
      select ${m}, 'bench_cb_' || g, 'cb' || g, '-', 0, false from generate_series(1, ${members}) g`.execute(trx);
    await sql`insert into ledger_accounts (merchant_id, member_id, kind, currency)
      select ${m}, id, 'member_wallet', ${merchant.currency} from members where username like 'bench_cb_%'`.execute(trx);
    await sql`insert into seamless_transactions (provider_id, transaction_id, kind, member_id, round_id, game_code, amount_minor, settled_stake_minor, request_hash, created_at)
      select ${provider.id}, 'BENCH-' || s.id || '-' || n || ':' || k.kind, k.kind, s.id, 'BENCH-' || s.id || '-' || n, ${game.game_code},
        case when k.kind = 'bet' then x.stake when (s.id + n) % 3 = 0 then x.stake * 18 / 10 else 0 end,
        case when k.kind = 'win' then x.stake end,
        '-', ${at}::timestamptz + make_interval(secs => n)
      from members s
        cross join lateral (select (100000 + (s.id % 50) * 10000) * (case when s.id % 100 = 0 then 50 else 1 end) as stake) x,
        generate_series(1, ${BETS_PER_MEMBER}) n, (values ('bet'), ('win')) k(kind)
      where s.username like 'bench_cb_%'`.execute(trx);
    await sql`insert into seamless_bet_slots (provider_id, bet_transaction_id, state)
      select provider_id, transaction_id, 'settled' from seamless_transactions
      where provider_id = ${provider.id} and kind = 'bet' and transaction_id like 'BENCH-%'`.execute(trx);
  });
  await db.updateTable('rewards_settings').set({ rebate_payout: 'automatic' }).where('merchant_id', '=', m).execute();
  await sql`analyze`.execute(db);
}

export async function measurePromoJobs(databaseUrl = process.env.DATABASE_URL, members = MEMBERS): Promise<TPromoJobsRun> {
  const { database, engine, drop } = await openBenchDatabase(databaseUrl);
  const db = database.db;
  try {
    const started = performance.now();
    await migrate(db);
    await seed(db, { merchantCode: 'DEMO' });
    const promotion = await db.selectFrom('promotions').select(['starts_at', 'terms']).where('kind', '=', 'cashback').executeTakeFirstOrThrow();
    const now = new Date();
    const period = lastClosedPeriod(new Date(promotion.starts_at), (promotion.terms as TPromotionTermsOf<'cashback'>).periodDays, now)!;
    await seedPlay(db, period.start, members);
    const seedSeconds = seconds(started);
    const rewardsStarted = performance.now();
    // BENCH_PROMO_JOBS=cashback leaves the rewards run out.
    const rewards = process.env.BENCH_PROMO_JOBS === 'cashback' ? { paid: 0 } : await runRewardsDaily(db, now);
    const rewardsSeconds = seconds(rewardsStarted);
    const rewardsAgainStarted = performance.now();
    const rewardsAgain = process.env.BENCH_PROMO_JOBS === 'cashback' ? { paid: 0 } : await runRewardsDaily(db, now);
    const rewardsAgainSeconds = seconds(rewardsAgainStarted);
    const cashbackStarted = performance.now();
    const cashback = await runCashback(db, now);
    const cashbackSeconds = seconds(cashbackStarted);
    const againStarted = performance.now();
    const again = await runCashback(db, now);
    return {
      engine,
      members,
      bets: members * BETS_PER_MEMBER,
      seedSeconds,
      rewardsSeconds,
      rebatesPaid: rewards.paid,
      rewardsAgainSeconds,
      rewardsAgainPaid: rewardsAgain.paid,
      cashbackSeconds,
      cashbackPaid: cashback.paid,
      cashbackPending: cashback.pending,
      cashbackAgainSeconds: seconds(againStarted),
      cashbackAgainPaid: again.paid + again.pending,
    };
  } finally {
    await database.close();
    await drop();
  }
}

export function printPromoJobs(r: TPromoJobsRun): void {
  console.log(
    `  daily money jobs, ${r.members.toLocaleString('en')} members and ${r.bets.toLocaleString('en')} bets on ${r.engine} (seeded in ${r.seedSeconds} s):`,
  );
  console.log(
    `    rewards run (VIP review + automatic rebates): ${r.rewardsSeconds} s, ${r.rebatesPaid.toLocaleString('en')} rebates paid; again: ${r.rewardsAgainSeconds} s, ${r.rewardsAgainPaid} paid`,
  );
  console.log(
    `    cashback run: ${r.cashbackSeconds} s, ${r.cashbackPaid.toLocaleString('en')} paid, ${r.cashbackPending.toLocaleString('en')} held for finance; again: ${r.cashbackAgainSeconds} s, ${r.cashbackAgainPaid} paid`,
  );
}

// `tsx bench/promo-cashback.ts`: on PGlite and, with DATABASE_URL, on PostgreSQL too.
if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.env.BENCH_PROMO_ENGINES !== 'postgres') printPromoJobs(await measurePromoJobs(''));
  if (process.env.DATABASE_URL) printPromoJobs(await measurePromoJobs(process.env.DATABASE_URL));
}
