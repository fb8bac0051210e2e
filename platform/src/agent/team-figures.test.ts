import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTeamOverview } from '@wl/schemas';
import { freshDatabase, usePlatform } from '../test-support/db.ts';
import type { DB } from '../db/schema.ts';
import { listMigrations, migrate } from '../db/migrate.ts';
import { seed } from '../seed/seed.ts';
import type { TMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { accountFor, transfer, type TLedgerOwner } from '../wallet/ledger.service.ts';
import { requireAgent } from '../access/actor.ts';
import { bucketLabels, teamOverview } from './agent.service.ts';
import { createJobRunner, type JobRunner } from '../jobs/job-runner.ts';
import { dropJobsSchema, jobsSchemaFor } from '../jobs/testing.ts';
import { planPeriod } from './team-figures.ts';
import { defineTeamFiguresRollup, rollUpTeamFigures, TEAM_FIGURES_QUEUE } from './team-rollup.ts';
import { teamBets } from './team-reports.service.ts';
import { subtreeByUpline } from '../test-support/subtree.ts';
import { seededRandom } from '../test-support/seeded-random.ts';
import { platformEnv } from '../env.ts';

// docs/0058: the team figures from the hourly rollup plus the ledger's tail are exactly the figures
// recomputed from the ledger entries themselves, on PGlite and PostgreSQL: with nothing rolled up,
// with everything rolled up, with the watermark anywhere in between (entries written after a rollup,
// and entries back-dated into hours that are already rolled), after rollups run twice and at once,
// after a subtree moves to another agent, for periods cut at any millisecond and in offsets that are
// not whole hours. And the migration's backfill rolls up history written before it. docs/0082: the
// watermark follows the oldest running writer, so a write committing late is rolled once, after it ends.

const ctx = usePlatform();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const id: Record<string, number> = {};
let merchant: TMerchant;
let deps: TPlatformDeps;
const system: TLedgerOwner = { kind: 'system', id: 0 };

// A fixed seed, so a failure can be replayed.
const rnd = seededRandom(20261126).next;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;

type TEntry = { id: number; memberId: number; accountKind: string; kind: string; amount: number; at: number };

/** Every member-account entry of the ledger, read plainly. */
async function allEntries(db: Kysely<DB>): Promise<TEntry[]> {
  const rows = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .innerJoin('ledger_transactions as x', 'x.id', 'e.transaction_id')
    .where('a.member_id', 'is not', null)
    .select(['e.id', 'a.member_id', 'a.kind as account_kind', 'x.kind', 'e.amount_minor', 'e.created_at'])
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    memberId: r.member_id!,
    accountKind: r.account_kind,
    kind: r.kind,
    amount: Number(r.amount_minor),
    at: new Date(r.created_at).getTime(),
  }));
}

/** The members below `root` with their depth, walked from upline_id alone (not the closure table). */
async function subtree(db: Kysely<DB>, root: number): Promise<Map<number, { depth: number; createdAt: number; username: string }>> {
  const members = await db.selectFrom('members').select(['id', 'upline_id', 'created_at', 'username']).execute();
  const depth = await subtreeByUpline(db, root);
  const out = new Map<number, { depth: number; createdAt: number; username: string }>();
  for (const m of members) if (depth.has(m.id)) out.set(m.id, { depth: depth.get(m.id)!, createdAt: new Date(m.created_at).getTime(), username: m.username });
  return out;
}

const labelOf = (t: number, bucket: 'hour' | 'day', offset: number) => {
  const d = new Date(t + offset * 60_000);
  const p = (n: number) => String(n).padStart(2, '0');
  const day = `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())}`;
  return bucket === 'hour' ? `${day} ${p(d.getUTCHours())}:00` : day;
};

