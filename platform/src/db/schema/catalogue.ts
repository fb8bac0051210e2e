import type { Generated } from 'kysely';
import type { TPromotionTerms } from '@wl/schemas';
import type { Json, Timestamp } from './columns.ts';

/* The game catalogue and the site's content: vendors, games, banners, notices, popups, promotions, winners, and what members keep of them (favourites, recent games, launch tickets, messages, offered promotions). */

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
  /** 0–9999; shown in (sort, id) order within its group. */
  sort: number;
  /** False: off the site, kept for a restore (migration 0072, docs/0139). */
  shown: Generated<boolean>;
}
/** A merchant's title and text in both languages, in its place: a notice's and a popup's. */
interface TextBlockTable {
  id: Generated<number>;
  merchant_id: number;
  title_en: string;
  title_bn: string;
  content_en: string;
  content_bn: string;
  sort: number;
}
/** A notice, which is an announcement: shown from `published_at`, to everyone or to agents only (migration 0054, docs/0112). */
export interface NoticesTable extends TextBlockTable {
  published_at: Generated<Date>;
  audience: Generated<'all' | 'agents'>;
}
/** A help-centre text (migration 0052, docs/0109): one section in one language for one device. */
export interface HelpSectionsTable {
  merchant_id: number;
  section: 'about' | 'news' | 'guide' | 'install' | 'responsible';
  language: 'en' | 'bn';
  device: 'WEB' | 'MOBILE';
  title: string;
  body: string;
  updated_at: Timestamp;
  /** Null: the seeded text, never edited. */
  updated_by: number | null;
}
/** A popup: a notice with the promotion it shows and when it shows (A, B, F). */
export interface PopupsTable extends TextBlockTable {
  promotion_type: string;
  execution: 'A' | 'B' | 'F';
  /** False: off the site, kept for a restore (migration 0072, docs/0139). */
  shown: Generated<boolean>;
}
/** A promotion: its words in both languages, its category and period (migration 0032, docs/0084). */
export interface PromotionsTable {
  id: Generated<number>;
  merchant_id: number;
  title_en: string;
  title_bn: string;
  promotion_type: string;
  sort: number;
  category: 'NEW_MEMBER' | 'DEPOSIT' | 'REBATE' | 'VIP' | 'REFERRAL' | 'EVENT';
  starts_at: Timestamp;
  /** Null: no end date. */
  ends_at: Timestamp | null;
  rules_en: string;
  rules_bn: string;
  /** What it pays (migration 0039, docs/0094): `terms.kind` is always `kind`. */
  kind: 'info' | 'deposit_match' | 'sign_up' | 'manual_apply' | 'cashback' | 'referral';
  status: Generated<'draft' | 'active' | 'paused' | 'ended'>;
  terms: Json<TPromotionTerms>;
  budget_minor: number | null;
  max_recipients: number | null;
  spent_minor: Generated<number>;
  recipients: Generated<number>;
  /** The operator's banner image (migration 0043, docs/0098); null: the generated artwork. */
  banner_content_type: 'image/png' | 'image/jpeg' | null;
  banner_bytes: Uint8Array | null;
  /** Who with the finance permission approved the paying promotion's money, and when (migration 0046, docs/0100); null: not approved since its last change. */
  money_approved_by: number | null;
  money_approved_at: Timestamp | null;
}
export interface WinnersTable {
  id: Generated<number>;
  merchant_id: number;
  game_id: number;
  customer_name: string;
  win_amount_minor: number;
  sort: number;
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
/**
 * An operator's message (migration 0054, docs/0112): to one member, or (member_id null) a broadcast to
 * every real member whose account existed at deliver_at; members see it from deliver_at on.
 */
export interface OperatorMessagesTable {
  /** From member_messages' sequence: one id names one message in a member's list. */
  id: Generated<number>;
  merchant_id: number;
  member_id: number | null;
  title_en: string;
  title_bn: string;
  body_en: string;
  body_bn: string;
  deliver_at: Timestamp;
  created_at: Generated<Date>;
  operator_id: number;
  request_key: string;
}
/** When a member first opened an operator's message. */
export interface OperatorMessageReadsTable {
  message_id: number;
  member_id: number;
  read_at: Timestamp;
}
export interface MemberPromotionsTable {
  member_id: number;
  promotion_id: number;
  offered_at: Generated<Date>;
  claimed_at: Timestamp | null;
}
/** Games a member launched lately, one row per game (migration 0016, docs/0036). */
export interface RecentGamesTable {
  member_id: number;
  game_id: number;
  played_at: Date;
  /** bigserial: answered as a number by both drivers (db/database.ts parses int8). */
  seq: Generated<number>;
}

/** The catalogue tables, by name (db/schema.ts composes them into DB). */
export interface CatalogueTables {
  vendors: VendorsTable;
  games: GamesTable;
  banners: BannersTable;
  notices: NoticesTable;
  help_sections: HelpSectionsTable;
  popups: PopupsTable;
  promotions: PromotionsTable;
  winners: WinnersTable;
  favourites: FavouritesTable;
  launch_tickets: LaunchTicketsTable;
  member_messages: MemberMessagesTable;
  operator_messages: OperatorMessagesTable;
  operator_message_reads: OperatorMessageReadsTable;
  member_promotions: MemberPromotionsTable;
  recent_games: RecentGamesTable;
}
