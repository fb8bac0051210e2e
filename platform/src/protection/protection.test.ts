import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROTECTION_CALLS, PROTECTION_PATHS, type TProtectionLimitKind } from '@wl/schemas';
import type { TMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { usePlatform } from '../test-support/db.ts';
import { expectRealAccountOnly, loginToken, tokenCall } from '../test-support/http.ts';
import { freshDownline } from '../test-support/protection.ts';
import { setOperatorLimit } from './compliance.service.ts';
import { effectiveLimits } from './effective-limits.ts';
import { answerPrompt, cancelPending, confirmPending, protectionStatus, setLimit } from './limits.service.ts';
import { effectiveLimitsAt, limitsAt, liveLimits } from './protection-log.ts';

// docs/0102: the limits a member sets on itself, on both databases (PGlite; PostgreSQL with
// DATABASE_URL). The rules run through the service with explicit instants (a raise waits a day,
// and the sessions of the HTTP calls would not survive a clock moved by one).

const ctx = usePlatform();
const call = tokenCall(ctx);
let merchantId = 0;
const HOUR = 60 * 60 * 1000;
const T0 = new Date('2026-03-01T10:00:00.000Z');
const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);

beforeAll(async () => {
  merchantId = (await ctx.db.selectFrom('merchants').select('id').where('code', '=', 'DEMO').executeTakeFirstOrThrow()).id;
});

async function member(name: string) {
  const m = await freshDownline(ctx, name);
  const who = (hours: number) => ({ merchantId, memberId: m.id, now: at(hours) });
  const value = async (kind: 'deposit_24h' | 'deposit_7d' | 'loss_7d' | 'session_minutes', hours = 0) =>
    (await protectionStatus(ctx.db, merchantId, m.id, at(hours))).limits.find((l) => l.kind === kind)!;
  return { ...m, who, value };
}

describe('the member calls', () => {
  it('refuse no session (401) and a trial account (in_need_true_account) on every call', async () => {
    const trial = await loginToken(ctx.app, 'demo_trial', 'Trial1234');
    // The member calls; the operator's lengthen (docs/0105) is probed by operator-access.test.ts.
    const calls = Object.values(PROTECTION_CALLS)
      .filter((c) => c.audience.kind !== 'operator')
      .map((c) => [c.method as 'GET' | 'POST', c.path] as const);
    await expectRealAccountOnly(ctx, trial, calls, { kind: 'deposit_24h', value: 100_000, choice: 'skip' });
    expect(await ctx.db.selectFrom('protection_log').select('id').execute()).toEqual([]);
  });

  it('set a first limit at once, answer the status and the history; refuse a bad kind or value changing nothing', async () => {
    const m = await freshDownline(ctx, 'prot_http');
    const set = (await call('POST', PROTECTION_PATHS.set, m.token, { kind: 'deposit_24h', value: 500_000 })).json();
    expect(set.value.limits.find((l: { kind: string }) => l.kind === 'deposit_24h')).toEqual({ kind: 'deposit_24h', value: 500_000, pending: null });
    expect(set.value).toMatchObject({ deposit: { roomMinor: 500_000, binding: 'deposit_24h', limitMinor: 500_000, backAt: null }, raiseDelayHours: 24 });
    for (const bad of [{ kind: 'deposit_1h', value: 1 }, { kind: 'deposit_24h', value: 0 }, { kind: 'deposit_24h', value: 1.5 }, { kind: 'deposit_24h' }]) {
      expect((await call('POST', PROTECTION_PATHS.set, m.token, bad)).statusCode).toBe(400);
    }
    const tooLong = (await call('POST', PROTECTION_PATHS.set, m.token, { kind: 'session_minutes', value: 24 * 60 + 1 })).json();
    expect(tooLong.value).toEqual({ field: 'value', issue: 'protection_session_too_long' });
    const history = (await call('GET', PROTECTION_PATHS.history, m.token)).json().value.events;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ channel: 'member', kind: 'limit_set', limitKind: 'deposit_24h', before: { value: null, pending: null } });
  });
});

