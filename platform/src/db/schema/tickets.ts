import type { Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

/* Reward tickets (migration 0060, docs/0120): the operator's rules that earn them, each rule's prizes with odds and stock, and the members' tickets. */

export type TTicketKind = 'golden_egg' | 'red_envelope' | 'wheel';
export type TTicketEarn = 'deposit' | 'login_day' | 'turnover';

export interface TicketRulesTable {
  id: Generated<number>;
  merchant_id: number;
  kind: TTicketKind;
  earn: TTicketEarn;
  threshold_minor: number;
  valid_hours: number;
  title_en: string;
  title_bn: string;
  active: Generated<boolean>;
  /** docs/0126: up when what earns the rule's tickets changes; the rule earns only while priced_version equals it. */
  terms_version: Generated<number>;
  priced_version: number | null;
  starts_at: Generated<Date>;
  created_at: Generated<Date>;
}
export interface TicketPrizesTable {
  id: Generated<number>;
  rule_id: number;
  position: number;
  kind: 'cash' | 'bonus' | 'points';
  amount: number;
  turnover_multiple: number | null;
  odds_bp: number;
  stock: number | null;
  given: Generated<number>;
  fallback: Generated<boolean>;
}
export interface RewardTicketsTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  rule_id: number;
  source_key: string;
  server_seed: string;
  server_seed_hash: string;
  earned_at: Generated<Date>;
  expires_at: Timestamp;
  drawn_at: Timestamp | null;
  client_seed: string | null;
  roll: number | null;
  drawn_prize_id: number | null;
  prize_id: number | null;
  /** What the ticket paid, kept as it was when drawn (migration 0068): prizes may be repriced later. */
  prize_kind: 'cash' | 'bonus' | 'points' | null;
  prize_amount: number | null;
  prize_turnover_multiple: number | null;
  transaction_id: number | null;
  award_id: number | null;
  points_entry_id: number | null;
}

/** A raffle promotion: its entry, claimed once, is a ticket of its rule (docs/0120). */
export interface RafflesTable {
  id: Generated<number>;
  merchant_id: number;
  rule_id: number;
  title_en: string;
  title_bn: string;
  min_deposit_minor: number;
  starts_at: Timestamp;
  ends_at: Timestamp;
  created_by: number;
  created_at: Generated<Date>;
}

/** The ticket tables, by name (db/schema.ts composes them into DB). */
export interface TicketTables {
  ticket_rules: TicketRulesTable;
  ticket_prizes: TicketPrizesTable;
  reward_tickets: RewardTicketsTable;
  raffles: RafflesTable;
}