/** The overview recomputed from the entries: the definitions of docs/0046, one entry at a time. */
function recompute(entries: TEntry[], team: Map<number, { depth: number; createdAt: number }>, from: number, to: number, offset: number): TTeamOverview {
  const bucket = to - from <= 2 * DAY ? 'hour' : 'day';
  const zero = () => ({ newMembers: 0, depositMinor: 0, withdrawMinor: 0, validBetMinor: 0, payoutMinor: 0, profitMinor: 0 });
  const total = zero();
  const series = new Map(bucketLabels(from, to, bucket, offset).map((label) => [label, { label, ...zero() }]));
  const active = new Set<number>();
  for (const e of entries) {
    if (!team.has(e.memberId) || e.at < from || e.at >= to) continue;
    const point = series.get(labelOf(e.at, bucket, offset))!;
    const add = (field: 'depositMinor' | 'withdrawMinor' | 'validBetMinor' | 'payoutMinor', v: number) => {
      total[field] += v;
      point[field] += v;
    };
    if (e.accountKind === 'member_wallet' && e.kind === 'deposit') add('depositMinor', e.amount);
    if (e.accountKind === 'member_withdrawal_hold' && e.kind === 'withdraw_payout') add('withdrawMinor', -e.amount);
    if (e.accountKind === 'member_wallet' && (e.kind === 'bet' || e.kind === 'rollback')) add('validBetMinor', -e.amount);
    if (e.accountKind === 'member_wallet' && e.kind === 'win') add('payoutMinor', e.amount);
    if (e.kind === 'bet') active.add(e.memberId);
  }
  for (const m of team.values()) {
    if (m.createdAt < from || m.createdAt >= to) continue;
    total.newMembers++;
    series.get(labelOf(m.createdAt, bucket, offset))!.newMembers++;
  }
  const profit = <T extends ReturnType<typeof zero>>(f: T): T => ({ ...f, profitMinor: f.payoutMinor - f.validBetMinor });
  return {
    teamSize: team.size,
    directCount: [...team.values()].filter((m) => m.depth === 1).length,
    activeMembers: active.size,
    ...profit(total),
    bucket,
    series: [...series.values()].map(profit),
  };
}

const asAgent = (memberId: number, type = 1) => requireAgent({ memberId, sessionId: 0, type, username: '', mustChangePassword: false });

/** Periods around `now`: whole local days, cut at odd milliseconds, inside one hour, hour buckets. */
function periods(now: number): [number, number, number][] {
  const hour = Math.floor(now / HOUR) * HOUR;
  const out: [number, number, number][] = [
    [now - 7 * DAY, now + HOUR, 360],
    [now - 7 * DAY, now + HOUR, 330],
    [now - 5 * DAY, now, -345],
    [hour - 30 * HOUR, hour + 2 * HOUR, 360],
    [hour - 24 * HOUR - 30 * 60_000, hour + 60_000, 345],
    [hour - 2 * HOUR + 1, hour - HOUR - 1, 0],
    [hour - 3 * DAY + 17, hour - 60 * HOUR + 7_777, 0],
  ];
  for (let i = 0; i < 3; i++) {
    const a = now - 6 * DAY + Math.floor(rnd() * 6 * DAY);
    out.push([a, a + 1 + Math.floor(rnd() * 4 * DAY), pick([0, 360, 330, -600, 45])]);
  }
  return out;
}

/** Entries after the rollup's watermark (the tail), in (xact_id, id) order (docs/0082). */
async function unrolled(db: Kysely<DB>): Promise<number> {
  const r = await sql<{ n: number }>`
    select count(*)::int as n from ledger_entries e, team_figures_state s
    where (e.xact_id, e.id) > (s.rolled_xact, s.rolled_to_entry_id)`.execute(db);
  return r.rows[0]!.n;
}

/**
 * Rolls until no entry is left after the watermark. One roll does it when nothing older is running;
 * on a shared PostgreSQL server another session's older transaction (another test file's) holds the
 * horizon back until it ends (docs/0082), so this waits for that state, not for time.
 */
async function rollAll(db: Kysely<DB>): Promise<void> {
  // PGlite has one session: nothing else can hold the horizon, so one roll must leave nothing.
  if (!platformEnv.databaseUrl) {
    await rollUpTeamFigures(db);
    expect(await unrolled(db)).toBe(0);
    return;
  }
  await expect.poll(async () => (await rollUpTeamFigures(db), unrolled(db)), { timeout: 240_000, interval: 50 }).toBe(0);
}

async function expectExact(db: Kysely<DB>, agents: string[], now: number, list = periods(now)) {
  const entries = await allEntries(db);
  for (const name of agents) {
    const team = await subtree(db, id[name]!);
    for (const [from, to, offset] of list) {
      const got = await teamOverview(deps, merchant, asAgent(id[name]!), {
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        tzOffsetMinutes: offset,
      });
      expect(got, `${name} ${new Date(from).toISOString()}..${new Date(to).toISOString()} at ${offset}`).toEqual(recompute(entries, team, from, to, offset));
    }
  }
}

