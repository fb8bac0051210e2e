import { z } from 'zod';
import { CLIENT_SEED_PATTERN } from '../games/fair.ts';
import { zText } from '../text.ts';
import { TICKET_ODDS_TOTAL } from '../games/ticket.ts';
import { declareCall, operatorWith, REAL_MEMBER } from './call.ts';
import { ZInstant, ZRowId } from './shapes.ts';

/**
 * Reward tickets (docs/0120): golden eggs, red envelopes and wheels a member earns by the operator's
 * rules (a credited deposit, a login day, a step of turnover) and draws on the reward centre, with
 * published odds and a provably fair draw. Content writes the rules (what earns a ticket, titles,
 * on/off) and the raffles; finance sets what they pay (prizes, odds, stock, the fallback), and a
 * rule earns only with prices finance set for its current terms (docs/0126).
 */
export const TICKET_PATHS = {
  /** GET: the member's tickets (earned ones first collected) and the running rules with their odds. */
  list: '/wps/member/rewardTickets',
  /** POST { ticketId, clientSeed }: draw a ticket once. */
  draw: '/wps/member/rewardTickets/draw',
  /** GET: the merchant's rules with prizes. */
  rules: '/wps/operator/ticketRules',
  /** POST: create or change a rule: what earns it, its validity, titles and switch (content). */
  save: '/wps/operator/ticketRules/save',
  /** POST: a rule's prizes, odds, stock and fallback for the terms finance was shown (finance). */
  prizes: '/wps/operator/ticketRules/prizes',
  /** GET: the open raffles with the member's standing (SPEC §7 raffle claim). */
  raffles: '/wps/member/raffles',
  /** POST { raffleId }: claim the raffle's entry once. */
  claimRaffle: '/wps/member/raffles/claim',
  /** POST: create or change a raffle (content). */
  saveRaffle: '/wps/operator/raffles/save',
} as const;

/** Message keys of tickets; the web translates them (promotions texts). */
export const TICKET_MESSAGES = {
  /** No such ticket of the member's. */
  unknown: 'ticket_unknown',
  /** Drawn already: a ticket pays once. */
  drawn: 'ticket_drawn',
  expired: 'ticket_expired',
  /** Operator: the odds do not sum to 100 %. */
  odds: 'ticket_odds_not_whole',
  /** Operator: a rule needs exactly one fallback prize (no stock limit). */
  fallback: 'ticket_one_fallback',
  /** Operator: a prize's stock below what it has given. */
  stock: 'ticket_stock_below_given',
  /** Operator: no such rule. */
  rule: 'ticket_rule_unknown',
  /** Finance: the rule's terms changed since the prices were read (content saved it, or a raffle of it). */
  termsChanged: 'ticket_terms_changed',
  /** No open raffle of that id at this merchant. */
  raffleUnknown: 'raffle_unknown',
  /** The member's deposits in the raffle's window do not reach its minimum. */
  raffleNotEligible: 'raffle_not_eligible',
  /** The member has claimed this raffle's entry already. */
  raffleClaimed: 'raffle_claimed',
} as const;

export const TICKET_KINDS = ['golden_egg', 'red_envelope', 'wheel'] as const;
export type TTicketKind = (typeof TICKET_KINDS)[number];
export const TICKET_EARNS = ['deposit', 'login_day', 'turnover'] as const;
export type TTicketEarn = (typeof TICKET_EARNS)[number];
export const TICKET_PRIZE_KINDS = ['cash', 'bonus', 'points'] as const;
export type TTicketPrizeKind = (typeof TICKET_PRIZE_KINDS)[number];

const ZHex64 = z.string().regex(/^[0-9a-f]{64}$/);
const ZClientSeed = z.string().regex(CLIENT_SEED_PATTERN);
const ZTitle = zText({ min: 1, max: 80 });

export const ZTicketPrize = z.object({
  id: ZRowId,
  kind: z.enum(TICKET_PRIZE_KINDS),
  /** cash and bonus: minor units; points: points. */
  amount: z.number().int().min(1).max(10_000_000),
  turnoverMultiple: z.number().int().nullable(),
  /** Basis points: 10000 is 100 %. */
  oddsBp: z.number().int().min(0).max(TICKET_ODDS_TOTAL),
  fallback: z.boolean(),
  /** Its stock is given out: drawing it pays the fallback. */
  outOfStock: z.boolean(),
});
export type TTicketPrize = z.infer<typeof ZTicketPrize>;

