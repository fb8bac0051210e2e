import { sql, type Kysely, type RawBuilder } from 'kysely';
import { expect } from 'vitest';
import {
  ZLeaderboardPrizesSet,
  ZLeaderboardSave,
  ZMissionRewardSet,
  ZMissionSave,
  ZRaffleSave,
  ZRewardCodeCreateRequest,
  ZTicketPrizesSave,
  ZTicketRuleSave,
} from '@wl/schemas';
import { prizeIndexOf, ticketRoll } from '@wl/schemas/games/ticket';
import type { DB } from '../db/schema.ts';
import type { TSessionOperator } from '../http/auth.ts';
import { saveLeaderboard, setLeaderboardPrizes } from '../missions/leaderboards.ts';
import { memberFigures, taskDone } from '../missions/mission-progress.ts';
import { claimMission, saveMission, setMissionReward } from '../missions/missions.service.ts';
import { createCode, redeemCode } from '../reward-codes/reward-codes.service.ts';
import { merchantOffsetMinutes } from '../kernel/local-day.ts';
import { issueSession } from '../session/issue-session.ts';
import { claimRaffle } from '../tickets/raffles.service.ts';
import { saveRaffle, saveTicketRule, setTicketPrizes } from '../tickets/tickets-operator.service.ts';
import { drawTicket, memberTickets } from '../tickets/tickets.service.ts';
import type { moneyPlayers } from './money-players.ts';
import type { TSeededRandom } from './seeded-random.ts';

/*
 * The reward centre inside the money property test (docs/0118, docs/0119, docs/0120): the operator's
 * set-up made through the console's own services, a player's log-in, one reward-centre step of a
 * player's walk (a ticket drawn, a raffle entry claimed, a code redeemed, a mission claimed, each
 * sometimes sent twice at once), and what must hold afterwards (rewardsRunChecks).
 */

type TRun = Awaited<ReturnType<typeof moneyPlayers>>;
export type TRewards = { codes: string[]; missionIds: number[]; raffleId: number; boardId: number };

const DAY_MS = 86_400_000;
const IP = 'prop';

/**
 * The operator's set-up, as the console makes it. Finance saves three ticket rules: a golden egg for
 * every credited deposit from ৳1 (a cash prize with a stock of two, a bonus, points, a cash
 * fallback), a red envelope for a login day valid 24 hours (so undrawn ones expire across a clock
 * jump), and a switched-off wheel for a raffle of ৳4 of deposits (its big prize one in stock); three
 * codes (cash capped at two uses, a bonus valid a day, cash expiring before the first clock jump);
 * and the prices of what content wrote: two daily log-in missions (cash, bonus) and a daily turnover
 * leaderboard with three prizes.
 */
