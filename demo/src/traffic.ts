import { randomBytes } from 'node:crypto';
import { WLG_MESSAGES } from '@wl/schemas';
import { gatewayClient, refusalOf, withBackoff, type TApi, type TBackoffStats } from './client.ts';
import { PLAYERS, type TPlayContext, type TPlayer } from './players/index.ts';

/**
 * The seeded members the run logs in as, in this order (README "Demo accounts"; platform/src/seed
 * DEMO_ACCOUNTS). Only real members: the trial account cannot launch, the weak-password ones must
 * change it first, the house account cannot log in. Only demo_member starts with money; the others
 * deposit through the simulated channel when their balance cannot pay a stake.
 */
export const DEMO_PLAYERS = [
  { username: 'demo_member', password: 'Demo1234' },
  { username: 'demo_down1', password: 'Down1234' },
  { username: 'demo_down2', password: 'Down1234' },
  { username: 'demo_down3', password: 'Down1234' },
  { username: 'demo_agent', password: 'Agent1234' },
  { username: 'demo_totp', password: 'Totp1234' },
] as const;

export type TTrafficOptions = {
  /** The site (the gateway), e.g. http://127.0.0.1:8080 (the default brand: localhost is the demo's second, docs/0131). */
  url: string;
  /** How many of DEMO_PLAYERS play. */
  members: number;
  /** Rounds each member plays; with `minutes` too, whichever ends first. */
  rounds: number | null;
  /** Play until this many minutes have passed. */
  minutes: number | null;
  /** Members playing at the same time (each plays its rounds one after another, as a person does). */
  concurrency: number;
  /** Engines to play (PLAYERS' `engine`); default every one. */
  engines?: readonly string[];
  /** What one top-up deposits (minor units), held within the channel's limits. Default ৳1,000.00. */
  topUpMinor?: number;
  /** How long a top-up may take to arrive before the member stops. Default 60 s. */
  topUpWaitMs?: number;
  random?: () => number;
  log?: (line: string) => void;
  /** Ends the run early (Ctrl-C): members finish their round and close their games. */
  signal?: AbortSignal;
};

export type TEngineTotals = { rounds: number; betMinor: number; wonMinor: number };

export type TTrafficSummary = {
  /** Members that logged in and played. */
  members: number;
  rounds: number;
  totalBetMinor: number;
  totalWonMinor: number;
  /** Rounds that paid something (each a candidate for the winner board). */
  wins: number;
  byEngine: Record<string, TEngineTotals>;
  byMember: Record<string, TEngineTotals>;
  topUps: number;
  backoff: TBackoffStats;
  /** Members that stopped before their budget, and why. */
  stopped: { username: string; reason: string }[];
  currencySymbol: string;
  seconds: number;
};

/** Rounds in one game session before the member closes it and launches again (maybe another game). */
const VISIT_ROUNDS = { min: 5, max: 15 } as const;
const zero = (): TEngineTotals => ({ rounds: 0, betMinor: 0, wonMinor: 0 });
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The single-use ticket of a built-in game's launch URL (`/seamless?game=…&ticket=…`, docs/0039). */
export function ticketOf(launchUrl: string): string {
  const ticket = new URL(launchUrl, 'http://site.invalid').searchParams.get('ticket');
  if (!ticket) throw new Error(`the launch answered no built-in game page: ${launchUrl}`);
  return ticket;
}

class MemberStopped extends Error {}

/**
 * Plays the built-in games for seeded members through the site's public API, the way their pages
 * do: log in, launch (`catalogue.launch`), open the ticket (`games.open`), play, close. Every bet and
 * win goes through the platform's seamless wallet, so the betting records, profit and loss, hot games
 * and the winner board fill in as they would with real players.
 */
