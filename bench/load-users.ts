/**
 * What the site load test's simulated people do (docs/0079), through the site's public calls as
 * their pages make them. A member opens home, then again and again picks what to do next: list a
 * vendor's games, spin the slot, bet on a crash round, buy lottery tickets, deposit on the simulated
 * channel, read a record, or go home again, pausing between pages as a person reads. An agent opens
 * its team's reports. The scripts know only `TSiteUser` (bench/load-client.ts), so a test drives
 * them with a fake site (bench/load-users.test.ts).
 */
import {
  LOTTERY_MESSAGES,
  SEAMLESS_MESSAGES,
  WLG_CRASH_MESSAGES,
  WLG_MESSAGES,
  type TDepositChannel,
  type TWlgCrashLive,
  type TWlgLotteryStateResponse,
  type TWlgOpenResponse,
} from '@wl/schemas';
import { CRASH_MIN_TARGET_X100, CRASH_STAKES_MINOR } from '@wl/schemas/games/crash';
import { LOTTERY_BET_TYPES, LOTTERY_PICK_DIGITS, LOTTERY_STAKE_CHIPS_MINOR } from '@wl/schemas/games/lottery';
import { SLOT_BETS_PER_LINE_MINOR } from '@wl/schemas/games/slot';
import { CallFailed, RunOver, type TSiteUser } from './load-client.ts';

/** What every simulated person is given. */
export type TPersonContext = {
  site: TSiteUser;
  random: () => number;
  /** A person's pause: reading a page (`think`) or the hand between two spins or polls (`hand`). */
  pause(kind: 'think' | 'hand'): Promise<void>;
  /** True while the run wants more from this person. */
  live(): boolean;
  now(): number;
};

export type TMemberContext = TPersonContext & {
  /** A deposit key of this member's own (the platform makes a resend with the same key the same order). */
  depositKey(): string;
};

/** The built-in games (platform seed, docs/0039, 0041, 0042). */
export const LOAD_GAMES = { slot: 'WLG_SLOT_BENGAL', crash: 'WLG_CRASH_KITE', lottery: 'WLG_LOTTO_3D' } as const;

/** The vendor rows of the seeded home page (bench/edge.ts homeBatchPath): where "list games" looks. */
const VENDOR_TABS = [
  ['RNG', 'SPINORA'],
  ['FISH', 'REEFHUNT'],
  ['LIVE', 'VELVETLIVE'],
  ['PVP', 'CARDHALL'],
  ['RNG', 'KESTREL'],
] as const;

/** A member deposits at most this often (a simulated deposit settles after 5 s). */
export const DEPOSIT_EVERY_MS = 60_000;
/** How many polls a crash visit waits for a betting phase (about a second each, like the page). */
const CRASH_POLLS = 15;
/** A crash bet is placed only with this much of the betting phase left (server time). */
const CRASH_BET_MARGIN_MS = 1_000;
/** A lottery ticket is bought only with this much of the draw left. */
const LOTTERY_CLOSE_MARGIN_MS = 3_000;

const DAY_MS = 86_400_000;
const BANGLADESH_OFFSET_MINUTES = 360;

/** One of `choices` with a chance proportional to its weight. */
export function pickWeighted<T extends string>(choices: readonly (readonly [T, number])[], random: () => number): T {
  const total = choices.reduce((n, [, w]) => n + w, 0);
  let r = random() * total;
  for (const [choice, weight] of choices) {
    if (r < weight) return choice;
    r -= weight;
  }
  return choices.at(-1)![0];
}

const pickOne = <T>(items: readonly T[], random: () => number): T => items[Math.floor(random() * items.length)]!;

export type TMemberAction = 'home' | 'games' | 'slot' | 'crash' | 'lottery' | 'deposit' | 'records';

/** How often a member does each thing after opening home. */
export const MEMBER_ACTIONS: readonly (readonly [TMemberAction, number])[] = [
  ['home', 2],
  ['games', 3],
  ['slot', 4],
  ['crash', 2],
  ['lottery', 2],
  ['deposit', 1],
  ['records', 3],
];

/** The home page's first calls for a signed-in member: its screen, the home batch and the balance, at once. */
export function homeBatch(language = 'bn'): [string, unknown][] {
  const games = (gameType: string, vassalage: string, pageSize = 12) => ({ pageNo: 1, pageSize, language, gameType, vassalage });
  return [
    ['catalogue.hotGames', { language }],
    ...VENDOR_TABS.map(([type, vendor]): [string, unknown] => ['catalogue.games', games(type, vendor)]),
    ['catalogue.games', games('SPORTS', 'KICKOFFX', 1)],
    ['content.winnerBoard', { language }],
  ];
}