export async function rewardsSetUp(run: TRun, content: TSessionOperator): Promise<TRewards> {
  const { deps, merchant, operator: finance } = run;
  const now = deps.clock().getTime();
  const at = (days: number) => new Date(now + days * DAY_MS).toISOString();
  const cash = (amount: number, oddsBp: number, stock: number | null = null) => ({
    kind: 'cash',
    amount,
    turnoverMultiple: null,
    oddsBp,
    stock,
    fallback: false,
  });
  const texts = { titleEn: 'Prop egg', titleBn: 'প্রপ ডিম' };
  // Content writes each rule, finance prices the terms it was shown (docs/0126); a raffle changes its
  // rule's terms, so its rule is priced after the raffle.
  const price = (rule: { id: number }, prizes: unknown[]) =>
    deps.db
      .selectFrom('ticket_rules')
      .select('terms_version')
      .where('id', '=', rule.id)
      .executeTakeFirstOrThrow()
      .then((r) => setTicketPrizes(deps, merchant, finance, IP, ZTicketPrizesSave.parse({ id: rule.id, termsVersion: r.terms_version, prizes })));
  const egg = await saveTicketRule(
    deps,
    merchant,
    content,
    IP,
    ZTicketRuleSave.parse({ ...texts, kind: 'golden_egg', earn: 'deposit', thresholdMinor: 100, validHours: 720, active: true }),
  );
  await price(egg, [
    cash(500, 5_000, 2),
    { kind: 'bonus', amount: 300, turnoverMultiple: 1, oddsBp: 2_000, stock: null, fallback: false },
    { kind: 'points', amount: 200, turnoverMultiple: null, oddsBp: 1_500, stock: null, fallback: false },
    { ...cash(100, 1_500), fallback: true },
  ]);
  const envelope = await saveTicketRule(
    deps,
    merchant,
    content,
    IP,
    ZTicketRuleSave.parse({
      titleEn: 'Prop envelope',
      titleBn: 'প্রপ খাম',
      kind: 'red_envelope',
      earn: 'login_day',
      thresholdMinor: 0,
      validHours: 24,
      active: true,
    }),
  );
  await price(envelope, [
    { kind: 'points', amount: 50, turnoverMultiple: null, oddsBp: 5_000, stock: null, fallback: false },
    { ...cash(50, 5_000), fallback: true },
  ]);
  const raffleRule = await saveTicketRule(
    deps,
    merchant,
    content,
    IP,
    ZTicketRuleSave.parse({ ...texts, kind: 'wheel', earn: 'deposit', thresholdMinor: 100_000_000, validHours: 720, active: false }),
  );
  const raffle = await saveRaffle(
    deps,
    merchant,
    content,
    IP,
    ZRaffleSave.parse({ ruleId: raffleRule.id, titleEn: 'Prop raffle', titleBn: 'প্রপ র‍্যাফেল', minDepositMinor: 400, startsAt: at(-1 / 24), endsAt: at(30) }),
  );
  await price(raffleRule, [cash(1_000, 5_000, 1), { kind: 'points', amount: 300, turnoverMultiple: null, oddsBp: 5_000, stock: null, fallback: true }]);
  const codes = [
    { code: 'PROPCASH', kind: 'cash', amountMinor: 300, turnoverMultiple: null, validDays: null, cap: 2, expiresAt: at(60) },
    { code: 'PROPBONUS', kind: 'bonus', amountMinor: 500, turnoverMultiple: 1, validDays: 1, cap: 1_000, expiresAt: at(60) },
    { code: 'PROPSHORT', kind: 'cash', amountMinor: 200, turnoverMultiple: null, validDays: null, cap: 1_000, expiresAt: at(2) },
  ];
  for (const c of codes) await createCode(deps, merchant, finance, IP, ZRewardCodeCreateRequest.parse(c));
  const missionIds: number[] = [];
  for (const [i, reward] of [
    { kind: 'cash', amountMinor: 400, turnoverMultiple: null },
    { kind: 'bonus', amountMinor: 300, turnoverMultiple: 1 },
  ].entries()) {
    const mission = ZMissionSave.parse({
      id: null,
      cadence: 'daily',
      nameEn: `Prop log-in ${i}`,
      nameBn: `প্রপ লগ ইন ${i}`,
      tasks: [{ kind: 'login_days', gameType: null, target: 1 }],
      points: 10 * (i + 1),
      active: true,
      sort: 10 + i,
    });
    const { id, termsVersion } = await saveMission(deps, merchant, content, IP, mission);
    await setMissionReward(deps, merchant, finance, IP, ZMissionRewardSet.parse({ id, termsVersion, ...reward }));
    missionIds.push(id);
  }
  const board = await saveLeaderboard(
    deps,
    merchant,
    content,
    IP,
    ZLeaderboardSave.parse({ id: null, nameEn: 'Prop turnover', nameBn: 'প্রপ টার্নওভার', metric: 'turnover', period: 'daily', active: true }),
  );
  await setLeaderboardPrizes(deps, merchant, finance, IP, ZLeaderboardPrizesSet.parse({ id: board.id, prizes: [1_500, 700, 300] }));
  return { codes: codes.map((c) => c.code), missionIds, raffleId: raffle.id, boardId: board.id };
}