/** Moves `amount` and stamps the transaction with `at`, in one transaction (as the seed back-dates). */
async function move(db: Kysely<DB>, fromAccount: number, toAccount: number, amount: number, kind: string, at: number, key: string) {
  await db.transaction().execute(async (trx) => {
    const t = await transfer(trx, { from: fromAccount, to: toAccount, amountMinor: amount, owner: system, idempotencyKey: key, kind });
    await trx
      .updateTable('ledger_transactions')
      .set({ created_at: new Date(at) })
      .where('id', '=', t.transactionId)
      .execute();
    await trx
      .updateTable('ledger_entries')
      .set({ created_at: new Date(at) })
      .where('transaction_id', '=', t.transactionId)
      .execute();
  });
}

const TREE: [string, string | null, number][] = [
  ['tf_top', null, 1],
  ['tf_a1', 'tf_top', 2],
  ['tf_m1', 'tf_a1', 0],
  ['tf_m2', 'tf_a1', 0],
  ['tf_a2', 'tf_a1', 2],
  ['tf_m3', 'tf_a2', 0],
  ['tf_m4', 'tf_a2', 0],
  // Bets only in the late-commit test, from its own accounts (a held transaction locks them).
  ['tf_m7', 'tf_a2', 0],
  ['tf_m5', 'tf_top', 0],
  ['tf_other', null, 1],
  ['tf_m6', 'tf_other', 0],
];
const PLAYERS = ['tf_a1', 'tf_m1', 'tf_m2', 'tf_a2', 'tf_m3', 'tf_m4', 'tf_m5', 'tf_m6'];
const AGENTS = ['tf_top', 'tf_a1', 'tf_a2', 'tf_other', 'tf_m1', 'demo_agent'];

let events = 0;
/** `count` random ledger movements of the players over the last six days, some on hour edges. */
async function play(db: Kysely<DB>, count: number, now: number) {
  const acc = (kind: 'member_wallet' | 'member_withdrawal_hold', name: string) => accountFor(db, merchant, kind, { memberId: id[name]! });
  const clearing = await accountFor(db, merchant, 'deposit_clearing');
  const payout = await accountFor(db, merchant, 'withdrawal_payout');
  const provider = await accountFor(db, merchant, 'provider', { code: 'WLG' });
  const hourEdge = Math.floor(now / HOUR) * HOUR;
  for (let i = 0; i < count; i++) {
    const k = events++;
    const name = pick(PLAYERS);
    const wallet = await acc('member_wallet', name);
    // On an hour's first or last millisecond, on a half hour, or anywhere.
    const at = pick([
      () => hourEdge - Math.floor(rnd() * 140) * HOUR,
      () => hourEdge - Math.floor(rnd() * 140) * HOUR - 1,
      () => hourEdge - Math.floor(rnd() * 140) * HOUR - 30 * 60_000,
      () => now - Math.floor(rnd() * 6 * DAY),
      () => now - Math.floor(rnd() * 6 * DAY),
    ])();
    const amount = 100 + Math.floor(rnd() * 5_000);
    const kind = pick(['bet', 'bet', 'bet', 'win', 'rollback', 'deposit', 'withdraw', 'transfer_downline'] as const);
    if (kind === 'deposit') await move(db, clearing, wallet, amount * 10, 'deposit', at, `tf-${k}`);
    else if (kind === 'bet') await move(db, wallet, provider, amount, 'bet', at, `tf-${k}`);
    else if (kind === 'win' || kind === 'rollback') await move(db, provider, wallet, amount, kind, at, `tf-${k}`);
    else if (kind === 'withdraw') {
      const hold = await acc('member_withdrawal_hold', name);
      await move(db, wallet, hold, amount, 'withdraw_hold', at, `tf-${k}-hold`);
      await move(db, hold, payout, amount, 'withdraw_payout', at + HOUR, `tf-${k}-pay`);
    } else await move(db, wallet, await acc('member_wallet', pick(PLAYERS.filter((p) => p !== name))), amount, kind, at, `tf-${k}`);
  }
}

