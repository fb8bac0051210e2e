import { createHash, createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, TICKET_CALLS, TICKET_PATHS, type TTicket, type TTicketList, type TTicketRuleSave } from '@wl/schemas';
import { usePlatform } from '../test-support/db.ts';
import { expectRealAccountOnly, tokenCall } from '../test-support/http.ts';
import { roleTokens } from '../test-support/operators.ts';
import { approvedDeposit, signedInMember } from '../test-support/promo.ts';
import { dayOf } from '../kernel/local-day.ts';
import { insertBareMembers } from '../test-support/bare-members.ts';
import { claimableRaffleCount } from './raffles.service.ts';
import { earnTickets } from './tickets.service.ts';

/**
 * Reward tickets (docs/0120) at the platform: the check ladder (no session, trial account, another
 * member's ticket, odds not summing to 100 %, who may set what), earning by login day and deposit
 * with the commitment shown first, a draw verified by an independent implementation of the
 * formula, one prize for a ticket drawn twice at once, stock giving way to the fallback, expiry,
 * the badge, and a closed account that earns and draws nothing.
 */

const ctx = usePlatform();
const call = tokenCall(ctx);
let tokens: Awaited<ReturnType<typeof roleTokens>>;
let trialToken = '';
const DAY = 86_400_000;

const list = async (token: string): Promise<TTicketList> => {
  const res = await call('GET', TICKET_PATHS.list, token);
  expect(res.json()).toMatchObject({ success: true });
  return res.json().value as TTicketList;
};
const draw = (token: string | null, ticketId: unknown, clientSeed: unknown = 'my-seed') => call('POST', TICKET_PATHS.draw, token, { ticketId, clientSeed });
const save = (token: string, body: TTicketRuleSave) => call('POST', TICKET_PATHS.save, token, body);
const wallet = async (memberId: number) =>
  Number(
    (
      await ctx.db
        .selectFrom('ledger_accounts')
        .select('balance_minor')
        .where('member_id', '=', memberId)
        .where('kind', '=', 'member_wallet')
        .executeTakeFirst()
    )?.balance_minor ?? 0,
  );
/** A rule of cash prizes: the first always drawn (100 %) with a stock of one, the second the fallback (0 %). */
const stockedRule = (over: Partial<TTicketRuleSave> = {}): TTicketRuleSave => ({
  kind: 'golden_egg',
  earn: 'deposit',
  thresholdMinor: 10_000,
  validHours: 48,
  titleEn: 'Test egg',
  titleBn: 'পরীক্ষার ডিম',
  active: true,
  prizes: [
    { kind: 'cash', amount: 7_000, turnoverMultiple: null, oddsBp: 10_000, stock: 1, fallback: false },
    { kind: 'cash', amount: 300, turnoverMultiple: null, oddsBp: 0, stock: null, fallback: true },
  ],
  ...over,
});

/** The draw recomputed without the shared code: HMAC-SHA256(serverSeed, "<clientSeed>:0:0"), its first 4 bytes as a 32-bit fraction, × 10000. */
function independentRoll(serverSeed: string, clientSeed: string): number {
  const bytes = createHmac('sha256', serverSeed).update(`${clientSeed}:0:0`).digest();
  return Math.floor((bytes.readUInt32BE(0) * 10_000) / 2 ** 32);
}

beforeAll(async () => {
  tokens = await roleTokens(ctx.app);
  trialToken = (await ctx.app.inject({ method: 'POST', url: ACCOUNT_PATHS.loginFreePlay, payload: { os: 'linux', platform: 'W', gatewayVersion: 3 } })).json()
    .value.token;
});

