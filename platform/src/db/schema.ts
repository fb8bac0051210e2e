import type { ColumnType, Generated } from 'kysely';

/** Kysely table types of migrations/*.sql. */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface MerchantsTable {
  id: Generated<number>;
  code: string;
  name: string;
  currency: string;
  currency_symbol: string;
  maintenance: Generated<boolean>;
  region_restriction: Generated<boolean>;
  config_version: Generated<number>;
  domain_route: string;
  main_domain: string;
  gtag_id: string;
  image_cdns: Json<string[]>;
  launch_game_cdns: Json<string[]>;
  min_age: number;
  sms_expired_minutes: number;
  default_country_dialing_code: string;
  /** Minutes east of UTC of the merchant's local day (daily, hourly and dividend periods, migration 0022). */
  tz_offset_minutes: Generated<number>;
  /** How deep below its top agent an agent-type member may be created (migration 0026, docs/0064). */
  agent_max_depth: Generated<number>;
  /** How many agent-type direct downlines one agent may have (migration 0026, docs/0064). */
  agent_max_direct_agents: Generated<number>;
  created_at: Generated<Date>;
  captcha_after_failures: Generated<number>;
  lock_after_failures: Generated<number>;
  lock_window_minutes: Generated<number>;
  lock_minutes: Generated<number>;
  idle_timeout_minutes: Generated<number>;
  /** docs/0070: absolute lifetime of every session, hours from its login. */
  session_lifetime_hours: Generated<number>;
  withdraw_min_minor: Generated<number>;
  withdraw_max_minor: Generated<number>;
  withdraw_daily_count: Generated<number>;
  withdraw_confirm_minutes: Generated<number>;
  bank_accounts_max: Generated<number>;
  adjustment_four_eyes_minor: Generated<number>;
  merchant_wallet_single: Generated<boolean>;
  /** Made by the demo seed: its channels may settle by themselves outside production (docs/0065, migration 0025). */
  demo: Generated<boolean>;
  /** Minutes a new payout account waits before its first withdrawal (docs/0068). */
  payout_cooling_minutes: Generated<number>;
  /** Migration 0028 (docs/0066): rolling 24-hour limits of what operators adjust and approve alone. */
  adjustment_daily_operator_minor: Generated<number>;
  adjustment_daily_member_minor: Generated<number>;
  deposit_four_eyes_minor: Generated<number>;
}
export interface WhitelabelNodesTable {
  id: Generated<number>;
  merchant_id: number;
  parent_id: number | null;
  mod_id: string;
  name: string;
  enabled: boolean;
  sort: number;
}
export interface RegistrationFieldsTable {
  merchant_id: number;
  field: string;
  enabled: boolean;
  required: boolean;
  sort: number;
}
export interface ValidationRulesTable {
  merchant_id: number;
  field: string;
  accepted_pattern: string;
  min_length: number;
  max_length: number;
  pattern_id: string;
}
export interface CountriesTable {
  merchant_id: number;
  country_code: string;
  country_dialing_code: string;
  sort: number;
}
export interface CustomerServiceTable {
  id: Generated<number>;
  merchant_id: number;
  cs_type: string;
  path: string;
  sort: number;
}
export interface ResourcesTable {
  id: Generated<number>;
  merchant_id: number;
  resource_type: string;
  label_name_en: string;
  url: string;
  sort: number;
}
export interface VendorsTable {
  id: Generated<number>;
  merchant_id: number;
  vassalage: string;
  game_type: string;
  name: string;
  is_game: 'VASSALAGE' | 'GAME';
  sort: number;
}
export interface GamesTable {
  id: Generated<number>;
  merchant_id: number;
  vendor_id: number;
  node_id: string;
  game_code: string;
  game_type: string;
  vassalage: string;
  name_en: string;
  name_bn: string;
  has_free_trial: boolean;
  is_hot: boolean;
  sort: number;
  /** Migration 0017: false when the operator switched the game off (docs/0037). */
  enabled: Generated<boolean>;
  /** Migration 0018: the built-in provider's engine for this game; null for other vendors' games (docs/0039). */
  engine: Generated<'slot' | 'crash' | 'lottery' | null>;
}
export interface BannersTable {
  id: Generated<number>;
  merchant_id: number;
  group_name: string;
  title_en: string;
  title_bn: string;
  url: string;
  linkage_type: 'INTERNAL' | 'EXTERNAL' | 'NONE';
  sort: number;
}
export interface NoticesTable {
  id: Generated<number>;
  merchant_id: number;
  title_en: string;
  title_bn: string;
  content_en: string;
  content_bn: string;
  sort: number;
}
export interface PopupsTable {
  id: Generated<number>;
  merchant_id: number;
  title_en: string;
  title_bn: string;
  content_en: string;
  content_bn: string;
  promotion_type: string;
  execution: 'A' | 'B' | 'F';
  sort: number;
}
export interface PromotionsTable {
  id: Generated<number>;
  merchant_id: number;
  title_en: string;
  title_bn: string;
  promotion_type: string;
  sort: number;
}
export interface WinnersTable {
  id: Generated<number>;
  merchant_id: number;
  game_id: number;
  customer_name: string;
  win_amount_minor: number;
  sort: number;
}
export interface MembersTable {
  id: Generated<number>;
  merchant_id: number;
  username: string;
  nickname: string;
  password_hash: string;
  type: number;
  upline_id: number | null;
  vip_label: Generated<string>;
  vip_rank: Generated<number>;
  first_time_login: Generated<boolean>;
  password_expires_at: Timestamp | null;
  created_at: Generated<Date>;
  mobile_num: string | null;
  country_dialing_code: string | null;
  email: string | null;
  bank_holder_name: string | null;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_counter: number | null;
  invitation_code: string | null;
  weak_password: Generated<boolean>;
  /** Random key of the avatar URL (docs/0013: never the sequential id). */
  avatar_key: Generated<string>;
  /** argon2 of the withdraw (payment) password; null until set (migration 0011). */
  withdraw_password_hash: string | null;
  /** The agent invitation code the member registered with (migration 0023), or null. */
  invitation_id: number | null;
}
export interface OperatorsTable {
  id: Generated<number>;
  merchant_id: number;
  username: string;
  name: string;
  password_hash: string;
  created_at: Generated<Date>;
  role: Generated<'owner' | 'finance' | 'support' | 'content'>;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_counter: number | null;
}
export interface OperatorLoginThrottleTable {
  merchant_id: number;
  username_key: string;
  failures: number;
  window_started_at: Timestamp;
  locked_until: Timestamp | null;
}
export interface SessionsTable {
  id: Generated<number>;
  member_id: number;
  token_hash: string;
  ip: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  must_change_password: Generated<boolean>;
  /** Until when the session may change security settings (docs/0068); null: never proved. */
  step_up_until: Timestamp | null;
  /** The login this session descends from (docs/0070 absolute lifetime). */
  started_at: Timestamp;
}
export interface OperatorSessionsTable {
  id: Generated<number>;
  operator_id: number;
  token_hash: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** The login of this session (docs/0070 absolute lifetime). */
  started_at: Timestamp;
}
export interface CaptchasTable {
  id: string;
  merchant_id: number;
  answer_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}
