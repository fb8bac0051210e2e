import { MISSION_CALLS, OPERATOR_MISSION_CALLS } from '@wl/schemas';
import { routesOf } from '../http/routes-of.ts';
import { listLeaderboards, memberLeaderboards, saveLeaderboard, setLeaderboardPrizes } from './leaderboards.ts';
import { claimMission, listMissions, memberMissions, missionSummary, saveMission, setMissionReward } from './missions.service.ts';

/** The member's missions and leaderboards (docs/0119); always the session's own member. */
export const missionRoutes = routesOf(MISSION_CALLS, {
  list: (c) => memberMissions(c.deps, c.merchant, c.actor.memberId),
  summary: (c) => missionSummary(c.deps, c.merchant, c.actor.memberId),
  leaderboards: (c) => memberLeaderboards(c.deps, c.merchant, c.actor.memberId),
  claim: (c) => claimMission(c.deps, c.merchant, c.actor.memberId, c.input.missionId, c.ip),
});

/** The console's missions and leaderboards (docs/0119): content writes them, finance (money.write) what they pay. */
export const operatorMissionRoutes = routesOf(OPERATOR_MISSION_CALLS, {
  missions: (c) => listMissions(c.deps, c.merchant),
  saveMission: (c) => saveMission(c.deps, c.merchant, c.actor, c.ip, c.input),
  setMissionReward: (c) => setMissionReward(c.deps, c.merchant, c.actor, c.ip, c.input),
  leaderboards: (c) => listLeaderboards(c.deps, c.merchant),
  saveLeaderboard: (c) => saveLeaderboard(c.deps, c.merchant, c.actor, c.ip, c.input),
  setLeaderboardPrizes: (c) => setLeaderboardPrizes(c.deps, c.merchant, c.actor, c.ip, c.input),
});
