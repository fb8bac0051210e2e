import { createHash, createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_PATHS,
  OPERATOR_TICKET_CALLS,
  TICKET_CALLS,
  TICKET_PATHS,
  TRIAL_TYPE,
  type TOperatorTicketRule,
  type TRaffleSave,
  type TTicket,
  type TTicketList,
  type TTicketPrizesSave,
  type TTicketRuleSave,
} from '@wl/schemas';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { expectRealAccountOnly, tokenCall } from '../test-support/http.ts';
import { roleTokens } from '../test-support/operators.ts';
import { otherMerchant } from '../test-support/other-merchant.ts';
import { approvedDeposit, signedInMember } from '../test-support/promo.ts';
import { dayOf } from '../kernel/local-day.ts';
import { insertBareMembers } from '../test-support/bare-members.ts';
import { claimableRaffleCount } from './raffles.service.ts';
import { runTicketsEarn } from './tickets.job.ts';
import { claimableTicketCount, earnTickets } from './tickets.service.ts';

/**
 * Reward tickets (docs/0120, docs/0126) at the platform: the check ladder (no session, trial account,
 * another member's ticket; operators: no session, wrong role, another merchant's rule or raffle, odds
 * not summing to 100 %, NUL and 1 MB strings), content's rules and raffles earning nothing until
 * finance prices their current terms, earning by login day and deposit
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
const save = (token: string | null, body: unknown) => call('POST', TICKET_PATHS.save, token, body);
const price = (token: string | null, body: unknown) => call('POST', TICKET_PATHS.prizes, token, body);
const saveRaffle = (token: string | null, body: unknown) => call('POST', TICKET_PATHS.saveRaffle, token, body);
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
/** Content's part of a test rule: a golden egg per credited deposit of ৳100 or more. */
const eggTerms = (over: Partial<TTicketRuleSave> = {}): TTicketRuleSave => ({
  kind: 'golden_egg',
  earn: 'deposit',
  thresholdMinor: 10_000,
  validHours: 48,
  titleEn: 'Test egg',
  titleBn: 'পরীক্ষার ডিম',
  active: true,
  ...over,
});
/** Cash prizes: the first always drawn (100 %) with a stock of one, the second the fallback (0 %). */
const stockedPrizes = (): TTicketPrizesSave['prizes'] => [
  { kind: 'cash', amount: 7_000, turnoverMultiple: null, oddsBp: 10_000, stock: 1, fallback: false },
  { kind: 'cash', amount: 300, turnoverMultiple: null, oddsBp: 0, stock: null, fallback: true },
];
/** A rule content writes and finance prices, as the console does: its id. */
async function pricedRule(terms: Partial<TTicketRuleSave> = {}, prizes = stockedPrizes()): Promise<number> {
  const rule = (await save(tokens.content, eggTerms(terms))).json().value as TOperatorTicketRule;
  expect((await price(tokens.finance, { id: rule.id, termsVersion: rule.termsVersion, prizes })).json()).toMatchObject({
    success: true,
    value: { priced: true },
  });
  return rule.id;
}
const ruleRow = (id: number) => ctx.db.selectFrom('ticket_rules').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const termsVersion = async (id: number) => (await ruleRow(id)).terms_version;

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
  it('refuses no session and a trial account on the member calls', async () => {
    await expectRealAccountOnly(
      ctx,
      trialToken,
      Object.values(TICKET_CALLS).map((c) => [c.method, c.path] as const),
      { ticketId: 1, clientSeed: 'x' },
    );
  });

  it('lets content write rules and raffles and finance their prizes, each refused to the other roles, audited', async () => {
    const before = await rowCounts(ctx.db, ['ticket_rules', 'ticket_prizes', 'raffles', 'config_audit']);
    for (const c of Object.values(OPERATOR_TICKET_CALLS))
      expect((await call(c.method, c.path, null, c.method === 'GET' ? undefined : {})).statusCode, c.path).toBe(401);
    expect((await save(tokens.finance, eggTerms())).statusCode).toBe(403);
    expect((await save(tokens.support, eggTerms())).statusCode).toBe(403);
    expect(await rowCounts(ctx.db, ['ticket_rules', 'ticket_prizes', 'raffles', 'config_audit'])).toEqual(before);

    const rule = (await save(tokens.content, eggTerms({ active: false }))).json().value as TOperatorTicketRule;
    expect(rule).toMatchObject({ termsVersion: 1, priced: false, prizes: [], titleBn: 'পরীক্ষার ডিম' });
    const prizes = { id: rule.id, termsVersion: 1, prizes: stockedPrizes() };
    expect((await price(tokens.content, prizes)).statusCode).toBe(403);
    expect((await price(tokens.support, prizes)).statusCode).toBe(403);
    const priced = (await price(tokens.finance, prizes)).json();
    expect(priced).toMatchObject({
      success: true,
      value: {
        priced: true,
        prizes: [
          { oddsBp: 10_000, stock: 1 },
          { fallback: true, stock: null },
        ],
      },
    });
    // Titles and the switch are content's alone: still priced; the raffle is content's too.
    const titled = (await save(tokens.content, { ...eggTerms({ active: true, titleEn: 'Egg of gold', titleBn: 'সোনার ডিম' }), id: rule.id })).json();
    expect(titled).toMatchObject({ success: true, value: { titleEn: 'Egg of gold', active: true, priced: true, termsVersion: 1 } });
    const raffle: TRaffleSave = {
      ruleId: rule.id,
      titleEn: 'Probe raffle',
      titleBn: 'প্রোব র‍্যাফেল',
      minDepositMinor: 100,
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + DAY).toISOString(),
    };
    expect((await saveRaffle(tokens.finance, raffle)).statusCode).toBe(403);
    expect((await saveRaffle(tokens.support, raffle)).statusCode).toBe(403);
    expect((await saveRaffle(tokens.content, raffle)).json()).toMatchObject({ success: true });
    const audit = await ctx.db
      .selectFrom('config_audit')
      .select(['action', 'after'])
      .where('action', 'in', ['ticket_rule.save', 'ticket_rule.prizes', 'raffle.save'])
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['raffle.save', 'ticket_rule.prizes', 'ticket_rule.save', 'ticket_rule.save']);
    // Every console role lists them with the raffle's entries.
    const listed = (await call('GET', TICKET_PATHS.rules, tokens.support)).json().value as {
      rows: TOperatorTicketRule[];
      raffles: { ruleId: number; entries: number }[];
    };
    expect(listed.rows.find((r) => r.id === rule.id)).toMatchObject({ titleEn: 'Egg of gold' });
    expect(listed.raffles.find((r) => r.ruleId === rule.id)).toMatchObject({ entries: 0 });
  });

  it('refuses odds not summing to 100 %, no or two fallbacks, a stocked fallback, stock below given, NUL and 1 MB strings; nothing changes', async () => {
    const rule = (await save(tokens.content, eggTerms({ active: false }))).json().value as TOperatorTicketRule;
    const bad = (edit: (p: TTicketPrizesSave['prizes']) => void) => {
      const prizes = stockedPrizes();
      edit(prizes);
      return price(tokens.finance, { id: rule.id, termsVersion: rule.termsVersion, prizes });
    };
    const before = await rowCounts(ctx.db, ['ticket_rules', 'ticket_prizes', 'raffles', 'config_audit']);
    expect((await bad((p) => (p[0]!.oddsBp = 9_999))).json()).toMatchObject({ success: false, message: 'ticket_odds_not_whole' });
    expect((await bad((p) => (p[1]!.oddsBp = 1))).json()).toMatchObject({ success: false, message: 'ticket_odds_not_whole' });
    expect((await bad((p) => (p[1]!.fallback = false))).json()).toMatchObject({ success: false, message: 'ticket_one_fallback' });
    expect((await bad((p) => (p[0]!.fallback = true))).json()).toMatchObject({ success: false, message: 'ticket_one_fallback' });
    expect((await bad((p) => (p[1]!.stock = 5))).json()).toMatchObject({ success: false, message: 'ticket_one_fallback' });
    for (const edit of [
      (p: TTicketPrizesSave['prizes']) => (p[0]!.oddsBp = -1),
      (p: TTicketPrizesSave['prizes']) => (p[0]!.oddsBp = 10_001),
      (p: TTicketPrizesSave['prizes']) => (p[0]!.amount = 0),
      (p: TTicketPrizesSave['prizes']) => (p[0]!.turnoverMultiple = 5),
    ])
      expect((await bad(edit)).statusCode).toBe(400);
    // A megabyte is refused before parsing (413), the others by the schema (400): refused either way.
    for (const title of ['', 'a\u0000b', 'x'.repeat(81), 'x'.repeat(1_000_000)]) {
      const window = { startsAt: new Date().toISOString(), endsAt: new Date(Date.now() + DAY).toISOString() };
      expect((await save(tokens.content, eggTerms({ titleEn: title }))).json().success, title.slice(0, 9)).toBe(false);
      expect((await save(tokens.content, { ...eggTerms({ titleBn: title }), id: rule.id })).json().success).toBe(false);
      expect((await saveRaffle(tokens.content, { ruleId: rule.id, titleEn: title, titleBn: 'x', minDepositMinor: 0, ...window })).json().success).toBe(false);
    }
    expect((await price(tokens.finance, { id: rule.id, termsVersion: 1, prizes: stockedPrizes(), note: 'x'.repeat(1_000_000) })).json().success).toBe(false);
    expect((await save(tokens.content, eggTerms({ earn: 'login_day', thresholdMinor: 100 }))).statusCode).toBe(400);
    expect((await save(tokens.content, eggTerms({ validHours: 721 }))).statusCode).toBe(400);
    expect(
      (
        await saveRaffle(tokens.content, {
          ruleId: rule.id,
          titleEn: 'x',
          titleBn: 'x',
          minDepositMinor: 0,
          startsAt: new Date().toISOString(),
          endsAt: new Date().toISOString(),
        })
      ).statusCode,
    ).toBe(400);
    expect(await rowCounts(ctx.db, ['ticket_rules', 'ticket_prizes', 'raffles', 'config_audit'])).toEqual(before);

    // A stock below what a prize has given is refused too (the seeded envelope's fallback has given none; say it gave 3).
    const good = (await price(tokens.finance, { id: rule.id, termsVersion: rule.termsVersion, prizes: stockedPrizes() })).json().value as TOperatorTicketRule;
    await ctx.db.updateTable('ticket_prizes').set({ given: 1 }).where('id', '=', good.prizes[0]!.id).execute();
    expect((await bad((p) => (p[0]!.stock = 0))).json()).toMatchObject({ success: false, message: 'ticket_stock_below_given' });
  });

  it('finds no rule or raffle of another merchant (nothing changes, nothing audited)', async () => {
    const other = await otherMerchant(ctx.db, 'TICKX');
    const theirs = await ctx.db
      .insertInto('ticket_rules')
      .values({ merchant_id: other.id, kind: 'wheel', earn: 'login_day', threshold_minor: 0, valid_hours: 24, title_en: 'Theirs', title_bn: 'তাদের' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const operator = await ctx.db.selectFrom('operators').select('id').limit(1).executeTakeFirstOrThrow();
    const theirRaffle = await ctx.db
      .insertInto('raffles')
      .values({
        merchant_id: other.id,
        rule_id: theirs.id,
        title_en: 'Theirs',
        title_bn: 'তাদের',
        min_deposit_minor: 0,
        starts_at: new Date(Date.now() - DAY),
        ends_at: new Date(Date.now() + DAY),
        created_by: operator.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const mine = (await save(tokens.content, eggTerms({ active: false }))).json().value as TOperatorTicketRule;
    const before = await rowCounts(ctx.db, ['ticket_rules', 'ticket_prizes', 'raffles', 'config_audit']);
    const window = { startsAt: new Date(Date.now() - DAY).toISOString(), endsAt: new Date(Date.now() + DAY).toISOString() };
    expect((await save(tokens.content, { ...eggTerms(), id: theirs.id })).json()).toMatchObject({ success: false, message: 'ticket_rule_unknown' });
    expect((await price(tokens.finance, { id: theirs.id, termsVersion: 1, prizes: stockedPrizes() })).json()).toMatchObject({
      success: false,
      message: 'ticket_rule_unknown',
    });
    expect((await saveRaffle(tokens.content, { ruleId: theirs.id, titleEn: 'x', titleBn: 'x', minDepositMinor: 0, ...window })).json()).toMatchObject({
      success: false,
      message: 'ticket_rule_unknown',
    });
    expect(
      (await saveRaffle(tokens.content, { id: theirRaffle.id, ruleId: mine.id, titleEn: 'x', titleBn: 'x', minDepositMinor: 0, ...window })).json(),
    ).toMatchObject({
      success: false,
      message: 'raffle_unknown',
    });
    expect(await rowCounts(ctx.db, ['ticket_rules', 'ticket_prizes', 'raffles', 'config_audit'])).toEqual(before);
    const listed = (await call('GET', TICKET_PATHS.rules, tokens.content)).json().value as { rows: { id: number }[]; raffles: { id: number }[] };
    expect(listed.rows.map((r) => r.id)).not.toContain(theirs.id);
    expect(listed.raffles.map((r) => r.id)).not.toContain(theirRaffle.id);
  });

  it('earns nothing by a rule content wrote until finance prices it, nor by a changed earning until finance prices the new terms', async () => {
    const rule = (await save(tokens.content, eggTerms({ earn: 'login_day', thresholdMinor: 0, kind: 'wheel' }))).json().value as TOperatorTicketRule;
    // Signed in after the rule began: its login day counts once the rule is priced.
    const m = await signedInMember(ctx, 'tickets_unpriced');
    const ofRule = async () => (await list(m.token)).tickets.filter((t) => t.ruleId === rule.id);
    expect(await ofRule()).toEqual([]);
    expect((await list(m.token)).rules.map((r) => r.id)).not.toContain(rule.id);
    await price(tokens.finance, { id: rule.id, termsVersion: 1, prizes: stockedPrizes() });
    expect(await ofRule()).toHaveLength(1);

    // Content turns the login day into a deposit of ৳1: the terms go up a version and the old prices no longer count.
    const changed = (await save(tokens.content, { ...eggTerms({ kind: 'wheel', thresholdMinor: 100 }), id: rule.id })).json().value as TOperatorTicketRule;
    expect(changed).toMatchObject({ termsVersion: 2, priced: false });
    const n = await signedInMember(ctx, 'tickets_changed');
    await approvedDeposit(ctx.db, n.id, 100);
    expect((await list(n.token)).tickets.filter((t) => t.ruleId === rule.id)).toEqual([]);
    // Finance priced what it was shown (version 1): refused, nothing changes.
    expect((await price(tokens.finance, { id: rule.id, termsVersion: 1, prizes: stockedPrizes() })).json()).toMatchObject({
      success: false,
      message: 'ticket_terms_changed',
    });
    expect((await ruleRow(rule.id)).priced_version).toBe(1);
    expect((await price(tokens.finance, { id: rule.id, termsVersion: 2, prizes: stockedPrizes() })).json()).toMatchObject({
      success: true,
      value: { priced: true },
    });
    expect((await list(n.token)).tickets.filter((t) => t.ruleId === rule.id)).toHaveLength(1);
    await save(tokens.content, { ...eggTerms({ kind: 'wheel', thresholdMinor: 100 }), id: rule.id, active: false });
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
    const rule = { id: await pricedRule() };
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
    // Finance reprices the prizes afterwards: the drawn tickets still show what they paid (migration 0068).
    const repriced = stockedPrizes().map((p) => ({ ...p, amount: p.amount + 2_000, ...(p.fallback ? {} : { stock: 5 }) }));
    expect((await price(tokens.finance, { id: rule.id, termsVersion: await termsVersion(rule.id), prizes: repriced })).json()).toMatchObject({ success: true });
    expect((await ticketOf(a.token)).map((t) => t.drawn?.prize.amount)).toEqual([7_000]);
    expect((await ticketOf(b.token)).map((t) => t.drawn?.prize)).toEqual([expect.objectContaining({ amount: 300, kind: 'cash', fallback: true })]);

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
    // A local midnight a day or two ahead (18:00 UTC at +6; after the rules started), and the UTC midnight six hours later (06:00 local).
    const local = dayOf(at(new Date(), 24 * 60), merchant.tz_offset_minutes).end;
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

  it('earns by the job a minute after the fact, without a visit: the badge counts the tickets, a rerun earns nothing, a trial account nothing (docs/0125)', async () => {
    const merchant = await ctx.db.selectFrom('merchants').select('id').where('code', '=', 'DEMO').executeTakeFirstOrThrow();
    const egg = { id: await pricedRule({ titleEn: 'Job egg' }) };
    const {
      ids: [a, trial],
    } = await insertBareMembers(ctx.db, 2, 'tickets_job');
    await ctx.db.updateTable('members').set({ type: TRIAL_TYPE }).where('id', '=', trial!).execute();
    const now = new Date();
    for (const memberId of [a!, trial!])
      await ctx.db
        .insertInto('sessions')
        .values({ member_id: memberId, token_hash: `job-${memberId}`, ip: '', expires_at: new Date(now.getTime() + 60_000), started_at: now })
        .execute();
    const deposit = await approvedDeposit(ctx.db, a!, 10_000);
    const keys = async (memberId: number) =>
      (await ctx.db.selectFrom('reward_tickets').select(['rule_id', 'source_key']).where('member_id', '=', memberId).execute()).map((t) => t.source_key);
    expect(await keys(a!)).toEqual([]);
    expect(await claimableTicketCount(ctx.db, a!, now)).toBe(0);

    const run = await runTicketsEarn(ctx.db, new Date(now.getTime() + 60_000));
    expect(run.earned).toBeGreaterThanOrEqual(2);
    const earned = await ctx.db.selectFrom('reward_tickets').select(['rule_id', 'source_key']).where('member_id', '=', a!).execute();
    expect(earned).toContainEqual({ rule_id: egg.id, source_key: `deposit:${deposit}` });
    expect(earned.filter((t) => t.source_key.startsWith('day:'))).toHaveLength(1);
    expect(await claimableTicketCount(ctx.db, a!, now)).toBe(earned.length);
    expect(await keys(trial!)).toEqual([]);
    // A second run, and the member's visit, earn nothing more.
    await runTicketsEarn(ctx.db, new Date(now.getTime() + 120_000));
    await earnTickets(ctx.db, merchant.id, a!, new Date(now.getTime() + 120_000));
    expect((await keys(a!)).sort()).toEqual(earned.map((t) => t.source_key).sort());
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

  it('lets content open a raffle that takes claims once finance priced it; a member claims its entry once after enough deposits; the badge counts it until then', async () => {
    const ruleId = await pricedRule({ active: false, titleEn: 'Raffle egg', earn: 'login_day', thresholdMinor: 0 });
    const rule = { id: ruleId };
    const raffle = {
      ruleId: rule.id,
      titleEn: 'Weekend raffle',
      titleBn: 'সপ্তাহান্তের র‍্যাফেল',
      minDepositMinor: 50_000,
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + DAY).toISOString(),
    };
    const { id } = (await saveRaffle(tokens.content, raffle)).json().value as { id: number };
    // A raffle gives the rule's tickets to more members: it waits for finance's prices of the new terms.
    expect(await termsVersion(rule.id)).toBe(2);
    const m = await signedInMember(ctx, 'tickets_raffle');
    const claim = (token: string, raffleId: unknown) => call('POST', TICKET_PATHS.claimRaffle, token, { raffleId });
    // The badge's raffle part (its promotions' part moves with the deposit itself, docs/0096).
    const badge = () => claimableRaffleCount(ctx.db, m.id, new Date());
    await approvedDeposit(ctx.db, m.id, 50_000);
    expect((await claim(m.token, id)).json()).toMatchObject({ success: false, message: 'raffle_unknown' });
    expect(await badge()).toBe(0);
    expect((await price(tokens.finance, { id: rule.id, termsVersion: 2, prizes: stockedPrizes() })).json()).toMatchObject({ success: true });
    expect(await badge()).toBe(1);
    // Content changes the minimum: claims wait for finance again; the titles alone would not.
    await saveRaffle(tokens.content, { ...raffle, id, titleEn: 'Weekend raffle!' });
    expect(await termsVersion(rule.id)).toBe(2);
    await saveRaffle(tokens.content, { ...raffle, id, minDepositMinor: 60_000 });
    expect(await termsVersion(rule.id)).toBe(3);
    expect(await badge()).toBe(0);
    expect((await claim(m.token, id)).json()).toMatchObject({ success: false, message: 'raffle_unknown' });
    await price(tokens.finance, { id: rule.id, termsVersion: 3, prizes: stockedPrizes() });
    expect((await claim(m.token, id)).json()).toMatchObject({ success: false, message: 'raffle_not_eligible' });
    await saveRaffle(tokens.content, { ...raffle, id });
    await price(tokens.finance, { id: rule.id, termsVersion: 4, prizes: stockedPrizes() });
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
