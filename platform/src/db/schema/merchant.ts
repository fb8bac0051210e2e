import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp } from './columns.ts';

/* A merchant (brand) and what configures its site: whitelabel switches, registration rules, countries, contact links, resources, and the audit of operators' configuration changes. */

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
  /** docs/0131 (migration 0069): the brand's palette, one of BRAND_PALETTES. */
  palette: Generated<'gold' | 'emerald' | 'ruby'>;
  /** docs/0136 (migration 0071): the languages the brand's site offers, its default first. */
  languages: ColumnType<('bn' | 'en')[], string | undefined, string>;
}
/** docs/0131 (migration 0069): a host name a gateway resolves to its merchant; one merchant per host. */
export interface MerchantHostsTable {
  host: string;
  merchant_id: number;
  created_at: Generated<Date>;
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

/** The merchant tables, by name (db/schema.ts composes them into DB). */
export interface MerchantTables {
  merchants: MerchantsTable;
  merchant_hosts: MerchantHostsTable;
  whitelabel_nodes: WhitelabelNodesTable;
  registration_fields: RegistrationFieldsTable;
  validation_rules: ValidationRulesTable;
  countries: CountriesTable;
  customer_service: CustomerServiceTable;
  resources: ResourcesTable;
  config_audit: ConfigAuditTable;
  config_change_sets: ConfigChangeSetsTable;
  config_change_approvals: ConfigChangeApprovalsTable;
  config_versions: ConfigVersionsTable;
}

/** docs/0123: a draft of configuration field changes, with each field's value when first drafted. */
export interface ConfigChangeSetsTable {
  id: Generated<number>;
  merchant_id: number;
  author_id: number;
  status: Generated<'draft' | 'published' | 'discarded'>;
  changes: Json<Record<string, boolean | number | string>>;
  base: Json<Record<string, boolean | number | string>>;
  revision: Generated<number>;
  restore_of: number | null;
  publish_at: Timestamp | null;
  comment: string | null;
  blocked: ColumnType<string[] | null, string | null | undefined, string | null>;
  version_number: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
/** docs/0123: an operator's approval of one revision of a change set. */
export interface ConfigChangeApprovalsTable {
  change_set_id: number;
  operator_id: number;
  revision: number;
  created_at: Generated<Date>;
}
/** docs/0123: the whole configuration after a change, and its diff from the version before. */
export interface ConfigVersionsTable {
  id: Generated<number>;
  merchant_id: number;
  number: number;
  config: Json<Record<string, boolean | number | string>>;
  diff: Json<{ field: string; from: boolean | number | string | null; to: boolean | number | string | null }[]>;
  kind: 'initial' | 'direct' | 'publish';
  comment: string;
  author_id: number | null;
  approved_by: number | null;
  change_set_id: number | null;
  restored_from: number | null;
  created_at: Generated<Date>;
}
