import { z } from 'zod';
import { GAME_TYPES } from '../domain/game-types.ts';
import { MAX_TURNOVER_MULTIPLE } from '../domain/promotion-terms/bonus.ts';
import { zText } from '../text.ts';
import { declareCall, operatorWith, REAL_MEMBER } from './call.ts';
import { ZInstant, ZRowId } from './shapes.ts';

/**
 * Missions and leaderboards (docs/0119): an operator's daily, weekly and one-off missions, each of
 * tasks counted from the server's records; a completed mission claimed once a period and paid
 * through the ledger or the bonus wallet; leaderboards by valid turnover or mission points, their
 * prizes paid by a job at each period's end.
 */
export const MISSION_PATHS = {
  /** GET: the member's missions with each task's progress, and the leaderboards. */
  list: '/wps/member/missions',
  /** GET: the missions summary: how many are complete and unclaimed (the mission badge). */
  summary: '/wps/member/missions/summary',
  /** POST { missionId }: claim a completed mission's reward, once a period. */
  claim: '/wps/member/missions/claim',
  /** GET: the leaderboards with their ranking and the member's own rank. */
  leaderboards: '/wps/member/leaderboards',
  operatorMissions: '/wps/operator/missions',
  saveMission: '/wps/operator/missions/save',
  setMissionReward: '/wps/operator/missions/reward',
  operatorLeaderboards: '/wps/operator/leaderboards',
  saveLeaderboard: '/wps/operator/leaderboards/save',
  setLeaderboardPrizes: '/wps/operator/leaderboards/prizes',
} as const;

/** Message keys of missions; the web translates them (promotions texts). */
export const MISSION_MESSAGES = {
  /** No such mission at this merchant, not active, or not paying yet. */
  unknown: 'mission_unknown',
  notComplete: 'mission_not_complete',
  alreadyClaimed: 'mission_already_claimed',
  /** Operator: a board's metric and period stay as they were once a period was paid. */
  paidFixed: 'leaderboard_paid_fixed',
  /** Operator: the mission's cadence or tasks changed since finance opened it (docs/0119). */
  termsChanged: 'mission_terms_changed',
} as const;

export const MISSION_CADENCES = ['daily', 'weekly', 'once'] as const;
export const MISSION_TASK_KINDS = ['turnover', 'deposit', 'login_days', 'rounds'] as const;
export const MISSION_REWARD_KINDS = ['cash', 'bonus'] as const;
export const LEADERBOARD_METRICS = ['turnover', 'points'] as const;
export const LEADERBOARD_PERIODS = ['daily', 'weekly'] as const;
/** Ranks a leaderboard shows and may pay. */
export const LEADERBOARD_RANKS = 20;
/** The largest reward or prize, in minor units (৳100,000). */
export const MAX_MISSION_REWARD_MINOR = 10_000_000;

const ZReward = z.number().int().min(1).max(MAX_MISSION_REWARD_MINOR);
const ZName = zText({ max: 80, min: 1 });

/** A task: valid turnover (of one game type, or all) or deposits in minor units; login days or settled rounds as a count. */
export const ZMissionTask = z.object({
  kind: z.enum(MISSION_TASK_KINDS),
  gameType: z.enum(GAME_TYPES).nullable(),
  target: z.number().int().min(1).max(1_000_000_000),
});
export type TMissionTask = z.infer<typeof ZMissionTask>;
export const ZMissionTaskProgress = ZMissionTask.extend({ done: z.number().int().nonnegative() });

export const ZMissionReward = z.object({ kind: z.enum(MISSION_REWARD_KINDS), amountMinor: ZReward });

