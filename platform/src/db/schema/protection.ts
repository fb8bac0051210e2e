import type { ColumnType, Generated } from 'kysely';

/* Player protection (migration 0047, docs/0102): the member's limits, the merchant's raise delay, raises waiting for it, and the append-only log. */

export interface ProtectionSettingsTable {
  merchant_id: number;
  raise_delay_minutes: Generated<number>;
  /** Migration 0049 (docs/0105): the cooling-off between a reopen request and its confirmation. */
  reopen_cooling_minutes: Generated<number>;
  /** The default reality-check interval of members who never chose (migration 0048); null: none. */
  reality_check_minutes: Generated<number | null>;
}
/** A member's reality check (migration 0048, docs/0104): interval null = turned off; not chosen or no row = the merchant's default. */
export interface ProtectionRealityChecksTable {
  member_id: number;
  merchant_id: number;
  /** The member chose the interval; false: the merchant's default applies (the row only keeps the acknowledgement). */
  chosen: boolean;
  interval_minutes: number | null;
  acknowledged_at: Date | null;
}
export interface ProtectionLimitsTable {
  member_id: number;
  kind: string;
  merchant_id: number;
  value: number;
  set_at: Date;
}
export interface ProtectionPendingTable {
  member_id: number;
  kind: string;
  merchant_id: number;
  value: number | null;
  requested_at: Date;
  effective_at: Date;
}
export interface ProtectionLogTable {
  id: Generated<number>;
  merchant_id: number;
  /** Null only for an operator's limit for every member of the merchant (migration 0051, docs/0108). */
  member_id: number | null;
  at: Date;
  channel: 'member' | 'agent' | 'operator' | 'system';
  actor_id: number | null;
  kind: string;
  limit_kind: string | null;
  before: ColumnType<unknown | null, string | null, never>;
  after: ColumnType<unknown | null, string | null, never>;
}

/** A time-out or self-exclusion (migration 0049, docs/0105); open until `reopened_at`. */
export interface ProtectionExclusionsTable {
  id: Generated<number>;
  member_id: number;
  merchant_id: number;
  kind: 'timeout' | 'self_exclusion';
  period: string;
  started_at: Date;
  ends_at: Date | null;
  mobile_key: string | null;
  email_key: string | null;
  payee_key: string | null;
  reopen_requested_at: Date | null;
  reopen_confirmable_at: Date | null;
  reopened_at: Date | null;
}

/** The protection tables, by name (db/schema.ts composes them into DB). */
export interface ProtectionTables {
  protection_settings: ProtectionSettingsTable;
  protection_limits: ProtectionLimitsTable;
  protection_pending: ProtectionPendingTable;
  protection_log: ProtectionLogTable;
  protection_exclusions: ProtectionExclusionsTable;
  protection_reality_checks: ProtectionRealityChecksTable;
}

/* Operator compliance controls (migration 0050, docs/0106). */
export interface MemberAccountStatesTable {
  member_id: number;
  merchant_id: number;
  deposit_blocked: boolean;
  bet_blocked: boolean;
  withdraw_blocked: boolean;
  suspended: boolean;
  full_block: boolean;
  reason: string;
  operator_id: number | null;
  set_at: Date;
}
export interface ProtectionOperatorLimitsTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number | null;
  kind: string;
  value: number;
  reason: string;
  operator_id: number | null;
  set_at: Date;
}
export interface GamingSwitchOffsTable {
  merchant_id: number;
  scope: 'all' | 'vendor' | 'game';
  target: string;
  reason: string;
  operator_id: number | null;
  set_at: Date;
}
/** docs/0122: a part of the merchant the owner stopped in an emergency (migration 0061); no row: it runs. */
export interface EmergencyStopsTable {
  merchant_id: number;
  part: 'gaming' | 'money';
  reason: string;
  operator_id: number;
  operator_username: string;
  set_at: Date;
}
export interface ComplianceTables {
  member_account_states: MemberAccountStatesTable;
  protection_operator_limits: ProtectionOperatorLimitsTable;
  gaming_switch_offs: GamingSwitchOffsTable;
  emergency_stops: EmergencyStopsTable;
}
