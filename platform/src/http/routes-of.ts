import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { TCallAudience, TCallDescriptor, TCallSet, TOperatorPermission } from '@wl/schemas';
import { actorFor, type TActorOf } from '../access/actor.ts';
import { resolveMerchant, type TMerchant } from './auth.ts';
import type { TPlatformDeps } from './deps.ts';
import { depsOfCall } from './deadline.ts';
import { decryptedBody } from './encrypted-body.ts';
import { ok } from './envelope.ts';
import { clientIp, parseInput } from './request-context.ts';

/** A call whose input chooses its audience (`byInput`): its handler reads the input as sent. */
type TChosen<D extends TCallDescriptor> = D['audience'] extends { kind: 'byInput' } ? true : false;

/** What a call's handler receives: everything resolved and checked before it runs (docs/0076). */
export type TCallContext<D extends TCallDescriptor> = {
  deps: TPlatformDeps;
  merchant: TMerchant;
  actor: TActorOf<D['audience']>;
  /** Parsed; for a `byInput` call, as sent (the handler parses it, its audience depends on it). */
  input: TChosen<D> extends true ? unknown : z.output<D['input']>;
  /** For a `byInput` call: the actor of the audience the input chose, checked as any call's (one of the declared `of`). */
  actorAs: <A extends TCallAudience>(audience: A) => Promise<TActorOf<A>>;
  /** The client address as resolved for this request (the gateway's, when it vouches for it). */
  ip: string;
  /** For the few calls that read more than their input (path parameters, raw headers, an encrypted body). */
  request: FastifyRequest;
  reply: FastifyReply;
};

type TAnswer<D extends TCallDescriptor> = z.input<D['output']> | Promise<z.input<D['output']>>;

/**
 * How one call is served. A function answers the envelope's value. The object form is for the few
 * calls that need more: `permissionOf` when what the call changes decides the operator permission
 * (a flag's modId), `raw` when the handler writes its own answer (bytes, the provider's envelope),
 * `bodyLimit` when the call takes an upload, `inputFrom` when its input is not where its method says.
 */
export type THandler<D extends TCallDescriptor> = ((c: TCallContext<D>) => TAnswer<D>) | THandlerObject<D>;

type THandlerObject<D extends TCallDescriptor> = {
  handle: (c: TCallContext<D>) => TAnswer<D> | Promise<unknown>;
  permissionOf?: (request: FastifyRequest) => TOperatorPermission;
  raw?: boolean;
  /** A larger body than the server's default (an upload's base64), refused before parsing (413) above it. */
  bodyLimit?: number;
  /** Where the input is read when not where the method says (a DELETE taking it from the query or the body). */
  inputFrom?: (request: FastifyRequest) => unknown;
};

/** One handler per declared call: a call without one does not compile. */
export type THandlers<C extends TCallSet> = { readonly [K in keyof C]: THandler<C[K]> };

function inputOf(deps: TPlatformDeps, d: TCallDescriptor, request: FastifyRequest): unknown {
  if (d.inputFrom === 'none') return undefined;
  if (d.audience.kind === 'byInput') return d.inputFrom === 'query' ? request.query : request.body;
  if (d.encrypted) return parseInput(d.input, decryptedBody(deps, request));
  return parseInput(d.input, d.inputFrom === 'query' ? request.query : request.body);
}

/**
 * The routes of one call set as a Fastify plugin (docs/0076): for each call the merchant is read
 * once (the call gate read it first, docs/0069), the actor is resolved from the declared audience,
 * the input is parsed (any mismatch a 400 naming the field, before any work), and the answer is
 * wrapped in the envelope. Handlers never resolve any of this themselves, but for a call whose
 * input chooses its audience (`byInput`): its handler reads the input and calls `c.actorAs`.
 */
export function routesOf<C extends TCallSet>(calls: C, handlers: THandlers<C>): FastifyPluginCallback<{ deps: TPlatformDeps }> {
  return (app, { deps }, done) => {
    for (const [name, d] of Object.entries(calls) as [keyof C & string, C[keyof C]][]) {
      const handler = handlers[name] as THandler<TCallDescriptor>;
      const options: THandlerObject<TCallDescriptor> = typeof handler === 'function' ? { handle: handler } : handler;
      const { handle, permissionOf, raw, bodyLimit, inputFrom } = options;
      app.route({
        method: d.method,
        url: d.path,
        ...(bodyLimit === undefined ? {} : { bodyLimit }),
        handler: async (request, reply) => {
          const merchant = await resolveMerchant(deps, request);
          const permission = permissionOf && d.audience.kind === 'operator' ? permissionOf(request) : undefined;
          const actor = await actorFor(deps, request, merchant, d.audience, permission);
          const input = inputFrom ? parseInput(d.input, inputFrom(request)) : inputOf(deps, d, request);
          const actorAs = (chosen: TCallAudience) => {
            if (d.audience.kind !== 'byInput' || !d.audience.of.includes(chosen))
              throw new Error(`${d.method} ${d.path} does not declare audience ${chosen.kind}`);
            return actorFor(deps, request, merchant, chosen);
          };
          const context = { deps: depsOfCall(deps, request), merchant, actor, input, actorAs, ip: clientIp(request), request, reply };
          const answer = await handle(context as TCallContext<TCallDescriptor>);
          return raw ? answer : ok(answer);
        },
      });
    }
    done();
  };
}