export interface LoginThrottleTable {
  merchant_id: number;
  username_key: string;
  failures: number;
  updated_at: Timestamp;
  locked_until: Timestamp | null;
}
export interface AuthEventsTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number | null;
  operator_id: number | null;
  username: string;
  kind: string;
  ip: string;
  created_at: Generated<Date>;
}
export interface FavouritesTable {
  member_id: number;
  game_id: number;
  created_at: Generated<Date>;
}
export interface LaunchTicketsTable {
  ticket_hash: string;
  /** Null for a visitor's free-trial launch (migration 0008). */
  member_id: number | null;
  game_id: number;
  account_type: number;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  lotto_prize_mode: string | null;
  lotto_view: 'betting' | 'lobby' | null;
  back_url: string | null;
}
export interface MemberMessagesTable {
  id: Generated<number>;
  member_id: number;
  title: string;
  body: string;
  created_at: Generated<Date>;
  read_at: Timestamp | null;
}
export interface MemberPromotionsTable {
  member_id: number;
  promotion_id: number;
  offered_at: Generated<Date>;
  claimed_at: Timestamp | null;
}
export interface ConfigAuditTable {
  id: Generated<number>;
  merchant_id: number;
  operator_id: number | null;
  action: string;
  detail: Json<unknown>;
  config_version: number | null;
  created_at: Generated<Date>;
  operator_username: Generated<string>;
  ip: Generated<string>;
  // Nullable columns (migration 0003): rows written before them have neither.
  before: ColumnType<unknown | null, string | null, string | null>;
  after: ColumnType<unknown | null, string | null, string | null>;
}
export interface DepositChannelsTable {
  id: Generated<number>;
  merchant_id: number;
  code: string;
  name: string;
  min_minor: number;
  max_minor: number;
  quick_amounts_minor: ColumnType<number[], string | undefined, string>;
  auto_settle_seconds: number | null;
  enabled: Generated<boolean>;
  sort: Generated<number>;
}
export type TDepositStatus = 'pending' | 'approved' | 'rejected';
export interface DepositsTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  channel_id: number;
  reference: string;
  amount_minor: number;
  status: Generated<TDepositStatus>;
  idempotency_key: string;
  ledger_transaction_id: number | null;
  decided_by: number | null;
  decided_at: Timestamp | null;
  remark: Generated<string>;
  created_at: Generated<Date>;
  /** Migration 0028 (docs/0066): the first of two approvers of a deposit above the limit. */
  first_approved_by: number | null;
  first_approved_at: Timestamp | null;
}
export interface MemberBankAccountsTable {
  id: Generated<number>;
  member_id: number;
  bank_name: string;
  account_number: string;
  holder_name: string;
  created_at: Generated<Date>;
}
export type TWithdrawalStatus = 'pending' | 'rejected' | 'paid' | 'received' | 'partly_received' | 'not_received' | 'auto_received';
export interface WithdrawalsTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  bank_account_id: number;
  reference: string;
  amount_minor: number;
  status: Generated<TWithdrawalStatus>;
  idempotency_key: string;
  received_minor: number | null;
  remark: Generated<string>;
  decided_by: number | null;
  paid_at: Timestamp | null;
  confirm_due_at: Timestamp | null;
  answered_at: Timestamp | null;
  created_at: Generated<Date>;
}
export interface WithdrawalProofsTable {
  id: string;
  withdrawal_id: number;
  content_type: 'image/png' | 'image/jpeg';
  size_bytes: number;
  bytes: Uint8Array;
  created_at: Generated<Date>;
}
export interface BalanceAdjustmentsTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  amount_minor: number;
  reason: string;
  status: Generated<'pending' | 'applied' | 'rejected'>;
  requested_by: number;
  approved_by: number | null;
  ledger_transaction_id: number | null;
  created_at: Generated<Date>;
  decided_at: Timestamp | null;
  /** Migration 0013: the requesting operator's key (unique per operator). */
  idempotency_key: string | null;
}
/** Migration 0028 (docs/0066): a change of the four-eyes limits or channels waiting for a second owner. */
export interface MoneySettingChangesTable {
  id: Generated<number>;
  merchant_id: number;
  change: Json<Record<string, unknown>>;
  before: Json<Record<string, unknown>>;
  status: Generated<'pending' | 'applied' | 'rejected'>;
  requested_by: number;
  decided_by: number | null;
  created_at: Generated<Date>;
  decided_at: Timestamp | null;
}
export interface LedgerAccountsTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number | null;
  kind: TLedgerAccountKind;
  code: Generated<string>;
  currency: string;
  balance_minor: Generated<number>;
}
/** Ledger account purposes (migration 0010). */
export type TLedgerAccountKind =
  | 'member_wallet'
  | 'member_withdrawal_hold'
  | 'member_merchant_wallet'
  | 'agent_wallet'
  | 'deposit_clearing'
  | 'withdrawal_payout'
  | 'bonus_expense'
  | 'adjustment'
  | 'provider'
  | 'house';
