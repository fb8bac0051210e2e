import { z } from 'zod';
import type { AGENT_PAGE_MODULES, FEATURE_FLAGS, MEMBER_PAGE_MODULES } from '../domain/merchant.ts';
import type { TOperatorPermission } from './operator-calls.ts';

/**
 * One declaration per wps call (docs/0076, docs/adding-a-call.md): where it lives, what it takes and
 * answers, who may make it and which switches gate it. The platform registers its route from this,
 * the gateway calls the platform with it and, for a pass-through, builds the tRPC procedure from it;
 * the access and call-gate tests walk every descriptor, so a call is probed the day it is declared.
 */

/** The section nodes the member and agent centre pages hang under (off: the whole centre is off). */
export const SECTION_MODULES = ['MEMBERCENTER', 'AGENTCENTER'] as const;

/** Every whitelabel modId a call can be gated by: feature flags, centre sections and their pages. */
export type TGateModule =
  | (typeof FEATURE_FLAGS)[number]
  | (typeof SECTION_MODULES)[number]
  | (typeof MEMBER_PAGE_MODULES)[keyof typeof MEMBER_PAGE_MODULES]
  | (typeof AGENT_PAGE_MODULES)[keyof typeof AGENT_PAGE_MODULES];

/**
 * - `money`: moves money or starts a movement (deposit, withdraw, transfers). Maintenance refuses it.
 * - `game`: starts a game or stakes in one (launch, open, bet, spin). Maintenance refuses it.
 * - null: reads, settings, and calls that finish what began before maintenance (a crash cash-out,
 *   closing a game, a withdrawal's confirmation, the provider's win and rollback).
 */
export type TCallKind = 'money' | 'game' | null;

/**
 * - `refuse`: a client call; refused while the region rule says the caller's region is restricted.
 * - `serve`: what shows the maintenance and region pages (the screen config's inputs, member info
 *   for the viewer, logout), operator calls (the operator must be able to switch the rule off) and
 *   server-to-server calls (the gateway's config watch, game providers' seamless wallet).
 */
export type TRegionRule = 'refuse' | 'serve';

export type TCallMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One call as the platform registers it, and the switches that gate it. */
export type TCallGate = {
  method: TCallMethod;
  /** The path as the platform registers it (with `:param` segments). */
  path: string;
  /** Modules that must all be on: each node and every ancestor enabled (as the composer reads them). */
  modules: readonly TGateModule[];
  kind: TCallKind;
  region: TRegionRule;
};

/**
 * Who may make a call. The platform resolves the actor from it before the handler runs:
 * - `visitor`: no session needed (a token, if sent, is not read);
 * - `member`: a live member session (trial accounts too); `forcedChange` lets it run while the
 *   session must still change its password (docs/0014);
 * - `realMember`: a live session of a real (not trial) account;
 * - `agent`: a real member whose type is an agent (463 error_not_agent otherwise);
 * - `operator`: a live operator session whose role carries `permission` (null: any operator);
 * - `server`: a server-to-server call that proves itself (a provider's signature, the gateway's secret);
 * - `byInput`: the input decides which of `of` applies (the game launch: a visitor's free play, else a
 *   real member). The platform reads neither actor nor input for it: the handler reads the input
 *   and resolves the actor it chose through the same check (`c.actorAs`), which refuses any other.
 */
export type TCallAudience =
  | { readonly kind: 'visitor' }
  | { readonly kind: 'member'; readonly forcedChange?: boolean }
  | { readonly kind: 'realMember'; readonly forcedChange?: boolean }
  | { readonly kind: 'agent' }
  | { readonly kind: 'operator'; readonly permission: TOperatorPermission | null }
  | { readonly kind: 'server' }
  | { readonly kind: 'byInput'; readonly of: readonly TCallAudience[] };

