import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

/* The agent tree, its invitations, the team figures rolled up from the ledger, and agent contracts with their settlements. */

/** An agent's invitation code (registerCenter, migration 0023, docs/0051). */
export interface AgentInvitationsTable {
  id: Generated<number>;
  merchant_id: number;
  agent_id: number;
  code: string;
  member_type: 'member' | 'agent';
  enabled: Generated<boolean>;
  created_at: Generated<Date>;
  deleted_at: Timestamp | null;
}
/** Closure table of the agent tree (migration 0021, docs/0046): kept by triggers from members.upline_id. */
export interface MemberTreeTable {
  ancestor_id: number;
  descendant_id: number;
  /** Steps from ancestor to descendant; 0 is the member itself. */
  depth: number;
}
/** The figures summed per UTC hour, from ledger entries up to the watermark (migration 0024, docs/0058). */
interface TeamHourSums {
  bets: number;
  bet_minor: number;
  valid_bet_minor: number;
  payout_minor: number;
  deposit_minor: number;
  withdraw_minor: number;
}
/** One member's own figures in one UTC hour, from ledger entries up to the watermark (migration 0024, docs/0058). */
export interface TeamMemberHoursTable extends TeamHourSums {
  member_id: number;
  hour: Date;
}
/** The same sums per agent and UTC hour over the agent's team (migration 0024, docs/0058). */
export interface TeamAncestorHoursTable extends TeamHourSums {
  ancestor_id: number;
  hour: Date;
}
/** The same sums per member and 5-minute slot, for the parts of a period that are not whole hours (migration 0035, docs/0087). */
export interface TeamMemberSlotsTable extends TeamHourSums {
  member_id: number;
  slot: Date;
}
/** The same sums per agent and 5-minute slot over the agent's team (migration 0035, docs/0087). */
export interface TeamAncestorSlotsTable extends TeamHourSums {
  ancestor_id: number;
  slot: Date;
}
/** A member's hours with a bet in one UTC month, bit i for hour i (migration 0024). */
export interface TeamMemberMonthsTable {
  member_id: number;
  month: Date;
  hours: string;
}
/** The one row saying up to which ledger entry the team figures' tables are filled: (rolled_xact, rolled_to_entry_id) in (xact_id, id) order (migration 0034, docs/0082). */
export interface TeamFiguresStateTable {
  id: Generated<number>;
  rolled_to_entry_id: number;
  rolled_xact: Generated<number>;
  rolled_at: Generated<Date>;
}
/** Registrations per agent and UTC hour over the agent's whole team, kept from the closure table (migration 0034, docs/0082). */
export interface TeamJoinsTable {
  ancestor_id: number;
  hour: Date;
  joined: number;
}
/** An agent's active members over whole UTC hours [from_hour, to_hour), exact at the watermark it names (migration 0034, docs/0082). */
export interface TeamActiveMemoTable {
  ancestor_id: number;
  from_hour: Date;
  to_hour: Date;
  rolled_xact: number;
  rolled_id: number;
  active: number;
  made_at: Generated<Date>;
}
/** Agent contracts (migration 0022, docs/0049). */
export interface AgentContractsTable {
  id: Generated<number>;
  merchant_id: number;
  kind: 'dividend' | 'daily' | 'hourly' | 'realtime';
  /** The offering agent; null: given by the operator. */
  upline_id: number | null;
  member_id: number;
  state: Generated<'new' | 'accepted' | 'rejected' | 'termination' | 'terminated'>;
  terms: ColumnType<unknown, string, string>;
  termination_by: 'upline' | 'holder' | null;
  end_reason: 'rejected' | 'terminated' | 'withdrawn' | 'replaced' | 'auto' | null;
  offered_at: Generated<Date>;
  accepted_at: Date | null;
  ended_at: Date | null;
  settled_until: Date | null;
  /** Operator contracts only: the chain's holders are paid on their own bets too (migration 0026, docs/0064). */
  pays_own_bets: Generated<boolean>;
}
export interface AgentContractSettlementsTable {
  id: Generated<number>;
  merchant_id: number;
  contract_id: number;
  member_id: number;
  kind: string;
  period_start: Date;
  period_end: Date;
  valid_bet_minor: number;
  payout_minor: number;
  active_members: number;
  base_minor: number;
  rate_bp: number;
  amount_minor: number;
  transaction_id: number;
  created_at: Generated<Date>;
}

/** The agents tables, by name (db/schema.ts composes them into DB). */
export interface AgentTables {
  member_tree: MemberTreeTable;
  team_member_hours: TeamMemberHoursTable;
  team_figures_state: TeamFiguresStateTable;
  team_ancestor_hours: TeamAncestorHoursTable;
  team_member_slots: TeamMemberSlotsTable;
  team_ancestor_slots: TeamAncestorSlotsTable;
  team_member_months: TeamMemberMonthsTable;
  team_joins: TeamJoinsTable;
  team_active_memo: TeamActiveMemoTable;
  agent_invitations: AgentInvitationsTable;
  agent_contracts: AgentContractsTable;
  agent_contract_settlements: AgentContractSettlementsTable;
}
