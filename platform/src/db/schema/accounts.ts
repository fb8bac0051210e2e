import type { Generated } from 'kysely';
import type { Json, Timestamp } from './columns.ts';

/* Members and operators, their sessions and the security around them: throttles, captchas, second factors, verification codes, password resets, the outbox, audit logs. */

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
  /** The member's own referral code (migration 0042, docs/0097); null until first used. */
  referral_code: string | null;
  /** When the bound mobile number was proved by a code; null: never (docs/0097). */
  mobile_verified_at: Timestamp | null;
  /** Optional registration fields kept as typed (migration 0056, docs/0115); null when not given. */
  qq_num: string | null;
  line_id: string | null;
  whatsapp: string | null;
  facebook: string | null;
  wechat: string | null;
  id_number: string | null;
  recommender_id: string | null;
  /** 0: the avatar generated from avatar_key; 1…8 a chosen design (docs/0115). */
  avatar_icon: Generated<number>;
  /** The language the platform writes to the member in (docs/0115). */
  language: Generated<'bn' | 'en'>;
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
  /** The brand the session was opened on: no session on any other (docs/0135). */
  merchant_id: number;
}
/** The brands an operator works for, with its role at each (docs/0135; its own brand kept by a trigger). */
export interface OperatorBrandsTable {
  operator_id: number;
  merchant_id: number;
  role: 'owner' | 'finance' | 'support' | 'content';
  username_key: string;
  created_at: Generated<Date>;
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

/** The accounts tables, by name (db/schema.ts composes them into DB). */
export interface AccountTables {
  members: MembersTable;
  operators: OperatorsTable;
  operator_login_throttle: OperatorLoginThrottleTable;
  sessions: SessionsTable;
  operator_sessions: OperatorSessionsTable;
  operator_brands: OperatorBrandsTable;
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
  member_audit: MemberAuditTable;
}