describe('limits: lower at once, raise after the delay and a second confirmation', () => {
  it('applies a first and a lower limit at once; a raise waits 24 hours and the member confirming after them', async () => {
    const m = await member('prot_raise');
    await setLimit(ctx.db, m.who(0), { kind: 'deposit_24h', value: 500_000 });
    await setLimit(ctx.db, m.who(1), { kind: 'deposit_24h', value: 300_000 });
    expect(await m.value('deposit_24h', 1)).toEqual({ kind: 'deposit_24h', value: 300_000, pending: null });
    await setLimit(ctx.db, m.who(2), { kind: 'deposit_24h', value: 900_000 });
    expect(await m.value('deposit_24h', 2)).toEqual({
      kind: 'deposit_24h',
      value: 300_000,
      pending: { value: 900_000, effectiveAt: at(26).toISOString(), confirmable: false },
    });
    await expect(confirmPending(ctx.db, m.who(25.9), 'deposit_24h')).rejects.toMatchObject({ messageKey: 'protection_pending_not_due' });
    // Past the delay the raise is still not in force: only the member's confirmation makes it so.
    expect(await m.value('deposit_24h', 40)).toMatchObject({ value: 300_000, pending: { confirmable: true } });
    await confirmPending(ctx.db, m.who(40), 'deposit_24h');
    expect(await m.value('deposit_24h', 40)).toEqual({ kind: 'deposit_24h', value: 900_000, pending: null });
    await expect(confirmPending(ctx.db, m.who(41), 'deposit_24h')).rejects.toMatchObject({ messageKey: 'protection_no_pending' });
  });

  it('lets the member cancel a raise or a removal; a lower limit drops a pending raise; a new raise restarts the delay', async () => {
    const m = await member('prot_cancel');
    await setLimit(ctx.db, m.who(0), { kind: 'loss_7d', value: 100_000 });
    await setLimit(ctx.db, m.who(1), { kind: 'loss_7d', value: null });
    expect(await m.value('loss_7d', 1)).toMatchObject({ value: 100_000, pending: { value: null } });
    await cancelPending(ctx.db, m.who(2), 'loss_7d');
    expect(await m.value('loss_7d', 2)).toEqual({ kind: 'loss_7d', value: 100_000, pending: null });
    await expect(cancelPending(ctx.db, m.who(3), 'loss_7d')).rejects.toMatchObject({ messageKey: 'protection_no_pending' });
    await setLimit(ctx.db, m.who(4), { kind: 'loss_7d', value: 200_000 });
    await setLimit(ctx.db, m.who(10), { kind: 'loss_7d', value: 300_000 });
    expect((await m.value('loss_7d', 10)).pending).toMatchObject({ value: 300_000, effectiveAt: at(34).toISOString() });
    await setLimit(ctx.db, m.who(11), { kind: 'loss_7d', value: 50_000 });
    expect(await m.value('loss_7d', 11)).toEqual({ kind: 'loss_7d', value: 50_000, pending: null });
    // A removal confirmed after the delay leaves no limit; removing what is not set is refused.
    await setLimit(ctx.db, m.who(12), { kind: 'loss_7d', value: null });
    await confirmPending(ctx.db, m.who(36), 'loss_7d');
    expect(await m.value('loss_7d', 36)).toEqual({ kind: 'loss_7d', value: null, pending: null });
    await expect(setLimit(ctx.db, m.who(37), { kind: 'loss_7d', value: null })).rejects.toMatchObject({ messageKey: 'protection_unchanged' });
  });

  it('waits the merchant delay when longer, never less than 24 hours', async () => {
    const m = await member('prot_delay');
    await expect(sql`insert into protection_settings (merchant_id, raise_delay_minutes) values (${merchantId}, 60)`.execute(ctx.db)).rejects.toThrow();
    await sql`insert into protection_settings (merchant_id, raise_delay_minutes) values (${merchantId}, 2880)`.execute(ctx.db);
    await setLimit(ctx.db, m.who(0), { kind: 'session_minutes', value: 60 });
    await setLimit(ctx.db, m.who(0), { kind: 'session_minutes', value: 120 });
    expect((await m.value('session_minutes')).pending).toMatchObject({ value: 120, effectiveAt: at(48).toISOString() });
    await sql`delete from protection_settings`.execute(ctx.db);
  });

  it('makes the lowest of overlapping deposit limits the room: a 24-hour limit above the 7-day one is the 7-day room', async () => {
    const m = await member('prot_overlap');
    await setLimit(ctx.db, m.who(0), { kind: 'deposit_7d', value: 200_000 });
    await setLimit(ctx.db, m.who(0), { kind: 'deposit_24h', value: 300_000 });
    expect((await protectionStatus(ctx.db, merchantId, m.id, at(0))).deposit).toEqual({
      roomMinor: 200_000,
      binding: 'deposit_7d',
      limitMinor: 200_000,
      backAt: null,
    });
  });
});