export async function runTraffic(options: TTrafficOptions): Promise<TTrafficSummary> {
  const random = options.random ?? Math.random;
  const log = options.log ?? (() => {});
  const players = PLAYERS.filter((p) => !options.engines || options.engines.includes(p.engine));
  if (players.length === 0) throw new Error(`no player for ${options.engines?.join(', ')}; known: ${PLAYERS.map((p) => p.engine).join(', ')}`);
  const started = Date.now();
  const deadline = options.minutes === null ? Infinity : started + options.minutes * 60_000;
  const summary: TTrafficSummary = {
    members: 0,
    rounds: 0,
    totalBetMinor: 0,
    totalWonMinor: 0,
    wins: 0,
    byEngine: {},
    byMember: {},
    topUps: 0,
    backoff: { waits: 0, waitedMs: 0 },
    stopped: [],
    currencySymbol: '',
    seconds: 0,
  };
  const call = <T>(work: () => Promise<T>) => withBackoff(summary.backoff, work, { random });
  const game = gatewayClient(options.url);

  async function playMember(account: (typeof DEMO_PLAYERS)[number]): Promise<void> {
    const login = await call(() => gatewayClient(options.url).session.login.mutate({ username: account.username, password: account.password }));
    if (login?.kind !== 'session')
      throw new MemberStopped(`the login asked for ${login?.kind ?? 'nothing'} (run the script from an address the demo accounts know, e.g. this machine)`);
    if (login.mustChangePassword) throw new MemberStopped('the password must be changed first');
    const member = gatewayClient(options.url, login.token);
    summary.members++;
    let played = 0;
    const wantsMore = () => !options.signal?.aborted && Date.now() < deadline && (options.rounds === null || played < options.rounds);
    try {
      while (wantsMore()) {
        const player = players[Math.floor(random() * players.length)]!;
        const nodeId = player.nodeIds[Math.floor(random() * player.nodeIds.length)]!;
        const visitRounds = VISIT_ROUNDS.min + Math.floor(random() * (VISIT_ROUNDS.max - VISIT_ROUNDS.min + 1));
        let inVisit = 0;
        let broke = false;
        const ctx: TPlayContext = {
          game,
          call,
          random,
          wantsAnotherRound: () => inVisit < visitRounds && wantsMore(),
          recordRound: (round) => {
            played++;
            inVisit++;
            summary.rounds++;
            summary.totalBetMinor += round.stakeMinor;
            summary.totalWonMinor += round.payoutMinor;
            if (round.payoutMinor > 0) summary.wins++;
            for (const totals of [(summary.byEngine[player.engine] ??= zero()), (summary.byMember[account.username] ??= zero())]) {
              totals.rounds++;
              totals.betMinor += round.stakeMinor;
              totals.wonMinor += round.payoutMinor;
            }
          },
          topUp: async () => {
            const balance = await topUp(account.username, member);
            if (balance === null) broke = true;
            return balance;
          },
        };
        await visit(member, player, nodeId, ctx);
        if (broke) throw new MemberStopped("out of money, and the simulated deposit did not arrive (are the site's jobs off? JOBS=off)");
      }
    } finally {
      await call(() => member.session.logout.mutate()).catch(() => {});
    }
  }

  /** One game session: launch, open, play, close (a second open game would answer 734). */
  async function visit(member: TApi, player: TPlayer, nodeId: string, ctx: TPlayContext): Promise<void> {
    const launch = () => call(() => member.catalogue.launch.mutate({ nodeId, freeTrial: false }));
    let launched;
    try {
      launched = await launch();
    } catch (err) {
      // UPSTREAM-NOTES 734: a game is open for the member (a browser, or a run that was cut off). Like
      // the web's answer to it: close it and start this one.
      if (refusalOf(err)?.message !== WLG_MESSAGES.gameAlreadyOpen) throw err;
      await call(() => member.games.closeMine.mutate());
      launched = await launch();
    }
    const opened = await call(() => game.games.open.mutate({ ticket: ticketOf(launched.url) }));
    try {
      if (opened.game.engine !== player.engine) throw new Error(`${nodeId} opened as ${opened.game.engine}, not ${player.engine}`);
      if (opened.mode !== 'real') throw new Error(`${nodeId} opened as ${opened.mode} play, not real money`);
      summary.currencySymbol ||= opened.currencySymbol;
      await player.play(ctx, opened);
    } finally {
      await call(() => game.games.close.mutate({ token: opened.token })).catch(() => {});
    }
  }

  /** A deposit on the site's simulated channel, then the balance read until the money is there. */
  async function topUp(username: string, member: TApi): Promise<number | null> {
    const { channels } = await call(() => member.deposit.channels.query());
    const channel = channels.find((c) => c.autoSettleSeconds !== null);
    if (!channel) return null;
    const amountMinor = Math.min(channel.maxMinor, Math.max(channel.minMinor, options.topUpMinor ?? 100_000));
    const before = (await call(() => member.member.balance.query())).balance;
    await call(() => member.deposit.create.mutate({ channelId: channel.id, amountMinor, key: `demo-traffic-${randomBytes(9).toString('base64url')}` }));
    summary.topUps++;
    log(`${username} deposits ${amountMinor / 100} on ${channel.name}; waiting for it to settle (${channel.autoSettleSeconds} s)`);
    const until = Date.now() + (options.topUpWaitMs ?? 60_000);
    while (Date.now() < until && !options.signal?.aborted) {
      await sleep(1000);
      const now = (await call(() => member.member.balance.query())).balance;
      if (now >= before + amountMinor) return now;
    }
    return null;
  }

  const queue = DEMO_PLAYERS.slice(0, Math.max(0, options.members));
  if (options.members > DEMO_PLAYERS.length) log(`only ${DEMO_PLAYERS.length} seeded members can play; using them all`);
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(options.concurrency, queue.length)) }, async () => {
      for (let account = queue.shift(); account; account = queue.shift()) {
        log(`${account.username} plays`);
        try {
          await playMember(account);
        } catch (err) {
          const reason = err instanceof MemberStopped ? err.message : (refusalOf(err)?.message ?? (err instanceof Error ? err.message : String(err)));
          summary.stopped.push({ username: account.username, reason });
          log(`${account.username} stopped: ${reason}`);
        }
      }
    }),
  );
  summary.seconds = Math.round((Date.now() - started) / 100) / 10;
  return summary;
}
