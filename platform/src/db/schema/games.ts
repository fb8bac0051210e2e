import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

/* Games that take bets: the seamless wallet's providers and calls, and the built-in provider's sessions, seeds, rounds, seed chains, crash rounds and lottery draws. */

export interface SeamlessProvidersTable {
  id: Generated<number>;
  merchant_id: number;
  code: string;
  name: string;
  secret: string;
  enabled: Generated<boolean>;
  created_at: Generated<Date>;
}
export interface SeamlessTransactionsTable {
  id: Generated<number>;
  provider_id: number;
  transaction_id: string;
  kind: 'bet' | 'win' | 'rollback';
  member_id: number;
  round_id: string;
  game_code: string;
  ref_transaction_id: string | null;
  amount_minor: number;
  request_hash: string;
  ledger_transaction_id: number | null;
  /** A win's: the sum of the bets it settled (docs/0099); null on bets and rollbacks. */
  settled_stake_minor: number | null;
  created_at: Generated<Date>;
}
export interface SeamlessBetSlotsTable {
  provider_id: number;
  bet_transaction_id: string;
  state: 'placed' | 'rolled_back' | 'void' | 'settled';
}
/** Signed seamless calls seen, by nonce (migration 0031, docs/0072). */
export interface SeamlessNoncesTable {
  provider_id: number;
  nonce: string;
  seen_at: Date;
}
/** Built-in games (migration 0018, docs/0039): a launched game's session, its seeds and its rounds. */
export interface GameSessionsTable {
  id: Generated<number>;
  token_hash: string;
  merchant_id: number;
  member_id: number | null;
  game_id: number;
  mode: 'real' | 'fun';
  play_balance_minor: number | null;
  last_seen_at: Date;
  closed_at: Date | null;
  created_at: Generated<Date>;
}
export interface GameSeedsTable {
  id: Generated<number>;
  session_id: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: Generated<number>;
  /** The server seed of the session's next turn, committed by its hash before the player picks a client seed (docs/0073). */
  next_server_seed: string | null;
  revealed_at: Date | null;
  created_at: Generated<Date>;
}
export interface GameRoundsTable {
  id: Generated<number>;
  session_id: number;
  seed_id: number;
  nonce: number;
  merchant_id: number;
  member_id: number | null;
  game_id: number;
  mode: 'real' | 'fun';
  stake_minor: number;
  payout_minor: number;
  outcome: ColumnType<unknown, string, string>;
  state: 'open' | 'placed' | 'settled' | 'refused' | 'rolled_back';
  created_at: Generated<Date>;
  settled_at: Date | null;
}
/** A reverse hash chain of server seeds committed by its anchor (migration 0031, docs/0073). */
export interface GameSeedChainsTable {
  id: Generated<number>;
  game_id: number;
  generation: number;
  length: number;
  terminal_seed: string;
  anchor: string;
  created_at: Generated<Date>;
}
export interface CrashRoundsTable {
  id: Generated<number>;
  merchant_id: number;
  game_id: number;
  round_no: number;
  server_seed: string;
  server_seed_hash: string;
  crash_x100: number;
  opens_at: Timestamp;
  flies_at: Timestamp;
  crashes_at: Timestamp;
  ends_at: Timestamp;
  /** The seed chain link of the round, and what was mixed in (migration 0031, docs/0073). */
  chain_id: number | null;
  chain_index: number | null;
  mix: string | null;
  mix_tickets: unknown | null;
  settled_at: Timestamp | null;
}
export interface CrashBetsTable {
  id: Generated<number>;
  round_id: number;
  session_id: number;
  merchant_id: number;
  member_id: number | null;
  game_id: number;
  mode: 'real' | 'fun';
  stake_minor: number;
  auto_cash_out_x100: number | null;
  cash_out_x100: number | null;
  payout_minor: number | null;
  state: 'open' | 'placed' | 'settled' | 'refused' | 'rolled_back';
  created_at: Generated<Date>;
  decided_at: Timestamp | null;
  settled_at: Timestamp | null;
}
export interface LotterySettingsTable {
  game_id: number;
  interval_seconds: number;
  payouts: ColumnType<unknown, string, string>;
  updated_at: Generated<Date>;
}
export interface LotteryDrawsTable {
  id: Generated<number>;
  merchant_id: number;
  game_id: number;
  numero: string;
  opens_at: Date;
  closes_at: Date;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  result: string | null;
  state: 'open' | 'drawn' | 'settled';
  drawn_at: Date | null;
  /** The seed chain link of the round, and what was mixed in (migration 0031, docs/0073). */
  chain_id: number | null;
  chain_index: number | null;
  mix: string | null;
  mix_tickets: unknown | null;
  settled_at: Date | null;
  created_at: Generated<Date>;
}
export interface LotteryBetsTable {
  id: Generated<number>;
  draw_id: number;
  session_id: number;
  merchant_id: number;
  member_id: number | null;
  game_id: number;
  mode: 'real' | 'fun';
  bet_type: 'exact3' | 'last2' | 'last1' | 'big' | 'small' | 'odd' | 'even';
  pick: string | null;
  stake_minor: number;
  payout_x100: number;
  win_minor: number | null;
  state: 'open' | 'placed' | 'settled' | 'refused' | 'rolled_back';
  created_at: Generated<Date>;
  settled_at: Date | null;
}

/** The games tables, by name (db/schema.ts composes them into DB). */
export interface GameTables {
  seamless_providers: SeamlessProvidersTable;
  seamless_transactions: SeamlessTransactionsTable;
  seamless_bet_slots: SeamlessBetSlotsTable;
  seamless_nonces: SeamlessNoncesTable;
  game_sessions: GameSessionsTable;
  game_seeds: GameSeedsTable;
  game_rounds: GameRoundsTable;
  game_seed_chains: GameSeedChainsTable;
  crash_rounds: CrashRoundsTable;
  crash_bets: CrashBetsTable;
  lottery_settings: LotterySettingsTable;
  lottery_draws: LotteryDrawsTable;
  lottery_bets: LotteryBetsTable;
}