async function openHome(ctx: TPersonContext): Promise<void> {
  const settled = await Promise.allSettled([
    ctx.site.query('config.screen', { language: 'bn' }),
    ctx.site.batch('home data (batch of 8)', homeBatch()),
    ctx.site.query('member.balance'),
  ]);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
}

async function listGames(ctx: TPersonContext): Promise<void> {
  const [gameType, vassalage] = pickOne(VENDOR_TABS, ctx.random);
  await ctx.site.query('catalogue.games', { gameType, vassalage, pageNo: 1 + Math.floor(ctx.random() * 2), pageSize: 24, language: 'bn' });
}

/**
 * One visit to a built-in game: launch, open the ticket as the game page does, play, close. A game
 * left open (a visit whose close failed) is closed first, as the web does on 734.
 */
async function visitGame(ctx: TPersonContext, nodeId: string, play: (opened: TWlgOpenResponse) => Promise<void>): Promise<void> {
  const launch = () => ctx.site.mutate<{ url: string }>('catalogue.launch', { nodeId, freeTrial: false }, { refusals: [WLG_MESSAGES.gameAlreadyOpen] });
  let launched = await launch();
  if (launched === null) {
    await ctx.site.mutate('games.closeMine', undefined);
    launched = await launch();
  }
  const ticket = launched === null ? null : new URL(launched.url, 'http://site.invalid').searchParams.get('ticket');
  if (!ticket) throw new CallFailed(`${nodeId}: the launch answered no game ticket`);
  const opened = await ctx.site.mutate<TWlgOpenResponse>('games.open', { ticket });
  if (!opened) throw new CallFailed(`${nodeId}: not opened`);
  try {
    await play(opened);
  } finally {
    // Closed even when the run is over: an open game would refuse the member's next launch (734).
    await ctx.site.mutate('games.close', { token: opened.token }).catch(() => undefined);
  }
}

const playSlot = (ctx: TPersonContext) =>
  visitGame(ctx, LOAD_GAMES.slot, async ({ token }) => {
    const spins = 3 + Math.floor(ctx.random() * 6);
    for (let i = 0; i < spins && ctx.live(); i++) {
      if (i > 0) await ctx.pause('hand');
      const betPerLineMinor = pickOne(SLOT_BETS_PER_LINE_MINOR.slice(0, 3), ctx.random);
      await ctx.site.mutate('games.spin', { token, betPerLineMinor }, { refusals: [SEAMLESS_MESSAGES.insufficientFunds] });
    }
  });

const playCrash = (ctx: TPersonContext) =>
  visitGame(ctx, LOAD_GAMES.crash, async ({ token, game }) => {
    for (let poll = 0; poll < CRASH_POLLS && ctx.live(); poll++) {
      if (poll > 0) await ctx.pause('hand');
      const live = await ctx.site.mutate<TWlgCrashLive>('games.crashLive', { game: game.nodeId });
      if (!live || live.round.phase !== 'betting' || live.round.bettingEndsAt - live.serverNow < CRASH_BET_MARGIN_MS) continue;
      const autoCashOutX100 = CRASH_MIN_TARGET_X100 + Math.floor(ctx.random() * 200);
      await ctx.site.mutate(
        'games.crashBet',
        { token, stakeMinor: pickOne(CRASH_STAKES_MINOR.slice(0, 2), ctx.random), autoCashOutX100 },
        { refusals: [WLG_CRASH_MESSAGES.bettingClosed, WLG_CRASH_MESSAGES.alreadyBet, SEAMLESS_MESSAGES.insufficientFunds] },
      );
      return;
    }
  });

/** A lottery pick for the bet type: digits for exact3 / last2 / last1, none for big, small, odd, even. */
export function lotteryPick(betType: (typeof LOTTERY_BET_TYPES)[number], random: () => number): string | null {
  const digits = LOTTERY_PICK_DIGITS[betType];
  return digits === 0 ? null : Array.from({ length: digits }, () => String(Math.floor(random() * 10))).join('');
}

const playLottery = (ctx: TPersonContext) =>
  visitGame(ctx, LOAD_GAMES.lottery, async ({ token }) => {
    const state = await ctx.site.mutate<TWlgLotteryStateResponse>('games.lotteryState', { token });
    const draw = state?.open;
    if (!state || !draw || Date.parse(draw.closesAt) - Date.parse(state.serverTime) < LOTTERY_CLOSE_MARGIN_MS) return;
    const tickets = 1 + Math.floor(ctx.random() * 3);
    for (let i = 0; i < tickets && ctx.live(); i++) {
      if (i > 0) await ctx.pause('hand');
      const betType = pickOne(LOTTERY_BET_TYPES, ctx.random);
      const placed = await ctx.site.mutate(
        'games.lotteryBet',
        { token, drawId: draw.drawId, betType, pick: lotteryPick(betType, ctx.random), stakeMinor: pickOne(LOTTERY_STAKE_CHIPS_MINOR.slice(0, 2), ctx.random) },
        { refusals: [LOTTERY_MESSAGES.drawClosed, LOTTERY_MESSAGES.tooManyBets, SEAMLESS_MESSAGES.insufficientFunds] },
      );
      if (placed === null) return;
    }
  });