/** A player logs in now (the session the login-day rules and missions count); the last two share a network, so their bonuses wait for review (docs/0097). */
export async function logIn(run: TRun, index: number, refused: (error: unknown) => undefined): Promise<void> {
  const p = run.players[index]!;
  const member = { id: p.id, username: p.session.username, first_time_login: false, password_expires_at: null };
  const ip = index >= run.players.length - 2 ? `10.200.0.${index}` : `10.${index + 1}.0.1`;
  await issueSession(run.deps.db, run.merchant, member, { now: run.deps.clock(), ip, kind: 'login_ok', mustChangePassword: false, rememberMe: false }).catch(
    refused,
  );
}

/** A player's reward-centre state: the tickets of its earlier pages and when they expire, its code tries so far. */
export type TRewardsWalk = { seen: Map<number, number>; codeTries: number };
export const newRewardsWalk = (): TRewardsWalk => ({ seen: new Map(), codeTries: 0 });

/**
 * One visit of a player to the reward centre: four times in ten first a ticket from an earlier
 * visit's page drawn again (expired since, a clock jump, when there is one; else drawn since); the
 * tickets listed (what it earned collected) and its oldest fresh one drawn, three times in ten the
 * next too (so some stay undrawn and expire), the first sent twice at once three times in ten. Then
 * the raffle's entry claimed, a code redeemed or a mission claimed, sent twice at once four times in
 * ten. Refusals are the services' own (counted by `refused`).
 */
export async function rewardsStep(
  run: TRun,
  rewards: TRewards,
  memberId: number,
  step: number,
  rand: TSeededRandom,
  walk: TRewardsWalk,
  refused: (error: unknown) => undefined,
): Promise<void> {
  const { seen } = walk;
  const { deps, merchant } = run;
  const sent = <T>(times: number, call: () => Promise<T>) => Promise.all(Array.from({ length: times }, () => call().catch(refused)));
  const draw = (ticketId: number, times: number) => sent(times, () => drawTicket(deps, merchant, memberId, ticketId, `prop-${memberId}-${step}`, IP, 'en'));
  const now = deps.clock().getTime();
  if (seen.size > 0 && rand.next() < 0.4) {
    const expired = [...seen].filter(([, expires]) => expires <= now).map(([id]) => id);
    const stale = expired.length > 0 ? expired : [...seen.keys()];
    await draw(stale[rand.int(0, stale.length - 1)]!, 1);
  }
  const { tickets } = await memberTickets(deps, merchant, memberId, 'en');
  const fresh = tickets.filter((t) => t.drawn === null && Date.parse(t.expiresAt) > now).reverse();
  for (const t of fresh) seen.set(t.id, Date.parse(t.expiresAt));
  for (const [k, t] of fresh.slice(0, rand.next() < 0.3 ? 2 : 1).entries()) await draw(t.id, k === 0 && rand.next() < 0.3 ? 2 : 1);
  const roll = rand.next();
  const times = rand.next() < 0.4 ? 2 : 1;
  if (roll < 0.2) await sent(times, () => claimRaffle(deps, merchant, memberId, rewards.raffleId, IP, 'en'));
  else if (roll < 0.65) {
    // Each player goes through the codes in turn from its own one, so every code meets many players.
    const code = rewards.codes[(memberId + walk.codeTries++) % rewards.codes.length]!;
    await sent(times, () => redeemCode(deps, merchant, memberId, code, IP));
  } else {
    const missionId = rewards.missionIds[rand.int(0, rewards.missionIds.length - 1)]!;
    await sent(times, () => claimMission(deps, merchant, memberId, missionId, IP));
  }
}

/** An ISO instant as the services key it (Date.toISOString), from a timestamptz column. */
const isoOf = (column: RawBuilder<unknown>) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * That each row of `rows` — a select of (ref, member_id, key, pays: 'cash' | 'bonus' | 'points',
 * amount, transaction_id, award_id, points_entry_id) — had exactly one effect of what it pays,
 * to its member, under its key, of its amount: a ledger transfer of `ledger` kind into the member's
 * main wallet, a bonus award of `bonus` source, or a points entry of `points` type; and that no such
 * transfer, award or entry exists without its row.
 */
