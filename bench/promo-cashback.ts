/**
 * The daily money jobs at scale (docs/0096): the rewards run (VIP review and automatic rebates,
 * docs/0091) and the cashback run over 100,000 members and 1,000,000 settled bets in the cashback
 * promotion's last closed week, seeded with set-based SQL (members, wallets, one closed game session
 * and seed each, ten rounds each of ৳1,000 to ৳5,900, fifty times that for one member in a hundred, whose
 * cashback passes the automatic limit). Times each run, then runs the cashback again to show it pays
 * nothing twice. On PGlite in memory, or on PostgreSQL when DATABASE_URL is set (a schema of its own,
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
  cashbackSeconds: number;
  cashbackPaid: number;
  cashbackPending: number;
  cashbackAgainSeconds: number;
  cashbackAgainPaid: number;
};

const seconds = (from: number) => Number(((performance.now() - from) / 1000).toFixed(1));

/** Members with wallets and settled rounds inside the period, every third one won (stake × 1.8 back). */
async function seedPlay(db: Kysely<DB>, periodStart: Date): Promise<void> {
  const merchant = await db.selectFrom('merchants').select(['id', 'currency']).executeTakeFirstOrThrow();
  const game = await db
    .selectFrom('games')
    .select('id')
    .where('merchant_id', '=', merchant.id)
    .where('game_type', '=', 'RNG')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const m = merchant.id;
  const at = new Date(periodStart.getTime() + 86_400_000);
  await db.transaction().execute(async (trx) => {
    await sql`insert into members (merchant_id, username, nickname, password_hash, type, first_time_login)
      select ${m}, 'bench_cb_' || g, 'cb' || g, '-', 0, false from generate_series(1, ${MEMBERS}) g`.execute(trx);
    await sql`insert into ledger_accounts (merchant_id, member_id, kind, currency)
      select ${m}, id, 'member_wallet', ${merchant.currency} from members where username like 'bench_cb_%'`.execute(trx);
    await sql`insert into game_sessions (token_hash, merchant_id, member_id, game_id, mode, last_seen_at, closed_at)
      select 'bench-' || id, ${m}, id, ${game.id}, 'real', ${at}, ${at} from members where username like 'bench_cb_%'`.execute(trx);
    await sql`insert into game_seeds (session_id, server_seed, server_seed_hash, client_seed)
      select id, repeat('a', 64), repeat('b', 64), 'bench' from game_sessions where token_hash like 'bench-%'`.execute(trx);
    await sql`insert into game_rounds (session_id, seed_id, nonce, merchant_id, member_id, game_id, mode, stake_minor, payout_minor, outcome, state, settled_at)
      select s.id, d.id, n, ${m}, s.member_id, ${game.id}, 'real', k.stake,
        case when (s.member_id + n) % 3 = 0 then k.stake * 18 / 10 else 0 end,
        '{}', 'settled', ${at}::timestamptz + make_interval(secs => n)
      from game_sessions s join game_seeds d on d.session_id = s.id
        cross join lateral (select (100000 + (s.member_id % 50) * 10000) * (case when s.member_id % 100 = 0 then 50 else 1 end) as stake) k,
        generate_series(1, ${BETS_PER_MEMBER}) n
      where s.token_hash like 'bench-%'`.execute(trx);
  });
  await db.updateTable('rewards_settings').set({ rebate_payout: 'automatic' }).where('merchant_id', '=', m).execute();
  await sql`analyze`.execute(db);
}

export async function measurePromoJobs(databaseUrl = process.env.DATABASE_URL): Promise<TPromoJobsRun> {
  const { database, engine, drop } = await openBenchDatabase(databaseUrl);
  const db = database.db;
  try {
    const started = performance.now();
    await migrate(db);
    await seed(db, { merchantCode: 'DEMO' });
    const promotion = await db.selectFrom('promotions').select(['starts_at', 'terms']).where('kind', '=', 'cashback').executeTakeFirstOrThrow();
    const now = new Date();
    const period = lastClosedPeriod(new Date(promotion.starts_at), (promotion.terms as TPromotionTermsOf<'cashback'>).periodDays, now)!;
    await seedPlay(db, period.start);
    const seedSeconds = seconds(started);
    const rewardsStarted = performance.now();
    // BENCH_PROMO_JOBS=cashback leaves the rewards run out (it reviews every member one by one).
    const rewards = process.env.BENCH_PROMO_JOBS === 'cashback' ? { paid: 0 } : await runRewardsDaily(db, now);
    const rewardsSeconds = seconds(rewardsStarted);
    const cashbackStarted = performance.now();
    const cashback = await runCashback(db, now);
    const cashbackSeconds = seconds(cashbackStarted);
    const againStarted = performance.now();
    const again = await runCashback(db, now);
    return {
      engine,
      members: MEMBERS,
      bets: MEMBERS * BETS_PER_MEMBER,
      seedSeconds,
      rewardsSeconds,
      rebatesPaid: rewards.paid,
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
  console.log(`    rewards run (VIP review + automatic rebates): ${r.rewardsSeconds} s, ${r.rebatesPaid.toLocaleString('en')} rebates paid`);
  console.log(
    `    cashback run: ${r.cashbackSeconds} s, ${r.cashbackPaid.toLocaleString('en')} paid, ${r.cashbackPending.toLocaleString('en')} held for finance; again: ${r.cashbackAgainSeconds} s, ${r.cashbackAgainPaid} paid`,
  );
}

// `tsx bench/promo-cashback.ts`: on PGlite and, with DATABASE_URL, on PostgreSQL too.
if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.env.BENCH_PROMO_ENGINES !== 'postgres') printPromoJobs(await measurePromoJobs(''));
  if (process.env.DATABASE_URL) printPromoJobs(await measurePromoJobs(process.env.DATABASE_URL));
}
