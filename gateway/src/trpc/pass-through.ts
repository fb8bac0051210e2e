import type { TRPCMutationProcedure, TRPCQueryProcedure } from '@trpc/server';
import type { z } from 'zod';
import type { TCallDescriptor, TCallSet } from '@wl/schemas';
import type { TLimitedAction } from '../rate-limit/rate-limits.ts';
import { callContext, type TContext } from './context.ts';
import { memberProcedure, publicProcedure } from './init.ts';
import { withRateLimit } from './rate-limit.ts';

/** A limit a pass-through call counts against: the action and, from the input, its subject (null: per IP only). */
export type TPassLimit<D extends TCallDescriptor> = (ctx: TContext, input: z.output<D['input']>) => { action: TLimitedAction; subject: string | null };

/**
 * What a pass-through call does once the platform has answered it, before the answer is returned:
 * e.g. `ctx.configChanged()` after a write that changes what open pages show (docs/0021), so they
 * hear of it on the live config stream. Not run when the call fails.
 */
export type TPassAfter = (ctx: TContext) => void;

/**
 * Per call of a set: the limit it counts against, if any (docs/0013: every public write is
 * limited), and what follows a successful answer, if anything.
 */
export type TPassOptions<C extends TCallSet> = {
  readonly rateLimit?: { readonly [K in keyof C]?: TPassLimit<C[K]> };
  readonly after?: { readonly [K in keyof C]?: TPassAfter };
};

/**
 * Any call but a visitor's needs a session token (the member procedure's check, the one the fuzz
 * test recognises a gated procedure by); the platform decides whether it is live and whether its
 * holder may make the call (its audience), so the gateway only refuses the tokenless.
 */
function procedureFor(d: TCallDescriptor) {
  return d.audience.kind === 'visitor' ? publicProcedure : memberProcedure;
}

type TRelayOptions<D extends TCallDescriptor> = { limit: TPassLimit<D> | undefined; after: TPassAfter | undefined };

function relay<D extends TCallDescriptor>(d: D, { limit, after }: TRelayOptions<D>) {
  return async ({ ctx, input }: { ctx: TContext; input: unknown }) => {
    // tRPC parsed the input with d.input before this runs.
    const parsed = input as z.output<D['input']>;
    const send = () => ctx.api.call(d, parsed, callContext(ctx));
    const counted = limit?.(ctx, parsed);
    const answer = counted ? await withRateLimit(ctx, counted.action, counted.subject, send) : await send();
    after?.(ctx);
    return answer;
  };
}

/**
 * The procedure with the call's input parser; a call without input gets none, so a mutation sent
 * with an empty body is not parsed as JSON (tRPC reads no input when no parser is declared).
 */
function builderFor(d: TCallDescriptor) {
  // The member procedure differs from the public one only in its context's token; the types the web
  // sees are TPassThrough's, so one builder type serves both here.
  const base = procedureFor(d) as unknown as typeof publicProcedure;
  return d.inputFrom === 'none' ? base : (base.input(d.input) as unknown as typeof base);
}

function queryOf<D extends TCallDescriptor>(d: D, options: TRelayOptions<D>) {
  return builderFor(d).output(d.output).query(relay(d, options));
}

function mutationOf<D extends TCallDescriptor>(d: D, options: TRelayOptions<D>) {
  return builderFor(d).output(d.output).mutation(relay(d, options));
}

/** A procedure's types as the web sees them: the descriptor's input (before parsing) and output (after). */
type TProcedureDef<D extends TCallDescriptor> = { input: z.input<D['input']>; output: z.output<D['output']>; meta: object };

/** The tRPC procedures of a call set: a query for each GET, a mutation for any other method. */
export type TPassThrough<C extends TCallSet> = {
  [K in keyof C]: C[K]['method'] extends 'GET' ? TRPCQueryProcedure<TProcedureDef<C[K]>> : TRPCMutationProcedure<TProcedureDef<C[K]>>;
};

/**
 * Procedures that only relay a declared call to the platform (docs/0076): the input is checked
 * here with the call's own schema, sent with the caller's token, language and address, and the
 * answer is checked against the call's output schema. The web's types come from these procedures,
 * so they are the descriptor's types. Calls that do more (login, the composer, cookies, uploads,
 * cached public reads) keep procedures of their own.
 */
export function passThrough<C extends TCallSet>(calls: C, options: TPassOptions<C> = {}): TPassThrough<C> {
  const out: Record<string, unknown> = {};
  for (const [name, d] of Object.entries(calls)) {
    const relayed = { limit: options.rateLimit?.[name] as TPassLimit<TCallDescriptor> | undefined, after: options.after?.[name] };
    out[name] = d.method === 'GET' ? queryOf(d, relayed) : mutationOf(d, relayed);
  }
  return out as TPassThrough<C>;
}