async function effectsOnce(
  db: Kysely<DB>,
  what: string,
  rows: RawBuilder<unknown>,
  kinds: { ledger: string; bonus: string | null; points: 'ticket' | null },
): Promise<void> {
  const wrong = await sql<{ ref: string }>`
    with r as (${rows})
    select r.ref from r
    left join ledger_transactions t on t.id = r.transaction_id
    left join bonus_awards b on b.id = r.award_id
    left join points_entries p on p.id = r.points_entry_id
    where (case r.pays
      when 'cash' then r.award_id is null and r.points_entry_id is null and t.kind = ${kinds.ledger} and t.owner_kind = 'member'
        and t.owner_id = r.member_id and t.idempotency_key = r.key
        and (select sum(e.amount_minor) from ledger_entries e join ledger_accounts a on a.id = e.account_id
             where e.transaction_id = t.id and a.kind = 'member_wallet' and a.member_id = r.member_id) = r.amount
      when 'bonus' then r.transaction_id is null and r.points_entry_id is null and b.member_id = r.member_id
        and b.source = ${kinds.bonus} and b.source_key = r.key and b.amount_minor = r.amount
      when 'points' then r.transaction_id is null and r.award_id is null and p.member_id = r.member_id
        and p.type = ${kinds.points} and p.reference = r.key and p.points = r.amount
      else false end) is not true`.execute(db);
  expect({ what, wrong: wrong.rows.map((r) => r.ref) }).toEqual({ what, wrong: [] });
  const twice = await sql<{ key: string }>`with r as (${rows}) select r.key from r group by r.member_id, r.key having count(*) > 1`.execute(db);
  expect({ what, twice: twice.rows }).toEqual({ what, twice: [] });
  const stray = await sql<{ id: number }>`
    with r as (${rows})
    select t.id from ledger_transactions t where t.kind = ${kinds.ledger} and not exists (select 1 from r where r.transaction_id = t.id)
    union all
    select b.id from bonus_awards b where b.source = ${kinds.bonus} and not exists (select 1 from r where r.award_id = b.id)
    union all
    select p.id from points_entries p where p.type = ${kinds.points} and not exists (select 1 from r where r.points_entry_id = p.id)`.execute(db);
  expect({ what, stray: stray.rows }).toEqual({ what, stray: [] });
}

/** Tickets (docs/0120, docs/rules/money.md#m-40..m-45): one prize per drawn ticket, from its roll, within stock. */
async function ticketChecks(db: Kysely<DB>): Promise<void> {
  await effectsOnce(
    db,
    'tickets drawn',
    // What the ticket kept as paid (migration 0068), which the drawn prize's row had then.
    sql`select t.id::text as ref, t.member_id, 'ticket:' || t.id as key, t.prize_kind as pays, t.prize_amount as amount, t.transaction_id, t.award_id, t.points_entry_id
        from reward_tickets t where t.drawn_at is not null`,
    { ledger: 'reward_ticket', bonus: 'ticket', points: 'ticket' },
  );
  const undrawnPaid = await sql<{ id: number }>`
    select id from reward_tickets where drawn_at is null and (prize_id is not null or transaction_id is not null or award_id is not null or points_entry_id is not null)`.execute(
    db,
  );
  expect(undrawnPaid.rows).toEqual([]);
  // A prize's stock: what it gave is the tickets it paid, never more than its stock.
  const stock = await sql<{ id: number }>`
    select p.id from ticket_prizes p
    where p.given <> (select count(*) from reward_tickets t where t.prize_id = p.id) or (p.stock is not null and p.given > p.stock)`.execute(db);
  expect(stock.rows).toEqual([]);
  // A prize other than the one drawn is the rule's fallback, paid because the drawn one's stock is out.
  const swapped = await sql<{ id: number }>`
    select t.id from reward_tickets t join ticket_prizes d on d.id = t.drawn_prize_id join ticket_prizes p on p.id = t.prize_id
    where t.prize_id <> t.drawn_prize_id and (not p.fallback or p.rule_id <> t.rule_id or d.stock is null or d.given < d.stock)`.execute(db);
  expect(swapped.rows).toEqual([]);
  // The drawn prize follows from the seeds and the published odds (docs/rules/money.md#m-42).
  const drawn = await db
    .selectFrom('reward_tickets')
    .select(['id', 'rule_id', 'server_seed', 'client_seed', 'roll', 'drawn_prize_id'])
    .where('drawn_at', 'is not', null)
    .execute();
  const prizes = await db.selectFrom('ticket_prizes').select(['id', 'rule_id', 'odds_bp', 'fallback']).orderBy('rule_id').orderBy('position').execute();
  for (const t of drawn) {
    const ofRule = prizes.filter((p) => p.rule_id === t.rule_id);
    const roll = await ticketRoll(t.server_seed, t.client_seed!);
    const expected =
      ofRule[
        prizeIndexOf(
          roll,
          ofRule.map((p) => p.odds_bp),
        )
      ] ?? ofRule.find((p) => p.fallback)!;
    expect({ ticket: t.id, roll: t.roll, prize: t.drawn_prize_id }).toEqual({ ticket: t.id, roll, prize: expected.id });
  }
  // A raffle's entry only for an account whose deposits in the window reached the minimum.
  const ineligible = await sql<{ id: number }>`
    select t.id from reward_tickets t join raffles r on r.rule_id = t.rule_id and t.source_key = 'raffle:' || r.id
    where coalesce((select sum(d.amount_minor) from deposits d where d.member_id = t.member_id and d.status = 'approved'
      and d.decided_at >= r.starts_at and d.decided_at < r.ends_at), 0) < r.min_deposit_minor`.execute(db);
  expect(ineligible.rows).toEqual([]);
}

