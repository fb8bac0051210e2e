import { z } from 'zod';
import { EMERGENCY_PARTS, ZEmergencyPart } from '../domain/merchant.ts';
import { zText } from '../text.ts';
import { declareCall, operatorWith } from './call.ts';
import { ZAccountRecordRow } from './record-calls.ts';
import { ZInstant, ZMinor } from './shapes.ts';

/**
 * The owner's emergency switch and support's member lookup (docs/0122). The switch stops all gaming
 * or all money movement of the merchant at once, with a reason (emergency.write, the owner's alone);
 * the lookup finds one member by username, mobile or id and shows what support needs to answer it,
 * contact data masked unless the role has member.contact.read. Both are audited.
 */
export const EMERGENCY_PATHS = {
  /** GET: what is stopped, why, by whom, since when; POST { part, stopped, reason }: stop or lift one part. */
  emergency: '/wps/operator/emergency',
  /** GET ?q=: one member by username, mobile or id, with balance, recent records and its audit trail. */
  lookup: '/wps/operator/members/lookup',
} as const;

/** Message keys of the switch's refusals and the lookup; the web translates them (EN and BN). */
export const EMERGENCY_MESSAGES = {
  /** A launch or a new bet while the owner stopped gaming. */
  gamingStopped: 'emergency_gaming_stopped',
  /** A deposit, withdrawal, transfer or conversion while the owner stopped money movement. */
  moneyStopped: 'emergency_money_stopped',
  /** The part is already in the state asked for. */
  unchanged: 'emergency_unchanged',
  /** No member of this merchant answers the search. */
  notFound: 'lookup_member_not_found',
} as const;

/** The switch's reason: said, one to 500 characters, no control characters. */
export const ZEmergencyReason = zText({ max: 500, min: 1, multiline: true });

export const ZEmergencyRequest = z.object({ part: ZEmergencyPart, stopped: z.boolean(), reason: ZEmergencyReason });
export const ZEmergencyState = z.object({
  stops: z.array(z.object({ part: ZEmergencyPart, reason: z.string().max(500), by: z.string().max(200), at: ZInstant })).max(EMERGENCY_PARTS.length),
});
export type TEmergencyState = z.infer<typeof ZEmergencyState>;

/** A username, a mobile number or a member id: one to 64 printable characters. */
export const ZMemberLookupQuery = z.object({ q: zText({ max: 64, min: 1 }) });

/** Contact data, masked (`masked: true`) unless the operator's role has member.contact.read. */
export const ZLookupContact = z.object({
  masked: z.boolean(),
  mobile: z.string().max(64).nullable(),
  email: z.string().max(320).nullable(),
  bankAccounts: z.array(z.object({ bankName: z.string().max(200), accountNumber: z.string().max(64), holderName: z.string().max(200) })).max(20),
});
export const ZMemberLookup = z.object({
  memberId: z.number().int().positive(),
  username: z.string().max(200),
  nickname: z.string().max(200),
  /** 0 real, 1 trial, 2 agent … as the member table keeps it. */
  type: z.number().int(),
  vipLabel: z.string().max(64),
  createdAt: ZInstant,
  balanceMinor: ZMinor,
  contact: ZLookupContact,
  /** The newest movements of its wallets and its newest bets and wins (ten each, the last 90 days). */
  transactions: z.array(ZAccountRecordRow).max(10),
  bets: z.array(ZAccountRecordRow).max(10),
  /** Operator actions about this member, lookups included, newest first. */
  audit: z.array(z.object({ at: ZInstant, operator: z.string().max(200), action: z.string().max(64) })).max(20),
});
export type TMemberLookup = z.infer<typeof ZMemberLookup>;

const SERVE = { moduleId: 'OPERATOR', region: 'serve' } as const;
export const OPERATOR_EMERGENCY_CALLS = {
  emergencyState: declareCall({ ...SERVE, method: 'GET', path: EMERGENCY_PATHS.emergency, output: ZEmergencyState, audience: operatorWith('config.read') }),
  setEmergency: declareCall({
    ...SERVE,
    method: 'POST',
    path: EMERGENCY_PATHS.emergency,
    input: ZEmergencyRequest,
    output: ZEmergencyState,
    audience: operatorWith('emergency.write'),
  }),
  memberLookup: declareCall({
    ...SERVE,
    method: 'GET',
    path: EMERGENCY_PATHS.lookup,
    input: ZMemberLookupQuery,
    output: ZMemberLookup,
    audience: operatorWith('member.lookup'),
  }),
} as const;