export const ZMemberMission = z.object({
  id: ZRowId,
  cadence: z.enum(MISSION_CADENCES),
  nameEn: z.string().max(80),
  nameBn: z.string().max(80),
  points: z.number().int().nonnegative(),
  reward: ZMissionReward,
  /** The period's end (null: a one-off mission). */
  endsAt: ZInstant.nullable(),
  tasks: z.array(ZMissionTaskProgress).max(4),
  complete: z.boolean(),
  claimed: z.boolean(),
});
export type TMemberMission = z.infer<typeof ZMemberMission>;
export const ZMemberMissions = z.object({ missions: z.array(ZMemberMission).max(100), claimable: z.number().int().nonnegative() });
export type TMemberMissions = z.infer<typeof ZMemberMissions>;
export const ZMissionSummary = z.object({ claimable: z.number().int().nonnegative() });

export const ZMissionClaimRequest = z.object({ missionId: ZRowId });
export const ZMissionClaimResult = z.object({
  reward: ZMissionReward,
  points: z.number().int().nonnegative(),
  /** A bonus reward's award; null for cash. */
  awardId: ZRowId.nullable(),
  /** A bonus held for an operator's review (linked accounts, docs/0097). */
  held: z.boolean(),
});
export type TMissionClaimResult = z.infer<typeof ZMissionClaimResult>;

export const ZLeaderboardEntry = z.object({ rank: z.number().int().min(1), name: z.string().max(40), score: z.number().int().nonnegative() });
export const ZLeaderboard = z.object({
  id: ZRowId,
  nameEn: z.string().max(80),
  nameBn: z.string().max(80),
  metric: z.enum(LEADERBOARD_METRICS),
  period: z.enum(LEADERBOARD_PERIODS),
  startsAt: ZInstant,
  endsAt: ZInstant,
  prizes: z.array(z.object({ rank: z.number().int().min(1), amountMinor: ZReward })).max(LEADERBOARD_RANKS),
  top: z.array(ZLeaderboardEntry).max(LEADERBOARD_RANKS),
  /** The member's own rank (null: no score yet) and score. */
  mine: z.object({ rank: z.number().int().min(1).nullable(), score: z.number().int().nonnegative() }),
});
export type TLeaderboard = z.infer<typeof ZLeaderboard>;
export const ZLeaderboards = z.object({ boards: z.array(ZLeaderboard).max(20) });
export type TLeaderboards = z.infer<typeof ZLeaderboards>;

// Operator side: content writes missions and boards, finance what they pay (docs/0100's split).
export const ZMissionSave = z.object({
  /** Null: a new mission. */
  id: ZRowId.nullable(),
  cadence: z.enum(MISSION_CADENCES),
  nameEn: ZName,
  nameBn: ZName,
  tasks: z.array(ZMissionTask).min(1).max(4),
  points: z.number().int().min(0).max(100_000),
  active: z.boolean(),
  sort: z.number().int().min(0).max(1000),
});
export type TMissionSave = z.input<typeof ZMissionSave>;
export const ZMissionRewardSet = z
  .object({
    id: ZRowId,
    /** The terms version finance was shown (ZOperatorMission.termsVersion): another is refused. */
    termsVersion: z.number().int().min(1).max(2_000_000_000),
    kind: z.enum(MISSION_REWARD_KINDS),
    amountMinor: ZReward,
    /** A bonus's turnover multiple; null for cash. */
    turnoverMultiple: z.number().int().min(1).max(MAX_TURNOVER_MULTIPLE).nullable(),
  })
  .refine((r) => (r.kind === 'bonus') === (r.turnoverMultiple !== null), { path: ['turnoverMultiple'] });
export type TMissionRewardSet = z.input<typeof ZMissionRewardSet>;
export const ZOperatorMission = ZMissionSave.extend({
  id: ZRowId,
  reward: ZMissionReward.nullable(),
  turnoverMultiple: z.number().int().nullable(),
  claims: z.number().int().nonnegative(),
  updatedAt: ZInstant,
  /** Raised when the cadence or tasks change, which takes the reward away until finance prices it again. */
  termsVersion: z.number().int().min(1),
});
export type TOperatorMission = z.infer<typeof ZOperatorMission>;
export const ZOperatorMissions = z.object({ rows: z.array(ZOperatorMission).max(200) });