/** Codes (docs/0118, docs/rules/money.md#m-46): one award per code and member, uses never past the cap. */
async function codeChecks(db: Kysely<DB>): Promise<void> {
  await effectsOnce(
    db,
    'codes redeemed',
    sql`select u.id::text as ref, u.member_id, 'code:' || c.id as key, c.kind as pays, c.amount_minor as amount, u.transaction_id, u.award_id, null::bigint as points_entry_id
        from reward_code_uses u join reward_codes c on c.id = u.code_id`,
    { ledger: 'reward_code', bonus: 'code', points: null },
  );
  const capped = await sql<{ id: number }>`
    select c.id from reward_codes c where c.used > c.cap or c.used <> (select count(*) from reward_code_uses u where u.code_id = c.id)`.execute(db);
  expect(capped.rows).toEqual([]);
}

/** Missions (docs/0119, docs/rules/money.md#m-31): one reward per mission, member and period, each complete. */
async function missionChecks(db: Kysely<DB>): Promise<void> {
  await effectsOnce(
    db,
    'missions claimed',
    sql`select c.id::text as ref, c.member_id, 'mission:' || c.mission_id || ':' || ${isoOf(sql`c.period_start`)} as key, c.reward_kind as pays,
          c.amount_minor as amount, c.transaction_id, c.award_id, null::bigint as points_entry_id
        from mission_claims c`,
    { ledger: 'mission_reward', bonus: 'mission', points: null },
  );
  const claims = await db
    .selectFrom('mission_claims as c')
    .innerJoin('missions as m', 'm.id', 'c.mission_id')
    .select(['c.id', 'c.merchant_id', 'c.member_id', 'c.period_start', 'm.cadence', 'm.tasks'])
    .execute();
  for (const c of claims) {
    const start = new Date(c.period_start);
    const days = c.cadence === 'daily' ? 1 : c.cadence === 'weekly' ? 7 : null;
    const period = { start, end: days === null ? null : new Date(start.getTime() + days * DAY_MS) };
    const figures = await memberFigures(db, c.member_id, period, await merchantOffsetMinutes(db, c.merchant_id));
    expect({ claim: c.id, complete: c.tasks.every((t) => taskDone(t, figures) >= t.target) }).toEqual({ claim: c.id, complete: true });
  }
}