describe('the check ladder', () => {
  it('refuses no session and a trial account; refuses odds not summing to 100 % or without one fallback; finance sets prizes, content only titles, audited', async () => {
    await expectRealAccountOnly(
      ctx,
      trialToken,
      Object.values(TICKET_CALLS).map((c) => [c.method, c.path] as const),
      { ticketId: 1, clientSeed: 'x' },
    );
    const rulesBefore = await ctx.db.selectFrom('ticket_rules').select('id').execute();
    const odd = stockedRule();
    odd.prizes[0]!.oddsBp = 9_999;
    expect((await save(tokens.finance, odd)).json()).toMatchObject({ success: false, message: 'ticket_odds_not_whole' });
    const over = stockedRule();
    over.prizes[1]!.oddsBp = 1;
    expect((await save(tokens.finance, over)).json()).toMatchObject({ success: false, message: 'ticket_odds_not_whole' });
    const noFallback = stockedRule();
    noFallback.prizes[1]!.fallback = false;
    expect((await save(tokens.finance, noFallback)).json()).toMatchObject({ success: false, message: 'ticket_one_fallback' });
    expect((await save(tokens.content, stockedRule())).statusCode).toBe(403);
    expect(await ctx.db.selectFrom('ticket_rules').select('id').execute()).toEqual(rulesBefore);

    const rule = (await save(tokens.finance, stockedRule({ active: false }))).json().value as { id: number };
    const texts = await call('POST', TICKET_PATHS.texts, tokens.content, { id: rule.id, titleEn: 'Egg of gold', titleBn: 'সোনার ডিম' });
    expect(texts.json()).toMatchObject({
      success: true,
      value: { titleEn: 'Egg of gold', titleBn: 'সোনার ডিম', prizes: [{ oddsBp: 10_000 }, { fallback: true }] },
    });
    expect((await call('POST', TICKET_PATHS.texts, tokens.support, { id: rule.id, titleEn: 'x', titleBn: 'y' })).statusCode).toBe(403);
    const audit = await ctx.db.selectFrom('config_audit').select('action').where('action', 'like', 'ticket_rule.%').execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['ticket_rule.save', 'ticket_rule.texts']);
  });
});