export const ZLeaderboardSave = z.object({
  id: ZRowId.nullable(),
  nameEn: ZName,
  nameBn: ZName,
  metric: z.enum(LEADERBOARD_METRICS),
  period: z.enum(LEADERBOARD_PERIODS),
  active: z.boolean(),
});
export type TLeaderboardSave = z.input<typeof ZLeaderboardSave>;
/** Prizes of ranks 1..n in order; an empty list pays nothing. */
export const ZLeaderboardPrizesSet = z.object({ id: ZRowId, prizes: z.array(ZReward).max(LEADERBOARD_RANKS) });
export type TLeaderboardPrizesSet = z.input<typeof ZLeaderboardPrizesSet>;
export const ZOperatorLeaderboard = ZLeaderboardSave.extend({
  id: ZRowId,
  prizes: z.array(ZReward).max(LEADERBOARD_RANKS),
  paidPeriods: z.number().int().nonnegative(),
});
export type TOperatorLeaderboard = z.infer<typeof ZOperatorLeaderboard>;
export const ZOperatorLeaderboards = z.object({ rows: z.array(ZOperatorLeaderboard).max(50) });

const MEMBER = { moduleId: 'MISSION', audience: REAL_MEMBER, modules: ['MISSION3'] } as const;
export const MISSION_CALLS = {
  list: declareCall({ ...MEMBER, method: 'GET', path: MISSION_PATHS.list, output: ZMemberMissions }),
  summary: declareCall({ ...MEMBER, method: 'GET', path: MISSION_PATHS.summary, output: ZMissionSummary }),
  leaderboards: declareCall({ ...MEMBER, method: 'GET', path: MISSION_PATHS.leaderboards, output: ZLeaderboards }),
  /** Never retried (a POST); a second claim of the period is refused, nothing paid twice. */
  claim: declareCall({ ...MEMBER, method: 'POST', path: MISSION_PATHS.claim, input: ZMissionClaimRequest, output: ZMissionClaimResult, kind: 'money' }),
} as const;

const SERVE = { moduleId: 'OPERATOR', region: 'serve' } as const;
export const OPERATOR_MISSION_CALLS = {
  missions: declareCall({ ...SERVE, method: 'GET', path: MISSION_PATHS.operatorMissions, output: ZOperatorMissions, audience: operatorWith('config.read') }),
  /** Names, tasks, cadence, points and whether it is on: the content role. */
  saveMission: declareCall({
    ...SERVE,
    method: 'POST',
    path: MISSION_PATHS.saveMission,
    input: ZMissionSave,
    output: ZOperatorMission,
    audience: operatorWith('content.write'),
  }),
  /** What a mission pays: finance (money.write). */
  setMissionReward: declareCall({
    ...SERVE,
    method: 'POST',
    path: MISSION_PATHS.setMissionReward,
    input: ZMissionRewardSet,
    output: ZOperatorMission,
    audience: operatorWith('money.write'),
  }),
  leaderboards: declareCall({
    ...SERVE,
    method: 'GET',
    path: MISSION_PATHS.operatorLeaderboards,
    output: ZOperatorLeaderboards,
    audience: operatorWith('config.read'),
  }),
  saveLeaderboard: declareCall({
    ...SERVE,
    method: 'POST',
    path: MISSION_PATHS.saveLeaderboard,
    input: ZLeaderboardSave,
    output: ZOperatorLeaderboard,
    audience: operatorWith('content.write'),
  }),
  /** Prizes per rank: finance (money.write). */
  setLeaderboardPrizes: declareCall({
    ...SERVE,
    method: 'POST',
    path: MISSION_PATHS.setLeaderboardPrizes,
    input: ZLeaderboardPrizesSet,
    output: ZOperatorLeaderboard,
    audience: operatorWith('money.write'),
  }),
} as const;
