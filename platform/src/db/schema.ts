import type { AccountTables } from './schema/accounts.ts';
import type { AgentTables } from './schema/agents.ts';
import type { BonusTables } from './schema/bonus.ts';
import type { ChatTables } from './schema/chat.ts';
import type { CatalogueTables } from './schema/catalogue.ts';
import type { FeedbackTables } from './schema/feedback.ts';
import type { GameTables } from './schema/games.ts';
import type { MerchantTables } from './schema/merchant.ts';
import type { MissionTables } from './schema/missions.ts';
import type { MoneyTables } from './schema/money.ts';
import type { PointsTables } from './schema/points.ts';
import type { PromoTables } from './schema/promo.ts';
import type { ComplianceTables, ProtectionTables } from './schema/protection.ts';
import type { RewardTables } from './schema/rewards.ts';
import type { SystemTables } from './schema/system.ts';
import type { TicketTables } from './schema/tickets.ts';

/**
 * Kysely table types of migrations/*.sql, one file per area in db/schema/ (each with its tables'
 * interfaces and the map of its table names); this file composes them into the whole database.
 */

export type * from './schema/accounts.ts';
export type * from './schema/agents.ts';
export type * from './schema/bonus.ts';
export type * from './schema/catalogue.ts';
export type * from './schema/feedback.ts';
export type * from './schema/chat.ts';
export type * from './schema/games.ts';
export type * from './schema/merchant.ts';
export type * from './schema/missions.ts';
export type * from './schema/money.ts';
export type * from './schema/points.ts';
export type * from './schema/promo.ts';
export type * from './schema/protection.ts';
export type * from './schema/rewards.ts';
export type * from './schema/system.ts';
export type * from './schema/tickets.ts';

/** The whole database as Kysely sees it. */
export interface DB
  extends
    MerchantTables,
    CatalogueTables,
    AccountTables,
    MoneyTables,
    AgentTables,
    GameTables,
    SystemTables,
    RewardTables,
    BonusTables,
    PromoTables,
    ProtectionTables,
    ComplianceTables,
    FeedbackTables,
    PointsTables,
    ChatTables,
    MissionTables,
    TicketTables {}