export const ZTicketRule = z.object({
  id: ZRowId,
  kind: z.enum(TICKET_KINDS),
  earn: z.enum(TICKET_EARNS),
  thresholdMinor: z.number().int().nonnegative(),
  validHours: z.number().int().min(1).max(720),
  title: z.string().max(80),
  prizes: z.array(ZTicketPrize).max(20),
});
export type TTicketRule = z.infer<typeof ZTicketRule>;

export const ZTicketDraw = z.object({
  drawnAt: ZInstant,
  clientSeed: ZClientSeed,
  /** Revealed once drawn: SHA-256 of it is the ticket's serverSeedHash. */
  serverSeed: ZHex64,
  roll: z
    .number()
    .int()
    .min(0)
    .max(TICKET_ODDS_TOTAL - 1),
  /** The prize the roll fell on, and the prize paid (the fallback when the drawn one was out of stock). */
  drawnPrizeId: ZRowId,
  prize: ZTicketPrize,
});
export const ZTicket = z.object({
  id: ZRowId,
  ruleId: ZRowId,
  kind: z.enum(TICKET_KINDS),
  title: z.string().max(80),
  earnedAt: ZInstant,
  expiresAt: ZInstant,
  serverSeedHash: ZHex64,
  drawn: ZTicketDraw.nullable(),
});
export type TTicket = z.infer<typeof ZTicket>;
export const ZTicketList = z.object({ tickets: z.array(ZTicket).max(100), rules: z.array(ZTicketRule).max(50) });
export type TTicketList = z.infer<typeof ZTicketList>;

export const ZTicketDrawRequest = z.object({ ticketId: ZRowId, clientSeed: ZClientSeed });
export type TTicketDrawRequest = z.input<typeof ZTicketDrawRequest>;

export const ZTicketPrizeInput = z
  .object({
    kind: z.enum(TICKET_PRIZE_KINDS),
    amount: z.number().int().min(1).max(10_000_000),
    turnoverMultiple: z.number().int().min(1).max(50).nullable(),
    oddsBp: z.number().int().min(0).max(TICKET_ODDS_TOTAL),
    stock: z.number().int().min(0).max(10_000_000).nullable(),
    fallback: z.boolean(),
  })
  .refine((p) => (p.kind === 'bonus') === (p.turnoverMultiple !== null), { path: ['turnoverMultiple'] });
/** Content's part of a rule: what earns a ticket, how long it stays valid, its titles and switch. */
export const ZTicketRuleSave = z
  .object({
    /** Absent: a new rule. */
    id: ZRowId.optional(),
    kind: z.enum(TICKET_KINDS),
    earn: z.enum(TICKET_EARNS),
    thresholdMinor: z.number().int().min(0).max(100_000_000),
    validHours: z.number().int().min(1).max(720),
    titleEn: ZTitle,
    titleBn: ZTitle,
    active: z.boolean(),
  })
  .refine((r) => (r.earn === 'login_day') === (r.thresholdMinor === 0), { path: ['thresholdMinor'] });
export type TTicketRuleSave = z.input<typeof ZTicketRuleSave>;
/** Finance's part: the prizes by position, for the terms version it was shown (docs/0126). */
export const ZTicketPrizesSave = z.object({
  id: ZRowId,
  termsVersion: z.number().int().min(1).max(2_000_000_000),
  prizes: z.array(ZTicketPrizeInput).min(1).max(20),
});
export type TTicketPrizesSave = z.input<typeof ZTicketPrizesSave>;

export const ZOperatorTicketPrize = ZTicketPrize.omit({ outOfStock: true }).extend({ stock: z.number().int().nullable(), given: z.number().int() });
export const ZOperatorTicketRule = ZTicketRule.omit({ title: true, prizes: true }).extend({
  titleEn: z.string().max(80),
  titleBn: z.string().max(80),
  active: z.boolean(),
  /** Goes up when what earns the rule's tickets changes (the rule's earning, or a raffle of it). */
  termsVersion: z.number().int().min(1),
  /** True when finance's prices are for the current terms: only then does the rule earn (docs/0126). */
  priced: z.boolean(),
  prizes: z.array(ZOperatorTicketPrize).max(20),
});
export type TOperatorTicketRule = z.infer<typeof ZOperatorTicketRule>;
export const ZOperatorRaffle = z.object({
  id: ZRowId,
  ruleId: ZRowId,
  titleEn: z.string().max(80),
  titleBn: z.string().max(80),
  minDepositMinor: z.number().int().nonnegative(),
  startsAt: ZInstant,
  endsAt: ZInstant,
  /** Entries claimed so far. */
  entries: z.number().int().nonnegative(),
});
export type TOperatorRaffle = z.infer<typeof ZOperatorRaffle>;
export const ZOperatorTicketRules = z.object({ rows: z.array(ZOperatorTicketRule).max(50), raffles: z.array(ZOperatorRaffle).max(50) });
export type TOperatorTicketRules = z.infer<typeof ZOperatorTicketRules>;