const lastWeek = (ctx: TPersonContext) => ({ from: new Date(ctx.now() - 7 * DAY_MS).toISOString(), to: new Date(ctx.now()).toISOString() });

async function readRecords(ctx: TPersonContext): Promise<void> {
  const which = pickOne(['records.account', 'records.bets', 'records.profit', 'deposit.list'] as const, ctx.random);
  const page = { pageNo: 1, pageSize: 20 };
  await ctx.site.query(which, which === 'deposit.list' ? page : { ...lastWeek(ctx), ...page, tzOffsetMinutes: BANGLADESH_OFFSET_MINUTES });
}

/** The deposit page: its channels, then an order on the simulated channel (it settles by itself in demo mode). */
async function deposit(ctx: TMemberContext): Promise<void> {
  const answer = await ctx.site.query<{ channels: TDepositChannel[] }>('deposit.channels');
  const channel = answer?.channels.find((c) => c.autoSettleSeconds !== null);
  if (!channel) throw new CallFailed('no simulated deposit channel (is the site in demo mode?)');
  const amountMinor = pickOne(
    channel.quickAmountsMinor.filter((a) => a >= channel.minMinor && a <= channel.maxMinor),
    ctx.random,
  );
  await ctx.site.mutate('deposit.create', { channelId: channel.id, amountMinor, key: ctx.depositKey() });
}

/** A member's visit to the site until the run ends: home first, then what `MEMBER_ACTIONS` picks, a pause after each page. */
export async function runMember(ctx: TMemberContext): Promise<void> {
  let lastDepositAt = -Infinity;
  const actions: Record<TMemberAction, () => Promise<void>> = {
    home: () => openHome(ctx),
    games: () => listGames(ctx),
    slot: () => playSlot(ctx),
    crash: () => playCrash(ctx),
    lottery: () => playLottery(ctx),
    deposit: () => {
      // One deposit a minute at most: otherwise the member reads its deposits instead.
      if (ctx.now() - lastDepositAt < DEPOSIT_EVERY_MS) return readRecords(ctx);
      lastDepositAt = ctx.now();
      return deposit(ctx);
    },
    records: () => readRecords(ctx),
  };
  await person(ctx, 'home', () => pickWeighted(MEMBER_ACTIONS, ctx.random), actions);
}

export type TAgentAction = 'overviewWeek' | 'overviewToday' | 'downlines' | 'teamBets' | 'teamProfit';

/** An agent centre's pages, by how often an agent opens them. */
export const AGENT_ACTIONS: readonly (readonly [TAgentAction, number])[] = [
  ['overviewWeek', 3],
  ['overviewToday', 2],
  ['downlines', 2],
  ['teamBets', 2],
  ['teamProfit', 1],
];

/** An agent opening its team's reports until the run ends, a pause after each page. */
export async function runAgent(ctx: TPersonContext): Promise<void> {
  const today = () => {
    const now = ctx.now();
    return { from: new Date(now - (now % DAY_MS)).toISOString(), to: new Date(now).toISOString() };
  };
  const page = { pageNo: 1, pageSize: 20 };
  const actions: Record<TAgentAction, () => Promise<unknown>> = {
    overviewWeek: () => ctx.site.query('agent.teamOverview', { ...lastWeek(ctx), tzOffsetMinutes: BANGLADESH_OFFSET_MINUTES }),
    overviewToday: () => ctx.site.query('agent.teamOverview', { ...today(), tzOffsetMinutes: BANGLADESH_OFFSET_MINUTES }),
    downlines: () => ctx.site.query('agent.downlines', page),
    teamBets: () => ctx.site.query('agent.teamBets', { ...today(), ...page }),
    teamProfit: () => ctx.site.query('agent.teamProfit', { ...lastWeek(ctx), ...page }),
  };
  await person(ctx, 'overviewWeek', () => pickWeighted(AGENT_ACTIONS, ctx.random), actions);
}

/** The loop of every person: an action, a pause, the next; a failed call drops that action only. */
async function person<A extends string>(ctx: TPersonContext, first: A, next: () => A, actions: Record<A, () => Promise<unknown>>): Promise<void> {
  let action = first;
  while (ctx.live()) {
    try {
      await actions[action]();
    } catch (error) {
      if (error instanceof RunOver) return;
      if (!(error instanceof CallFailed)) throw error;
    }
    if (!ctx.live()) return;
    await ctx.pause('think');
    action = next();
  }
}