describe('the first-deposit prompt and the protection log', () => {
  it('asks before the first deposit until answered, and records the answer once', async () => {
    const m = await member('prot_prompt');
    expect((await protectionStatus(ctx.db, merchantId, m.id, at(0))).promptDue).toBe(true);
    await answerPrompt(ctx.db, m.who(0), 'skip');
    await answerPrompt(ctx.db, m.who(1), 'set');
    expect((await protectionStatus(ctx.db, merchantId, m.id, at(1))).promptDue).toBe(false);
    const rows = await ctx.db.selectFrom('protection_log').select(['kind', 'after']).where('member_id', '=', m.id).execute();
    expect(rows).toEqual([{ kind: 'prompt_answered', after: { choice: 'skip' } }]);
  });

  it('rebuilds every limit at any past instant from the log alone, equal to the live tables now', async () => {
    const m = await member('prot_rebuild');
    const steps: [number, () => Promise<unknown>][] = [
      [0, () => setLimit(ctx.db, m.who(0), { kind: 'deposit_24h', value: 400_000 })],
      [1, () => setLimit(ctx.db, m.who(1), { kind: 'stake_30d', value: 9_000_000 })],
      [2, () => setLimit(ctx.db, m.who(2), { kind: 'deposit_24h', value: 800_000 })],
      [3, () => setLimit(ctx.db, m.who(3), { kind: 'stake_30d', value: 1_000_000 })],
      [30, () => confirmPending(ctx.db, m.who(30), 'deposit_24h')],
      [31, () => setLimit(ctx.db, m.who(31), { kind: 'stake_30d', value: null })],
      [32, () => cancelPending(ctx.db, m.who(32), 'stake_30d')],
    ];
    const snapshots: [Date, unknown][] = [];
    for (const [hours, step] of steps) {
      await step();
      snapshots.push([at(hours), await liveLimits(ctx.db, m.id)]);
    }
    for (const [when, live] of snapshots) expect(await limitsAt(ctx.db, m.id, when), when.toISOString()).toEqual(live);
    expect(await limitsAt(ctx.db, m.id, at(-1))).toEqual(await limitsAt(ctx.db, m.id, new Date(0)));
    expect((await limitsAt(ctx.db, m.id, at(2.5))).deposit_24h).toEqual({ value: 400_000, pending: { value: 800_000, effectiveAt: at(26).toISOString() } });
  });

  it('refuses to change or delete the log, on either database', async () => {
    const m = await member('prot_append');
    await setLimit(ctx.db, m.who(0), { kind: 'deposit_30d', value: 1_000_000 });
    await expect(sql`update protection_log set after = null where member_id = ${m.id}`.execute(ctx.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from protection_log where member_id = ${m.id}`.execute(ctx.db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate protection_log`.execute(ctx.db)).rejects.toThrow(/append-only/);
    expect(await ctx.db.selectFrom('protection_log').select('kind').where('member_id', '=', m.id).execute()).toEqual([{ kind: 'limit_set' }]);
  });
});

describe('effective limits at any instant (docs/0108)', () => {
  it('rebuilds own, member-scope and merchant-wide limits from the log alone, equal to the live limits after every step and afterwards', async () => {
    // The operator's calls read the injected clock (deps.clock); the member's take the instant.
    let nowMs = 0;
    const deps = { db: ctx.db, clock: () => new Date(nowMs) } as unknown as TPlatformDeps;
    const merchant = (await ctx.db.selectFrom('merchants').selectAll().where('id', '=', merchantId).executeTakeFirstOrThrow()) as unknown as TMerchant;
    const finance = await ctx.db.selectFrom('operators').select(['id', 'username']).where('username', '=', 'demo_finance').executeTakeFirstOrThrow();
    const m = await member('prot_effective');
    const other = await member('prot_effective2');
    const operator = (memberId: number | null, kind: TProtectionLimitKind, value: number | null) =>
      setOperatorLimit(deps, merchant, { operatorId: finance.id, username: finance.username }, '127.0.0.1', { memberId, kind, value, reason: 'Affordability' });
    const steps: [number, () => Promise<unknown>][] = [
      [0, () => setLimit(ctx.db, m.who(0), { kind: 'deposit_24h', value: 500_000 })],
      [1, () => setLimit(ctx.db, m.who(1), { kind: 'deposit_24h', value: 300_000 })],
      // A raise waits: 300,000 stays in force until the member confirms it.
      [2, () => setLimit(ctx.db, m.who(2), { kind: 'deposit_24h', value: 900_000 })],
      [3, () => operator(m.id, 'deposit_24h', 400_000)],
      [4, () => operator(m.id, 'stake_7d', 2_000_000)],
      [5, () => operator(null, 'deposit_24h', 250_000)],
      [6, () => operator(null, 'session_minutes', 120)],
      [27, () => confirmPending(ctx.db, m.who(27), 'deposit_24h')],
      [28, () => operator(null, 'deposit_24h', null)],
      [29, () => operator(m.id, 'deposit_24h', null)],
      [30, () => setLimit(ctx.db, m.who(30), { kind: 'session_minutes', value: 60 })],
      // Another member's operator limit is not this member's.
      [31, () => operator(other.id, 'deposit_24h', 1_000)],
      [32, () => operator(null, 'session_minutes', 30)],
      [33, () => operator(m.id, 'stake_7d', 3_000_000)],
    ];
    const snapshots: [number, unknown][] = [];
    for (const [hours, step] of steps) {
      nowMs = at(hours).getTime();
      await step();
      const live = (await effectiveLimits(ctx.db, merchantId, m.id)).limits;
      expect(await effectiveLimitsAt(ctx.db, merchantId, m.id, at(hours)), `after hour ${hours}`).toEqual(live);
      snapshots.push([hours, live]);
    }
    // Afterwards every past instant, and the half hour after it, still rebuilds as it stood then.
    for (const [hours, live] of snapshots) {
      expect(await effectiveLimitsAt(ctx.db, merchantId, m.id, at(hours)), `at hour ${hours}`).toEqual(live);
      expect(await effectiveLimitsAt(ctx.db, merchantId, m.id, at(hours + 0.5)), `at hour ${hours}.5`).toEqual(live);
    }
    expect(await effectiveLimitsAt(ctx.db, merchantId, m.id, at(-1))).toEqual({});
    // The merchant's 250,000 binds under the operator's 400,000 and the member's 300,000; after the
    // removals the member's confirmed 900,000; of the session limits the lowest, whoever set it.
    expect(snapshots.find(([h]) => h === 5)![1]).toEqual({ deposit_24h: 250_000, stake_7d: 2_000_000 });
    expect(snapshots.at(-1)![1]).toEqual({ deposit_24h: 900_000, stake_7d: 3_000_000, session_minutes: 30 });
    const otherLive = (await effectiveLimits(ctx.db, merchantId, other.id)).limits;
    expect(otherLive).toEqual({ deposit_24h: 1_000, session_minutes: 30 });
    expect(await effectiveLimitsAt(ctx.db, merchantId, other.id, at(33))).toEqual(otherLive);
    // The merchant-wide events are in the log without a member, append-only like the rest; no other
    // kind of event may leave the member out.
    const wide = await ctx.db.selectFrom('protection_log').select(['channel', 'kind']).where('member_id', 'is', null).execute();
    expect(wide).toEqual(Array(4).fill({ channel: 'operator', kind: 'operator_limit_set' }));
    await expect(sql`update protection_log set after = null where member_id is null`.execute(ctx.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from protection_log where member_id is null`.execute(ctx.db)).rejects.toThrow(/append-only/);
    await expect(
      sql`insert into protection_log (merchant_id, member_id, at, channel, kind) values (${merchantId}, null, now(), 'operator', 'limit_set')`.execute(ctx.db),
    ).rejects.toThrow(/protection_log_member_or_merchant_limit/);
  });
});