export const VISITOR = { kind: 'visitor' } as const satisfies TCallAudience;
export const MEMBER = { kind: 'member' } as const satisfies TCallAudience;
/** A member call that works while the password must still be changed (the change itself, member info, logout). */
export const MEMBER_IN_FORCED_CHANGE = { kind: 'member', forcedChange: true } as const satisfies TCallAudience;
export const REAL_MEMBER = { kind: 'realMember' } as const satisfies TCallAudience;
/** A real member's call that works while the password must still be changed (the change itself). */
export const REAL_MEMBER_IN_FORCED_CHANGE = { kind: 'realMember', forcedChange: true } as const satisfies TCallAudience;
export const AGENT = { kind: 'agent' } as const satisfies TCallAudience;
export const SERVER = { kind: 'server' } as const satisfies TCallAudience;
/** A call whose input chooses its audience among `of` (docs/0076). */
export const byInput = <const O extends readonly TCallAudience[]>(...of: O) => ({ kind: 'byInput', of }) as const;
/** An operator call that needs `permission` (null: any logged-in operator, for their own session and authenticator). */
export const operatorWith = <P extends TOperatorPermission | null>(permission: P) => ({ kind: 'operator', permission }) as const;

/** Where the platform reads a call's input: the query string (GET), the JSON body, or nothing. */
export type TInputFrom = 'query' | 'body' | 'none';

/** One wps call. `I` and `O` are the zod schemas of its input and of the envelope's value. */
export type TCallDescriptor<
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
  A extends TCallAudience = TCallAudience,
  M extends TCallMethod = TCallMethod,
> = {
  readonly method: M;
  readonly path: string;
  /** Sent by the gateway as the ModuleId header (UPSTREAM-NOTES: it names the calling screen). */
  readonly moduleId: string;
  readonly input: I;
  readonly output: O;
  readonly inputFrom: TInputFrom;
  /**
   * The body travels encrypted (UPSTREAM-NOTES: passwords): the gateway encrypts it under the
   * platform's RSA key, the platform decrypts it before parsing the input.
   */
  readonly encrypted: boolean;
  readonly audience: A;
  /** Module switches that must all be on (docs/0069). */
  readonly modules: readonly TGateModule[];
  readonly kind: TCallKind;
  readonly region: TRegionRule;
};

/** What a declaration spells out; the rest has defaults (input from the query for GET, else the body). */
type TDeclaration<I extends z.ZodType, O extends z.ZodType, A extends TCallAudience, M extends TCallMethod> = {
  method: M;
  path: string;
  moduleId: string;
  input?: I;
  output: O;
  encrypted?: boolean;
  audience: A;
  modules?: readonly TGateModule[];
  kind?: TCallKind;
  region?: TRegionRule;
};

/** No input: the platform reads nothing, the gateway's procedure takes nothing. */
export const ZNoInput = z.undefined().optional();

/** Declares one call. */
export function declareCall<O extends z.ZodType, A extends TCallAudience, M extends TCallMethod, I extends z.ZodType = typeof ZNoInput>(
  d: TDeclaration<I, O, A, M>,
): TCallDescriptor<I, O, A, M> {
  const input = (d.input ?? ZNoInput) as I;
  return {
    method: d.method,
    path: d.path,
    moduleId: d.moduleId,
    input,
    output: d.output,
    inputFrom: d.input === undefined ? 'none' : d.method === 'GET' ? 'query' : 'body',
    encrypted: d.encrypted ?? false,
    audience: d.audience,
    modules: d.modules ?? [],
    kind: d.kind ?? null,
    region: d.region ?? 'refuse',
  };
}

/** A named set of calls of one area; the names are the gateway's procedure names. */
export type TCallSet = Readonly<Record<string, TCallDescriptor>>;

/** The call gate of a descriptor (the table the platform's call-gate hook enforces). */
export function gateOf(d: TCallDescriptor): TCallGate {
  return { method: d.method, path: d.path, modules: d.modules, kind: d.kind, region: d.region };
}