export const ZRaffle = z.object({
  id: ZRowId,
  title: z.string().max(80),
  endsAt: ZInstant,
  minDepositMinor: z.number().int().nonnegative(),
  /** The member's credited deposits since the raffle opened. */
  depositedMinor: z.number().int().nonnegative(),
  /** The entry's ticket once claimed. */
  ticketId: ZRowId.nullable(),
});
export type TRaffle = z.infer<typeof ZRaffle>;
export const ZRaffleList = z.object({ rows: z.array(ZRaffle).max(50) });
export const ZRaffleClaim = z.object({ raffleId: ZRowId });
export const ZRaffleSave = z
  .object({
    /** Absent: a new raffle. */
    id: ZRowId.optional(),
    ruleId: ZRowId,
    titleEn: ZTitle,
    titleBn: ZTitle,
    minDepositMinor: z.number().int().min(0).max(100_000_000),
    startsAt: ZInstant,
    endsAt: ZInstant,
  })
  .refine((r) => new Date(r.endsAt).getTime() > new Date(r.startsAt).getTime(), { path: ['endsAt'] });
export type TRaffleSave = z.input<typeof ZRaffleSave>;

export const TICKET_CALLS = {
  tickets: declareCall({ method: 'GET', path: TICKET_PATHS.list, moduleId: 'REWARD', output: ZTicketList, audience: REAL_MEMBER, modules: ['REWARD3'] }),
  /** Never retried (a POST); a ticket drawn twice pays once, the second answered `ticket_drawn`. */
  draw: declareCall({
    method: 'POST',
    path: TICKET_PATHS.draw,
    moduleId: 'REWARD',
    input: ZTicketDrawRequest,
    output: ZTicket,
    audience: REAL_MEMBER,
    modules: ['REWARD3'],
    kind: 'money',
  }),
  raffles: declareCall({ method: 'GET', path: TICKET_PATHS.raffles, moduleId: 'REWARD', output: ZRaffleList, audience: REAL_MEMBER, modules: ['REWARD3'] }),
  /** SPEC §7 raffle claim: the entry (a ticket of the raffle's rule), once per member. */
  claimRaffle: declareCall({
    method: 'POST',
    path: TICKET_PATHS.claimRaffle,
    moduleId: 'REWARD',
    input: ZRaffleClaim,
    output: ZTicket,
    audience: REAL_MEMBER,
    modules: ['REWARD3'],
  }),
} as const;

const SERVE = { moduleId: 'OPERATOR', region: 'serve' } as const;
export const OPERATOR_TICKET_CALLS = {
  /** Every console role reads the rules and raffles (the odds are published anyway). */
  ticketRules: declareCall({ ...SERVE, method: 'GET', path: TICKET_PATHS.rules, output: ZOperatorTicketRules, audience: operatorWith('config.read') }),
  /** Content writes what earns a ticket; a change to the earning waits for finance's prices again (docs/0126). */
  saveTicketRule: declareCall({
    ...SERVE,
    method: 'POST',
    path: TICKET_PATHS.save,
    input: ZTicketRuleSave,
    output: ZOperatorTicketRule,
    audience: operatorWith('content.write'),
  }),
  /** Prizes pay money: finance (money.write) sets them, their odds (M-41) and stock. */
  setTicketPrizes: declareCall({
    ...SERVE,
    method: 'POST',
    path: TICKET_PATHS.prizes,
    input: ZTicketPrizesSave,
    output: ZOperatorTicketRule,
    audience: operatorWith('money.write'),
  }),
  /** Content writes raffles; each new or changed one waits for finance's prices of its rule. */
  saveRaffle: declareCall({
    ...SERVE,
    method: 'POST',
    path: TICKET_PATHS.saveRaffle,
    input: ZRaffleSave,
    output: z.object({ id: ZRowId }),
    audience: operatorWith('content.write'),
  }),
} as const;