/** Leaderboards (docs/0119, docs/rules/money.md#m-33): one prize per board, period and member, ranks 1..n at the board's prices, a run row each. */
async function leaderboardChecks(db: Kysely<DB>): Promise<void> {
  await effectsOnce(
    db,
    'leaderboard prizes',
    sql`select o.leaderboard_id || '@' || o.period_start || '#' || o.rank as ref, o.member_id,
          'leaderboard:' || o.leaderboard_id || ':' || ${isoOf(sql`o.period_start`)} as key, 'cash' as pays, o.amount_minor as amount,
          o.transaction_id, null::bigint as award_id, null::bigint as points_entry_id
        from leaderboard_payouts o`,
    { ledger: 'leaderboard_prize', bonus: null, points: null },
  );
  const wrong = await sql<{ leaderboard_id: number }>`
    select o.leaderboard_id from leaderboard_payouts o
    left join leaderboard_prizes p on p.leaderboard_id = o.leaderboard_id and p.rank = o.rank
    where p.amount_minor is distinct from o.amount_minor
       or not exists (select 1 from leaderboard_runs r where r.leaderboard_id = o.leaderboard_id and r.period_start = o.period_start)
    union all
    select leaderboard_id from leaderboard_payouts group by leaderboard_id, period_start having max(rank) <> count(*) or count(distinct member_id) <> count(*)`.execute(
    db,
  );
  expect(wrong.rows).toEqual([]);
}

/**
 * What must hold of the reward centre after a random money run: every ticket drawn, code redeemed,
 * mission claimed and leaderboard place paid had exactly one effect (a ledger transfer, a bonus or
 * points) and none exists without its record; a prize's stock and a code's cap were never passed;
 * each drawn prize follows from its roll. Then that the run did it: prizes of each kind, a fallback
 * for a prize out of stock, raffle entries, both kinds of code, a code used up, claims over several
 * days, leaderboard prizes, and the races and refusals (a ticket drawn twice, a code past its cap or
 * expiry or used twice, a mission claimed twice).
 */
export async function rewardsRunChecks(db: Kysely<DB>, memberIds: number[], refusals: ReadonlyMap<string, number>): Promise<void> {
  await ticketChecks(db);
  await codeChecks(db);
  await missionChecks(db);
  await leaderboardChecks(db);
  const ids = sql.join(memberIds);
  const did = await sql<Record<string, number>>`
    select
      (select count(*)::int from reward_tickets t join ticket_prizes p on p.id = t.prize_id where p.kind = 'cash' and t.member_id in (${ids})) as cash_prizes,
      (select count(*)::int from reward_tickets t join ticket_prizes p on p.id = t.prize_id where p.kind = 'bonus' and t.member_id in (${ids})) as bonus_prizes,
      (select count(*)::int from reward_tickets t join ticket_prizes p on p.id = t.prize_id where p.kind = 'points' and t.member_id in (${ids})) as points_prizes,
      (select count(*)::int from reward_tickets where prize_id <> drawn_prize_id and member_id in (${ids})) as fallbacks,
      (select count(*)::int from reward_tickets where source_key like 'raffle:%' and member_id in (${ids})) as raffle_entries,
      (select count(*)::int from reward_code_uses where transaction_id is not null and member_id in (${ids})) as cash_codes,
      (select count(*)::int from reward_code_uses where award_id is not null and member_id in (${ids})) as bonus_codes,
      (select count(*)::int from reward_codes where used = cap) as used_up,
      (select count(distinct period_start)::int - 1 from mission_claims where member_id in (${ids})) as claim_days_after_first,
      (select count(*)::int from leaderboard_payouts where member_id in (${ids})) as leaderboard_prizes`.execute(db);
  const refusedKeys = [
    'ticket_drawn',
    'ticket_expired',
    'raffle_claimed',
    'reward_code_used_up',
    'reward_code_expired',
    'reward_code_already_used',
    'mission_already_claimed',
  ];
  const some = { ...did.rows[0]!, ...Object.fromEntries(refusedKeys.map((k) => [k, refusals.get(k) ?? 0])) };
  // Soft: a run that did not do something still has its other checks run (and fails).
  expect.soft(Object.fromEntries(Object.entries(some).map(([k, n]) => [k, n > 0]))).toEqual(Object.fromEntries(Object.keys(some).map((k) => [k, true])));
}
