import { TRPCError, type TRPCMutationProcedure, type TRPCQueryProcedure } from '@trpc/server';
import type { z } from 'zod';
import { WPS_MESSAGES, type TCallDescriptor, type TCallSet } from '@wl/schemas';
import type { TLimitedAction } from '../rate-limit/rate-limits.ts';
import { callContext, type TContext } from './context.ts';
import { publicProcedure } from './init.ts';
import { withRateLimit } from './rate-limit.ts';

/** A limit a pass-through call counts against: the action and, from the input, its subject (null: per IP only). */
export type TPassLimit<D extends TCallDescriptor> = (ctx: TContext, input: z.output<D['input']>) => { action: TLimitedAction; subject: string | null };

/** Per call of a set, the limit it counts against, if any (docs/0013: every public write is limited). */
export type TPassOptions<C extends TCallSet> = { readonly rateLimit?: { readonly [K in keyof C]?: TPassLimit<C[K]> } };

/**
 * Any call but a visitor's needs a session token; the platform decides whether it is live and
 * whether its holder may make the call (its audience), so the gateway only refuses the tokenless.
 */
function procedureFor(d: TCallDescriptor) {
  if (d.audience.kind === 'visitor') return publicProcedure;
  return publicProcedure.use(({ ctx, next }) => {
    if (!ctx.token) throw new TRPCError({ code: 'UNAUTHORIZED', message: WPS_MESSAGES.notLoggedIn });
    return next();
  });
}

function relay<D extends TCallDescriptor>(d: D, limit: TPassLimit<D> | undefined) {
  return ({ ctx, input }: { ctx: TContext; input: unknown }) => {
    // tRPC parsed the input with d.input before this runs.
    const parsed = input as z.output<D['input']>;
    const send = () => ctx.api.call(d, parsed, callContext(ctx));
    if (!limit) return send();
    const { action, subject } = limit(ctx, parsed);
    return withRateLimit(ctx, action, subject, send);
  };
}

function queryOf<D extends TCallDescriptor>(d: D, limit?: TPassLimit<D>) {
  return procedureFor(d).input(d.input).output(d.output).query(relay(d, limit));
}

function mutationOf<D extends TCallDescriptor>(d: D, limit?: TPassLimit<D>) {
  return procedureFor(d).input(d.input).output(d.output).mutation(relay(d, limit));
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
    const limit = options.rateLimit?.[name] as TPassLimit<TCallDescriptor> | undefined;
    out[name] = d.method === 'GET' ? queryOf(d, limit) : mutationOf(d, limit);
  }
  return out as TPassThrough<C>;
}