describe('earning and drawing', () => {
  it('earns a red envelope a login day with its commitment, draws it verifiably once, and the badge counts it until then', async () => {
    const m = await signedInMember(ctx, 'tickets_login');
    const other = await signedInMember(ctx, 'tickets_other');
    const mine = await list(m.token);
    const envelope = mine.tickets.find((t) => t.kind === 'red_envelope')!;
    expect(envelope).toMatchObject({ drawn: null, serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect((await list(m.token)).tickets.filter((t) => t.kind === 'red_envelope')).toHaveLength(1);
    const rule = mine.rules.find((r) => r.id === envelope.ruleId)!;
    expect(rule.prizes.reduce((a, p) => a + p.oddsBp, 0)).toBe(10_000);
    const info = await call('GET', '/wps/member/info', m.token);
    expect(info.json().value.availablePromoCount).toBeGreaterThanOrEqual(1);

    // Another member's ticket is unknown to this one, and bad input changes nothing.
    expect((await draw(other.token, envelope.id)).json()).toMatchObject({ success: false, message: 'ticket_unknown' });
    for (const [id, seed] of [
      [envelope.id, 'a:b'],
      [envelope.id, ''],
      ['x', 'ok'],
      [envelope.id, 'x'.repeat(65)],
    ] as const) {
      expect((await draw(m.token, id, seed)).statusCode).toBe(400);
    }

    const res = await draw(m.token, envelope.id, 'member-chosen-7');
    expect(res.json()).toMatchObject({ success: true });
    const drawn = (res.json().value as TTicket).drawn!;
    // Verified without the shared code: the revealed seed hashes to the commitment, the roll and the prize follow.
    expect(createHash('sha256').update(drawn.serverSeed).digest('hex')).toBe(envelope.serverSeedHash);
    const roll = independentRoll(drawn.serverSeed, 'member-chosen-7');
    expect(drawn.roll).toBe(roll);
    let upTo = 0;
    const expected = rule.prizes.find((p) => roll < (upTo += p.oddsBp))!;
    expect(drawn.drawnPrizeId).toBe(expected.id);

    expect((await draw(m.token, envelope.id)).json()).toMatchObject({ success: false, message: 'ticket_drawn' });
    const paid = drawn.prize;
    if (paid.kind === 'cash') expect(await wallet(m.id)).toBe(paid.amount);
    if (paid.kind === 'points')
      expect((await ctx.db.selectFrom('points_entries').select('points').where('member_id', '=', m.id).execute()).map((e) => Number(e.points))).toEqual([
        paid.amount,
      ]);
    const after = await call('GET', '/wps/member/info', m.token);
    expect(after.json().value.availablePromoCount).toBe(info.json().value.availablePromoCount - 1);
  });

  it('pays one prize for a ticket drawn twice at once, gives the fallback once the stock is out, and refuses an expired ticket', async () => {
    const rule = (await save(tokens.finance, stockedRule())).json().value as { id: number };
    const a = await signedInMember(ctx, 'tickets_race');
    const b = await signedInMember(ctx, 'tickets_second');
    await approvedDeposit(ctx.db, a.id, 10_000);
    await approvedDeposit(ctx.db, b.id, 10_000);
    await approvedDeposit(ctx.db, b.id, 9_999);
    const ticketOf = async (token: string) => (await list(token)).tickets.filter((t) => t.ruleId === rule.id);
    const [ta] = await ticketOf(a.token);
    const walletBefore = await wallet(a.id);
    const answers = await Promise.all([draw(a.token, ta!.id, 'one'), draw(a.token, ta!.id, 'two')]);
    expect(answers.map((r) => r.json().success).sort()).toEqual([false, true]);
    expect(answers.find((r) => !r.json().success)!.json().message).toBe('ticket_drawn');
    expect((await wallet(a.id)) - walletBefore).toBe(7_000);

    // The only 100 % prize is given out: b's ticket (only its ৳100 deposit earns) pays the fallback.
    const tb = await ticketOf(b.token);
    expect(tb).toHaveLength(1);
    const walletB = await wallet(b.id);
    const second = (await draw(b.token, tb[0]!.id)).json().value as TTicket;
    expect(second.drawn).toMatchObject({ prize: { amount: 300, fallback: true } });
    expect((await wallet(b.id)) - walletB).toBe(300);
    const prizes = await ctx.db.selectFrom('ticket_prizes').select(['given', 'stock']).where('rule_id', '=', rule.id).orderBy('position').execute();
    expect(prizes).toEqual([
      { given: 1, stock: 1 },
      { given: 1, stock: null },
    ]);

    const c = await signedInMember(ctx, 'tickets_expired');
    await approvedDeposit(ctx.db, c.id, 20_000);
    const [tc] = await ticketOf(c.token);
    await ctx.db
      .updateTable('reward_tickets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', tc!.id)
      .execute();
    expect((await draw(c.token, tc!.id)).json()).toMatchObject({ success: false, message: 'ticket_expired' });
    expect((await ticketOf(c.token)).length).toBe(0);
  });

  it("counts a login day in the merchant's local day: logins either side of its midnight earn two envelopes, either side of UTC midnight one (docs/0125)", async () => {
    const merchant = await ctx.db.selectFrom('merchants').select(['id', 'tz_offset_minutes']).where('code', '=', 'DEMO').executeTakeFirstOrThrow();
    expect(merchant.tz_offset_minutes).toBe(360);
    const {
      ids: [a, b],
    } = await insertBareMembers(ctx.db, 2, 'tickets_tz');
    const at = (from: Date, minutes: number) => new Date(from.getTime() + minutes * 60_000);
    const logIn = (memberId: number, startedAt: Date) =>
      ctx.db
        .insertInto('sessions')
        .values({ member_id: memberId, token_hash: `tz-${memberId}-${startedAt.getTime()}`, ip: '', expires_at: at(startedAt, 30), started_at: startedAt })
        .execute();
    // The next local midnight (18:00 UTC at +6), and the UTC midnight six hours later (06:00 local).
    const local = dayOf(new Date(), merchant.tz_offset_minutes).end;
    const utc = at(local, 6 * 60);
    await logIn(a!, at(local, -10));
    await logIn(a!, at(local, 10));
    await logIn(b!, at(utc, -10));
    await logIn(b!, at(utc, 10));
    await earnTickets(ctx.db, merchant.id, a!, at(local, 60));
    await earnTickets(ctx.db, merchant.id, b!, at(utc, 60));
    const days = async (memberId: number) =>
      (await ctx.db.selectFrom('reward_tickets').select('source_key').distinct().where('member_id', '=', memberId).orderBy('source_key').execute()).map(
        (t) => t.source_key,
      );
    const localDate = (instant: Date) => at(instant, merchant.tz_offset_minutes).toISOString().slice(0, 10);
    expect(await days(a!)).toEqual([`day:${localDate(at(local, -10))}`, `day:${localDate(local)}`]);
    expect(await days(b!)).toEqual([`day:${localDate(utc)}`]);
  });

  it('gives a closed account nothing to earn and nothing to draw', async () => {
    const m = await signedInMember(ctx, 'tickets_closed');
    const [t] = (await list(m.token)).tickets;
    // A deposit credited before a time-out as the protection service writes it (the session is kept to reach the rule itself).
    await approvedDeposit(ctx.db, m.id, 100_000);
    const merchant = await ctx.db.selectFrom('merchants').select('id').where('code', '=', 'DEMO').executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('protection_exclusions')
      .values({ member_id: m.id, merchant_id: merchant.id, kind: 'timeout', period: '7d', started_at: new Date(), ends_at: new Date(Date.now() + 7 * DAY) })
      .execute();
    expect((await draw(m.token, t!.id)).json()).toMatchObject({ success: false, message: 'protection_excluded' });
    expect((await list(m.token)).tickets.map((x) => [x.id, x.drawn])).toEqual([[t!.id, null]]);
    expect(await wallet(m.id)).toBe(100_000);
  });

  it('lets finance open a raffle whose entry a member claims once after enough deposits, drawn as a ticket; the badge counts it until then', async () => {
    const rule = (await save(tokens.finance, stockedRule({ active: false, titleEn: 'Raffle egg', earn: 'login_day', thresholdMinor: 0 }))).json().value as {
      id: number;
    };
    const raffle = {
      ruleId: rule.id,
      titleEn: 'Weekend raffle',
      titleBn: 'সপ্তাহান্তের র‍্যাফেল',
      minDepositMinor: 50_000,
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + DAY).toISOString(),
    };
    expect((await call('POST', TICKET_PATHS.createRaffle, tokens.support, raffle)).statusCode).toBe(403);
    expect((await call('POST', TICKET_PATHS.createRaffle, tokens.finance, { ...raffle, endsAt: raffle.startsAt })).statusCode).toBe(400);
    const { id } = (await call('POST', TICKET_PATHS.createRaffle, tokens.finance, raffle)).json().value as { id: number };
    const m = await signedInMember(ctx, 'tickets_raffle');
    const claim = (token: string, raffleId: unknown) => call('POST', TICKET_PATHS.claimRaffle, token, { raffleId });
    // The badge's raffle part (its promotions' part moves with the deposit itself, docs/0096).
    const badge = () => claimableRaffleCount(ctx.db, m.id, new Date());
    expect((await claim(m.token, id)).json()).toMatchObject({ success: false, message: 'raffle_not_eligible' });
    await approvedDeposit(ctx.db, m.id, 50_000);
    expect(await badge()).toBe(1);
    const listed = (await call('GET', TICKET_PATHS.raffles, m.token)).json().value.rows as { id: number; depositedMinor: number; ticketId: number | null }[];
    expect(listed.find((r) => r.id === id)).toMatchObject({ depositedMinor: 50_000, ticketId: null });

    const answers = await Promise.all([claim(m.token, id), claim(m.token, id)]);
    expect(answers.map((r) => r.json().success).sort()).toEqual([false, true]);
    expect(answers.find((r) => !r.json().success)!.json().message).toBe('raffle_claimed');
    const entry = answers.find((r) => r.json().success)!.json().value as TTicket;
    expect(entry).toMatchObject({ ruleId: rule.id, drawn: null });
    expect(await badge()).toBe(0);
    expect((await claim(m.token, 999_999)).json()).toMatchObject({ success: false, message: 'raffle_unknown' });
    expect((await draw(m.token, entry.id)).json()).toMatchObject({ success: true, value: { drawn: { prize: { kind: 'cash' } } } });
  });
});
