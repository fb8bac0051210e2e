import type { Generated } from 'kysely';
import type { Json, Timestamp } from './columns.ts';

/* Missions and leaderboards (migration 0059, docs/0119). */

export type TMissionTaskRow = { kind: 'turnover' | 'deposit' | 'login_days' | 'rounds'; gameType: string | null; target: number };

export interface MissionsTable {
  id: Generated<number>;
  merchant_id: number;
  cadence: 'daily' | 'weekly' | 'once';
  name_en: string;
  name_bn: string;
  tasks: Json<TMissionTaskRow[]>;
  points: Generated<number>;
  active: Generated<boolean>;
  sort: Generated<number>;
  reward_kind: 'cash' | 'bonus' | null;
  reward_minor: number | null;
  turnover_multiple: number | null;
  created_by: number;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** Raised when the cadence or tasks change; finance prices the version it saw (migration 0067, docs/0119). */
  terms_version: Generated<number>;
}
export interface MissionClaimsTable {
  id: Generated<number>;
  merchant_id: number;
  mission_id: number;
  member_id: number;
  period_start: Timestamp;
  reward_kind: 'cash' | 'bonus';
  amount_minor: number;
  points: number;
  award_id: number | null;
  transaction_id: number | null;
  created_at: Generated<Date>;
}
export interface LeaderboardsTable {
  id: Generated<number>;
  merchant_id: number;
  name_en: string;
  name_bn: string;
  metric: 'turnover' | 'points';
  period: 'daily' | 'weekly';
  active: Generated<boolean>;
  created_by: number;
  created_at: Generated<Date>;
}
export interface LeaderboardPrizesTable {
  leaderboard_id: number;
  rank: number;
  amount_minor: number;
}
export interface LeaderboardRunsTable {
  leaderboard_id: number;
  period_start: Timestamp;
  paid_at: Generated<Date>;
}
export interface LeaderboardPayoutsTable {
  id: Generated<number>;
  leaderboard_id: number;
  period_start: Timestamp;
  member_id: number;
  rank: number;
  score: number;
  amount_minor: number;
  transaction_id: number;
  created_at: Generated<Date>;
}

/** The missions tables, by name (db/schema.ts composes them into DB). */
export interface MissionTables {
  missions: MissionsTable;
  mission_claims: MissionClaimsTable;
  leaderboards: LeaderboardsTable;
  leaderboard_prizes: LeaderboardPrizesTable;
  leaderboard_runs: LeaderboardRunsTable;
  leaderboard_payouts: LeaderboardPayoutsTable;
}