beforeAll(async () => {
  merchant = (await ctx.db.selectFrom('merchants').selectAll().where('code', '=', 'DEMO').executeTakeFirstOrThrow()) as TMerchant;
  deps = ctx.app.platform;
  for (const [username, upline, type] of TREE) {
    const row = await ctx.db
      .insertInto('members')
      .values({
        merchant_id: merchant.id,
        username,
        nickname: username,
        password_hash: '-',
        type,
        upline_id: upline === null ? null : id[upline]!,
        first_time_login: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    id[username] = row.id;
  }
  for (const r of await ctx.db.selectFrom('members').select(['id', 'username']).where('username', '=', 'demo_agent').execute()) id[r.username] = r.id;
  const clearing = await accountFor(ctx.db, merchant, 'deposit_clearing');
  for (const name of PLAYERS)
    await move(
      ctx.db,
      clearing,
      await accountFor(ctx.db, merchant, 'member_wallet', { memberId: id[name]! }),
      10_000_000,
      'deposit',
      Date.now() - 6 * DAY - HOUR,
      `tf-open-${name}`,
    );
});

describe('team figures from the rollup and the tail', () => {
  it('splits a period into rolled whole hours, whole 5-minute slots and ledger reads, bucket edges included', () => {
    const h = Date.UTC(2026, 0, 10, 0, 0, 0);
    const M5 = 5 * 60_000;
    expect(planPeriod(h + 1, h + 3 * HOUR - 1, null, 0)).toEqual({
      fullFrom: h + HOUR,
      fullTo: h + 2 * HOUR,
      raw: [
        [h + 1, h + M5],
        [h + 3 * HOUR - M5, h + 3 * HOUR - 1],
      ],
      slots: [
        [h + M5, h + HOUR],
        [h + 2 * HOUR, h + 3 * HOUR - M5],
      ],
      skip: [],
    });
    expect(planPeriod(h + 1, h + HOUR - 1, 'hour', 0).raw).toEqual([
      [h + 1, h + M5],
      [h + HOUR - M5, h + HOUR - 1],
    ]);
    // Less than a slot: all of it from the ledger.
    expect(planPeriod(h + 1, h + M5 - 1, 'hour', 0)).toMatchObject({ raw: [[h + 1, h + M5 - 1]], slots: [] });
    // +05:30: every UTC hour holds two local hours, so all of it is read from the slots.
    const half = planPeriod(h, h + 2 * HOUR, 'hour', 330);
    expect(half).toMatchObject({ raw: [], slots: [[h, h + 2 * HOUR]], skip: [h, h + HOUR] });
    // +05:30 by day: only the hour holding local midnight (18:30 UTC) is read, from its slots.
    const day = planPeriod(h, h + 2 * DAY, 'day', 330);
    expect(day.skip).toEqual([h + 18 * HOUR, h + DAY + 18 * HOUR]);
    expect(day.slots).toEqual(day.skip.map((s) => [s, s + HOUR]));
    // +00:07 by hour: the slot holding the local hour's change (:53 UTC) is read from the ledger.
    expect(planPeriod(h, h + HOUR, 'hour', 7)).toMatchObject({
      raw: [[h + 50 * 60_000, h + 55 * 60_000]],
      slots: [
        [h, h + 50 * 60_000],
        [h + 55 * 60_000, h + HOUR],
      ],
    });
  });

  it('answers exactly with nothing rolled, with everything rolled and with the watermark anywhere between', async () => {
    const db = ctx.db;
    const now = Date.now();
    // Nothing rolled since the seed wrote its week: all of it is the tail.
    await play(db, 40, now);
    await expectExact(db, AGENTS, now);
    await rollAll(db);
    await expectExact(db, AGENTS, now);
    // Entries after the rollup land in hours already rolled: the tail adds them.
    for (let round = 0; round < 4; round++) {
      await play(db, 15 + Math.floor(rnd() * 20), now);
      const choice = round % 4;
      if (choice === 0) await rollUpTeamFigures(db, { batch: 1 + Math.floor(rnd() * 7) });
      if (choice === 1) {
        await rollUpTeamFigures(db);
        await rollUpTeamFigures(db);
      }
      if (choice === 2) await Promise.all([rollUpTeamFigures(db, { batch: 3 }), rollUpTeamFigures(db, { batch: 5 })]);
      await expectExact(db, AGENTS, now);
    }
  });

  it('stays exact while entries are written during concurrent rollups', async () => {
    const db = ctx.db;
    const now = Date.now();
    await Promise.all([play(db, 30, now), rollUpTeamFigures(db, { batch: 2 }), rollUpTeamFigures(db, { batch: 3 }), play(db, 30, now)]);
    await expectExact(db, AGENTS, now);
    await Promise.all([rollUpTeamFigures(db), rollUpTeamFigures(db)]);
    await expectExact(db, AGENTS, now);
  });

  it('rolls only the entries of writers older than the oldest one still running, in (xid, id) order', async () => {
    const db = ctx.db;
    const now = Date.now();
    await rollUpTeamFigures(db);
    await play(db, 12, now);
    // The writers of the last entries are taken as still running (one connection cannot hold one open):
    // their entries and every later one stay in the tail, and nothing before them does.
    const xacts = (await sql<{ x: number }>`select distinct xact_id::float8 as x from ledger_entries order by 1 desc limit 3`.execute(db)).rows.map((r) => r.x);
    const horizon = xacts[xacts.length - 1]!;
    await rollUpTeamFigures(db, { horizon, batch: 4 });
    const rows = await sql<{ n: number }>`select count(*)::int as n from ledger_entries where xact_id >= ${horizon}`.execute(db);
    expect(await unrolled(db)).toBe(rows.rows[0]!.n);
    await expectExact(db, AGENTS, now);
    await rollAll(db);
    await expectExact(db, AGENTS, now);
  });

  // Two connections: PostgreSQL only (PGlite has one, so no write can be in flight while a rollup runs).
  it.skipIf(!platformEnv.databaseUrl)(
    'counts a ledger write that commits while the rollup runs exactly once, and the rollup never waits for it',
    async () => {
      const db = ctx.db;
      const now = Date.now();
      await rollUpTeamFigures(db);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let wrote!: () => void;
      const inFlight = new Promise<void>((resolve) => (wrote = resolve));
      const wallet = await accountFor(db, merchant, 'member_wallet', { memberId: id.tf_m7! });
      const hold = await accountFor(db, merchant, 'member_withdrawal_hold', { memberId: id.tf_m7! });
      await move(db, await accountFor(db, merchant, 'deposit_clearing'), wallet, 100_000, 'deposit', now - HOUR, `tf-late-${events++}`);
      // The writer takes its entry ids first and commits last, after later writers and after a rollup.
      let writerXact = 0;
      const writer = db.transaction().execute(async (trx) => {
        await transfer(trx, { from: wallet, to: hold, amountMinor: 4_321, owner: system, idempotencyKey: `tf-late-${events++}`, kind: 'bet' });
        writerXact = Number((await sql<{ x: string }>`select pg_current_xact_id()::text as x`.execute(trx)).rows[0]!.x);
        wrote();
        await held;
      });
      await inFlight;
      await play(db, 10, now);
      // Later writers have committed above it; the rollup returns without waiting and stops below it.
      const run = await rollUpTeamFigures(db, { batch: 3 });
      expect(run.to.xact).toBeLessThan(writerXact);
      await expectExact(db, AGENTS, now);
      release();
      await writer;
      await expectExact(db, AGENTS, now);
      // On PGlite the two runners alone must have rolled everything.
      if (!platformEnv.databaseUrl) expect(await unrolled(db)).toBe(0);
      await rollAll(db);
      await expectExact(db, AGENTS, now);
    },
    240_000,
  );

  it('follows a subtree that moves to another agent, rolled history included', async () => {
    const db = ctx.db;
    const now = Date.now();
    await rollUpTeamFigures(db);
    await db.updateTable('members').set({ upline_id: id.tf_other! }).where('id', '=', id.tf_a2!).execute();
    await expectExact(db, AGENTS, now);
    await play(db, 20, now);
    await expectExact(db, AGENTS, now);
    await db.updateTable('members').set({ upline_id: id.tf_a1! }).where('id', '=', id.tf_a2!).execute();
    await rollUpTeamFigures(db);
    await expectExact(db, AGENTS, now);
  });

  it('reads the 5-minute slots of the edges exactly, across a move and as the rollup moves a kept active count', async () => {
    // docs/0087: a period starting and ending inside hours reads whole hours, then whole slots, then
    // the ledger for what is left of each edge (a few minutes).
    const db = ctx.db;
    const now = Date.now();
    const a = Math.floor(now / HOUR) * HOUR - 100 * HOUR;
    const MIN = 60_000;
    const list: [number, number, number][] = [
      [a + 12 * MIN + 345, a + 3 * HOUR + 40 * MIN + 7, 360],
      [a + 12 * MIN + 345, a + 3 * HOUR + 40 * MIN + 7, 330],
    ];
    const provider = await accountFor(db, merchant, 'provider', { code: 'WLG' });
    const wallet = (name: string) => accountFor(db, merchant, 'member_wallet', { memberId: id[name]! });
    await move(db, await wallet('tf_m3'), provider, 700, 'bet', a + 17 * MIN, 'tf-slot-1');
    await move(db, provider, await wallet('tf_m4'), 900, 'win', a + 3 * HOUR + 22 * MIN, 'tf-slot-2');
    await move(db, await wallet('tf_m1'), provider, 500, 'bet', a + 13 * MIN, 'tf-slot-3');
    await rollAll(db);
    // The first read keeps the active count of the period's whole slots for the rollup to move.
    await expectExact(db, AGENTS, now, list);
    // A bettor new to the period, in a slot before its first whole hour: the rollup adds it to the kept count.
    await move(db, await accountFor(db, merchant, 'deposit_clearing'), await wallet('tf_m7'), 300, 'deposit', a + 19 * MIN, 'tf-slot-4');
    await move(db, await wallet('tf_m7'), provider, 300, 'bet', a + 20 * MIN, 'tf-slot-5');
    await rollAll(db);
    await expectExact(db, AGENTS, now, list);
    // A subtree with rolled slots moves away and back.
    await db.updateTable('members').set({ upline_id: id.tf_other! }).where('id', '=', id.tf_a2!).execute();
    await expectExact(db, AGENTS, now, list);
    await db.updateTable('members').set({ upline_id: id.tf_a1! }).where('id', '=', id.tf_a2!).execute();
    await expectExact(db, AGENTS, now, list);
  }, 240_000);

  it('counts a member active in two months of one period once', async () => {
    // A member's bet hours are bits per month (team_member_months): a period across the turn of a
    // month reads two rows of the same member, which must count as one active member. Seen on a run at
    // 00:34 UTC on 1 December, whose 7-day periods counted a team of 8 as 9 active.
    const db = ctx.db;
    const now = Date.now();
    const turn = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth() - 2, 1);
    const provider = await accountFor(db, merchant, 'provider', { code: 'WLG' });
    const wallet = await accountFor(db, merchant, 'member_wallet', { memberId: id.tf_m5! });
    await move(db, wallet, provider, 400, 'bet', turn - 2 * HOUR - 7 * 60_000, 'tf-month-1');
    await move(db, wallet, provider, 600, 'bet', turn + 3 * HOUR + 11 * 60_000, 'tf-month-2');
    await rollAll(db);
    const list: [number, number, number][] = [
      [turn - 5 * HOUR, turn + 5 * HOUR, 0],
      [turn - 3 * DAY - 17, turn + 2 * DAY + 9_999, 360],
    ];
    await expectExact(db, AGENTS, now, list);
    const got = await teamOverview(deps, merchant, asAgent(id.tf_top!), {
      from: new Date(turn - 5 * HOUR).toISOString(),
      to: new Date(turn + 5 * HOUR).toISOString(),
      tzOffsetMinutes: 0,
    });
    expect(got.activeMembers).toBe(1);
  });

  it('gives the team betting totals of the rollup and the tail, by level and by downline', async () => {
    const db = ctx.db;
    const now = Date.now();
    await play(db, 20, now);
    const entries = await allEntries(db);
    const team = await subtree(db, id.tf_top!);
    for (const [from, to] of periods(now).slice(0, 6)) {
      for (const filter of [
        { level: 0, username: '' },
        { level: 2, username: '' },
        { level: 0, username: 'TF_M3' },
        { level: 0, username: 'tf_m6' },
      ]) {
        const q = { from: new Date(from).toISOString(), to: new Date(to).toISOString(), pageNo: 1, pageSize: 5, ...filter };
        const got = await teamBets(deps, merchant, asAgent(id.tf_top!), q);
        const mine = entries.filter((e) => {
          const m = team.get(e.memberId);
          return (
            m &&
            e.accountKind === 'member_wallet' &&
            e.at >= from &&
            e.at < to &&
            (filter.level === 0 || m.depth === filter.level) &&
            (!filter.username || m.username === filter.username.toLowerCase())
          );
        });
        const sum = (kinds: string[], sign: number) => mine.filter((e) => kinds.includes(e.kind)).reduce((s, e) => s + sign * e.amount, 0);
        const validBet = sum(['bet', 'rollback'], -1);
        const payout = sum(['win'], 1);
        expect({
          total: got.total,
          betMinor: got.betMinor,
          validBetMinor: got.validBetMinor,
          payoutMinor: got.payoutMinor,
          profitMinor: got.profitMinor,
        }).toEqual({
          total: mine.filter((e) => e.kind === 'bet').length,
          betMinor: sum(['bet'], -1),
          validBetMinor: validBet,
          payoutMinor: payout,
          profitMinor: payout - validBet,
        });
      }
      if (rnd() < 0.5) await rollUpTeamFigures(db);
    }
  });
});

describe('the rollup job', () => {
  it('runs from two runners at once, rolls every entry once and leaves the figures exact', async () => {
    const db = ctx.db;
    const now = Date.now();
    const schema = await jobsSchemaFor(db);
    const runners: JobRunner[] = [];
    try {
      for (let i = 0; i < 2; i++) {
        const runner = createJobRunner({ db, schema, pollingIntervalSeconds: 0.5 });
        await defineTeamFiguresRollup(runner);
        await runner.start();
        runners.push(runner);
      }
      await play(db, 25, now);
      const jobs = await Promise.all(runners.map((r, i) => r.send(TEAM_FIGURES_QUEUE, {}, { singletonKey: `test-${i}` })));
      expect(jobs.every((j) => j !== null)).toBe(true);
      const states = async () =>
        (
          await sql<{
            state: string;
          }>`select state from ${sql.id(schema, 'job')} where id in (${sql.join(jobs.map((j) => sql`${j}::uuid`))}) order by state`.execute(db)
        ).rows.map((r) => r.state);
      await expect.poll(states, { timeout: 240_000, interval: 100 }).toEqual(['completed', 'completed']);
      // Exact after both: no entry rolled twice. Another session's older transaction may have held the
      // horizon below some of these entries (see rollAll): they are in the tail, still exact.
      await expectExact(db, AGENTS, now);
      // On PGlite the two runners alone must have rolled everything.
      if (!platformEnv.databaseUrl) expect(await unrolled(db)).toBe(0);
      await rollAll(db);
      await expectExact(db, AGENTS, now);
    } finally {
      for (const r of runners) await r.stop();
      await dropJobsSchema(db, schema);
    }
  });
});

describe('the migration backfill', () => {
  const LATER = ['0024_team_figures', '0034_team_figures_snapshot', '0035_team_figures_slots'];
  const extra = {} as { db: Kysely<DB>; close: () => Promise<void>; dir: string };
  beforeAll(async () => {
    // A database with every migration but 0024 (and 0034 and 0035, which build on it) and the seed's week of
    // history, then migrated to both.
    // (Later migrations add columns today's seed writes, so the history is seeded on all of them; none
    // of them touches the team figures.)
    const database = await freshDatabase();
    extra.db = database.db;
    extra.close = database.close;
    extra.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wl-migrations-'));
    for (const m of listMigrations()) if (!LATER.includes(m.version)) fs.copyFileSync(m.file, path.join(extra.dir, path.basename(m.file)));
    await migrate(extra.db, extra.dir);
    await seed(extra.db, { merchantCode: 'DEMO' });
  });
  afterAll(async () => {
    await extra.close?.();
    if (extra.dir) fs.rmSync(extra.dir, { recursive: true, force: true });
  });

  it('rolls up the history written before it, up to the last entry', async () => {
    expect(await migrate(extra.db)).toContain('0024_team_figures');
    const db = extra.db;
    expect(await unrolled(db)).toBe(0);
    expect(Number((await sql<{ n: number }>`select count(*)::int as n from team_member_hours`.execute(db)).rows[0]!.n)).toBeGreaterThan(0);
    const agent = await db.selectFrom('members').select('id').where('username', '=', 'demo_agent').executeTakeFirstOrThrow();
    const m = (await db.selectFrom('merchants').selectAll().where('code', '=', 'DEMO').executeTakeFirstOrThrow()) as TMerchant;
    const entries = await allEntries(db);
    const team = await subtree(db, agent.id);
    const now = Date.now();
    for (const [from, to, offset] of periods(now)) {
      const got = await teamOverview({ ...deps, db }, m, asAgent(agent.id), {
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        tzOffsetMinutes: offset,
      });
      expect(got).toEqual(recompute(entries, team, from, to, offset));
    }
  });
});