export interface LedgerTransactionsTable {
  id: Generated<number>;
  merchant_id: number;
  idempotency_key: string;
  kind: string;
  owner_kind: Generated<'member' | 'operator' | 'system' | 'provider'>;
  owner_id: Generated<number>;
  request_hash: Generated<string>;
  meta: ColumnType<unknown, string | undefined, string>;
  created_at: Generated<Date>;
}
export interface LedgerEntriesTable {
  id: Generated<number>;
  transaction_id: number;
  account_id: number;
  amount_minor: number;
  balance_after_minor: number | null;
  created_at: Generated<Date>;
}
export interface MemberKnownIpsTable {
  member_id: number;
  ip: string;
  last_seen_at: Timestamp;
}
export interface RememberTokensTable {
  id: Generated<number>;
  member_id: number;
  session_id: number | null;
  token_hash: string;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  created_at: Generated<Date>;
}
export interface LoginChallengesTable {
  id_hash: string;
  merchant_id: number;
  member_id: number;
  methods: Json<string[]>;
  attempts: Generated<number>;
  remember_me: boolean;
  must_change_password: boolean;
  ip: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}
export interface VerificationCodesTable {
  id: Generated<number>;
  merchant_id: number;
  phone_key: string;
  purpose: string;
  challenge_hash: string | null;
  code_hash: string;
  attempts: Generated<number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}
export interface SmsLocksTable {
  merchant_id: number;
  phone_key: string;
  locked_until: Timestamp;
}
export interface PasswordResetsTable {
  token_hash: string;
  member_id: number;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}
export interface OutboxTable {
  id: Generated<number>;
  merchant_id: number;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string;
  /** Migration 0025 (docs/0067): no body; what it was for, who delivered it and how that went. */
  purpose: Generated<string>;
  provider: Generated<string>;
  status: Generated<'pending' | 'sent' | 'failed'>;
  created_at: Generated<Date>;
}
export interface SchemaMigrationsTable {
  version: string;
  applied_at: Generated<Date>;
}

