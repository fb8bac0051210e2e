import type { z } from 'zod';
import { ACCOUNT_CALLS, CONFIG_WATCH_CALLS, SESSION_CALLS, type TCallDescriptor } from '@wl/schemas';
import { WPS_CODES, WPS_MESSAGES } from '@wl/schemas';
import { encryptBody } from '@wl/schemas/wps/body-cipher';
import type { TCallContext, TUpstreamRequest, UpstreamClient } from './upstream.client.ts';
import { UpstreamError } from './upstream.errors.ts';

/** A query as the client sends it. */
type TQuery = NonNullable<TUpstreamRequest<unknown>['query']>;

/**
 * The wps calls of docs/rules/README.md#calls the gateway uses, one method each. Everything wire-specific (paths,
 * module IDs, query names, encryption) lives here so procedures read like the domain.
 */
export class WpsApi {
  private rsaKey: Promise<string> | null = null;

  constructor(readonly client: UpstreamClient) {}

  get merchantCode(): string {
    return this.client.merchantCode;
  }

  /**
   * One declared call (docs/0076): its method, path, ModuleId and answer schema come from the
   * descriptor; a GET sends its input as the query, any other method as the JSON body. Only GETs are
   * retried, and only when the connection failed (upstream.client.ts). An encrypted call's body
   * travels encrypted under the upstream's RSA key. `timeoutMs`: for the few calls that carry a file
   * (a withdrawal proof), longer than the client's default.
   */
  call<D extends TCallDescriptor>(d: D, input: z.output<D['input']>, ctx: TCallContext, options: { timeoutMs?: number } = {}): Promise<z.output<D['output']>> {
    const request = { method: d.method, path: d.path, moduleId: d.moduleId, value: d.output as z.ZodType<z.output<D['output']>>, ...options };
    if (d.encrypted) return this.encrypted(request, input, ctx);
    const carried = d.inputFrom === 'none' ? {} : d.inputFrom === 'query' ? { query: input as TQuery } : { body: input };
    return this.client.call({ ...request, ...carried }, ctx);
  }

  /** Form-encoded (docs/rules/accounts.md#a-14 forgot by email); the same answer whether or not username and email match. */
  forgotByEmail(input: z.output<typeof ACCOUNT_CALLS.forgotByEmail.input>, ctx: TCallContext) {
    const d = ACCOUNT_CALLS.forgotByEmail;
    return this.client.call({ method: d.method, path: d.path, moduleId: d.moduleId, value: d.output, form: input }, { ...ctx, token: null });
  }

  /**
   * Long-poll (ours, docs/0021): the config version once it differs from `since`, or after `waitMs`.
   * Timed out a little after the wait; an upstream without it answers 404.
   */
  configWatch(query: { since: number | null; waitMs: number }, signal: AbortSignal) {
    const d = CONFIG_WATCH_CALLS.configWatch;
    return this.client.call(
      {
        method: d.method,
        path: d.path,
        moduleId: d.moduleId,
        value: d.output,
        query: { since: query.since, waitMs: query.waitMs },
        timeoutMs: query.waitMs + 10_000,
        signal,
        asGateway: true,
      },
      { language: 'bn' },
    );
  }

  /** Every merchant of the deployment with its host names (ours, docs/0131): a server call, proven by the gateway secret. */
  brands() {
    const d = CONFIG_WATCH_CALLS.brands;
    return this.client.call({ method: d.method, path: d.path, moduleId: d.moduleId, value: d.output, asGateway: true }, { language: 'bn' });
  }

  /** The upstream's RSA public key, fetched once and shared by concurrent logins. */
  private publicKey(ctx: TCallContext): Promise<string> {
    if (!this.rsaKey) {
      const pending = this.call(SESSION_CALLS.rsaKey, undefined, ctx).then((v) => v.publicKey);
      pending.catch(() => {
        if (this.rsaKey === pending) this.rsaKey = null;
      });
      this.rsaKey = pending;
    }
    return this.rsaKey;
  }

  /**
   * An encrypted call (UPSTREAM-NOTES): the payload travels TripleDES-encrypted under a key wrapped
   * with the upstream's RSA key. A key that rotated (upstream restart) is refetched once.
   */
  private async encrypted<TValue>(request: Omit<TUpstreamRequest<TValue>, 'body' | 'headers' | 'form'>, payload: unknown, ctx: TCallContext): Promise<TValue> {
    for (let attempt = 1; ; attempt++) {
      const key = await this.publicKey(ctx);
      const { body, headers } = encryptBody(payload, key);
      try {
        return await this.client.call({ ...request, body, headers: { ...headers } }, ctx);
      } catch (error) {
        if (attempt === 1 && isDecryptFailure(error)) {
          this.rsaKey = null;
          continue;
        }
        throw error;
      }
    }
  }
}

/**
 * The upstream could not read the encrypted body, most likely because its key changed (a restart).
 * The gateway already validated the payload, so a bare bad-request on login can only mean that.
 */
function isDecryptFailure(error: unknown): boolean {
  return (
    error instanceof UpstreamError &&
    error.code === WPS_CODES.badRequest &&
    error.messageKey === WPS_MESSAGES.badRequest &&
    // A refused form names its fields; a body the upstream could not decrypt names none.
    !(typeof error.value === 'object' && error.value !== null && 'fieldErrors' in error.value)
  );
}
