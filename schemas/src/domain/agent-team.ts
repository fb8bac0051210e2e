/**
 * Register centre and team report constants (docs/0051), shared by the platform and the
 * web; no zod and no wire contract, so the agent pages can import them (docs/0022).
 */
import { MEMBER_TYPE } from '../constants.ts';

/** Undeleted invitation codes one agent may hold. */
export const AGENT_INVITATIONS_MAX = 50;
/** What a downline becomes: a member (type 0) or an agent (type 2, like the seed's sub-agents). */
export const DOWNLINE_ROLES = ['member', 'agent'] as const;
export type TDownlineRole = (typeof DOWNLINE_ROLES)[number];
/** The member type of each role (docs/rules/accounts.md#a-1 agent types 1, 2, 41, 42; members 0). */
export const DOWNLINE_ROLE_TYPES: Readonly<Record<TDownlineRole, number>> = { member: MEMBER_TYPE, agent: 2 };
/** Invitation codes: letters and digits only, so a link carries them unescaped. */
export const INVITATION_CODE_PATTERN = /^[A-Za-z0-9]{4,32}$/;
/** Sort orders of the P&L statement: biggest losers first by default (docs/rules/README.md#screens "user loss"). */
export const TEAM_PROFIT_SORTS = ['loss', 'profit', 'validBet', 'deposit'] as const;
export type TTeamProfitSort = (typeof TEAM_PROFIT_SORTS)[number];