/** The whole database as Kysely sees it. */
/** Migration 0014: the member's security-centre changes (docs/0033). */
export interface MemberAuditTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  action: string;
  detail: Generated<string>;
  ip: Generated<string>;
  created_at: Generated<Date>;
}
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
/** One member's own figures in one UTC hour, from ledger entries up to the watermark (migration 0024, docs/0058). */
export interface TeamMemberHoursTable {
  member_id: number;
  hour: Date;
  bets: number;
  bet_minor: number;
  valid_bet_minor: number;
  payout_minor: number;
  deposit_minor: number;
  withdraw_minor: number;
}
/** The same sums per agent and UTC hour over the agent's team (migration 0024, docs/0058). */
export interface TeamAncestorHoursTable {
  ancestor_id: number;
  hour: Date;
  bets: number;
  bet_minor: number;
  valid_bet_minor: number;
  payout_minor: number;
  deposit_minor: number;
  withdraw_minor: number;
}
/** A member's hours with a bet in one UTC month, bit i for hour i (migration 0024). */
export interface TeamMemberMonthsTable {
  member_id: number;
  month: Date;
  hours: string;
}
/** The one row saying up to which ledger entry the team figures' tables are filled. */
export interface TeamFiguresStateTable {
  id: Generated<number>;
  rolled_to_entry_id: number;
  rolled_at: Generated<Date>;
}
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
/** Games a member launched lately, one row per game (migration 0016, docs/0036). */
export interface RecentGamesTable {
  member_id: number;
  game_id: number;
  played_at: Date;
  /** bigserial: answered as a number by both drivers (db/database.ts parses int8). */
  seq: Generated<number>;
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
/** Exactly-once effects of background jobs (migration 0006, docs/0011); written by jobs/job-effects.ts. */
export interface JobEffectsTable {
  queue: string;
  key: string;
  job_id: string;
  done_at: Generated<Date>;
}

export interface DB {
  merchants: MerchantsTable;
  whitelabel_nodes: WhitelabelNodesTable;
  registration_fields: RegistrationFieldsTable;
  validation_rules: ValidationRulesTable;
  countries: CountriesTable;
  customer_service: CustomerServiceTable;
  resources: ResourcesTable;
  vendors: VendorsTable;
  games: GamesTable;
  banners: BannersTable;
  notices: NoticesTable;
  popups: PopupsTable;
  promotions: PromotionsTable;
  winners: WinnersTable;
  members: MembersTable;
  operators: OperatorsTable;
  operator_login_throttle: OperatorLoginThrottleTable;
  sessions: SessionsTable;
  operator_sessions: OperatorSessionsTable;
  captchas: CaptchasTable;
  login_throttle: LoginThrottleTable;
  auth_events: AuthEventsTable;
  member_known_ips: MemberKnownIpsTable;
  remember_tokens: RememberTokensTable;
  login_challenges: LoginChallengesTable;
  verification_codes: VerificationCodesTable;
  sms_locks: SmsLocksTable;
  password_resets: PasswordResetsTable;
  outbox: OutboxTable;
  favourites: FavouritesTable;
  launch_tickets: LaunchTicketsTable;
  member_messages: MemberMessagesTable;
  member_promotions: MemberPromotionsTable;
  config_audit: ConfigAuditTable;
  deposit_channels: DepositChannelsTable;
  deposits: DepositsTable;
  member_bank_accounts: MemberBankAccountsTable;
  withdrawals: WithdrawalsTable;
  withdrawal_proofs: WithdrawalProofsTable;
  member_audit: MemberAuditTable;
  member_tree: MemberTreeTable;
  team_member_hours: TeamMemberHoursTable;
  team_figures_state: TeamFiguresStateTable;
  team_ancestor_hours: TeamAncestorHoursTable;
  team_member_months: TeamMemberMonthsTable;
  agent_invitations: AgentInvitationsTable;
  balance_adjustments: BalanceAdjustmentsTable;
  money_setting_changes: MoneySettingChangesTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  seamless_providers: SeamlessProvidersTable;
  seamless_transactions: SeamlessTransactionsTable;
  seamless_bet_slots: SeamlessBetSlotsTable;
  seamless_nonces: SeamlessNoncesTable;
  recent_games: RecentGamesTable;
  game_sessions: GameSessionsTable;
  game_seeds: GameSeedsTable;
  game_rounds: GameRoundsTable;
  game_seed_chains: GameSeedChainsTable;
  crash_rounds: CrashRoundsTable;
  crash_bets: CrashBetsTable;
  lottery_settings: LotterySettingsTable;
  lottery_draws: LotteryDrawsTable;
  lottery_bets: LotteryBetsTable;
  schema_migrations: SchemaMigrationsTable;
  job_effects: JobEffectsTable;
  agent_contracts: AgentContractsTable;
  agent_contract_settlements: AgentContractSettlementsTable;
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
