import { z } from 'zod';
import { DEVICE_WEB, GATEWAY_VERSION, WPS_CODES, WPS_HEADERS, WPS_MESSAGES, type TLanguage } from '@wl/schemas';
import { UpstreamError, UpstreamProtocolError, UpstreamUnavailableError } from './upstream.errors.ts';

/** One wps call: where it goes, what it carries, and the schema of the envelope's value. */
export type TUpstreamRequest<TValue> = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** Sent as the ModuleId header (UPSTREAM-NOTES). */
  moduleId: string;
  value: z.ZodType<TValue>;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** JSON body. */
  body?: unknown;
  /** application/x-www-form-urlencoded body (docs/rules/accounts.md#a-14 forgot by email); never together with `body`. */
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /** This call's timeout instead of the client's (long-polls). */
  timeoutMs?: number;
  /** Ends the call early (the gateway is closing). */
  signal?: AbortSignal;
  /** Sends the gateway secret even with no client IP: a call the gateway makes for itself (config watch). */
  asGateway?: boolean;
};

/** Who the call is made for: session token, interface language and the browser's address. */
export type TCallContext = {
  token?: string | null;
  language: TLanguage;
  ip?: string | null;
};

export type TUpstreamClientOptions = {
  baseUrl: string;
  merchantCode: string;
  /** Per-attempt timeout; default 5 s. */
  timeoutMs?: number;
  /** Shared with the platform: sent with the client IP so that the platform believes it. */
  gatewaySecret?: string;
};

const ZRawEnvelope = z.object({
  success: z.boolean(),
  value: z.unknown(),
  message: z.string().nullable().optional(),
  code: z.number().int().optional(),
});

// What fetch sends as a header value: tab, visible ASCII and the rest of Latin-1.
const HEADER_VALUE = /^[\t\x20-\x7E\x80-\xFF]*$/;

/** Speaks the wps contract over HTTP: headers, timeout, one safe retry, envelope and value parsing. */
export class UpstreamClient {
  readonly baseUrl: string;
  readonly merchantCode: string;
  readonly timeoutMs: number;
  private readonly gatewaySecret: string | undefined;

  constructor(options: TUpstreamClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.merchantCode = options.merchantCode;
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.gatewaySecret = options.gatewaySecret;
  }

  /** Runs the call and answers the parsed value, or throws an Upstream* error. */
  async call<TValue>(request: TUpstreamRequest<TValue>, ctx: TCallContext): Promise<TValue> {
    const response = await this.send(request, ctx);
    const envelope = await this.readEnvelope(request.path, response);
    if (!envelope.success) {
      throw new UpstreamError(
        envelope.code ?? (response.status >= 400 ? response.status : 400),
        envelope.message || WPS_MESSAGES.internal,
        envelope.value ?? null,
      );
    }
    const parsed = request.value.safeParse(envelope.value);
    if (!parsed.success) {
      throw new UpstreamProtocolError(request.path, `value does not match: ${parsed.error.message.slice(0, 500)}`);
    }
    return parsed.data;
  }

  private url(request: TUpstreamRequest<unknown>): string {
    const url = new URL(this.baseUrl + request.path);
    for (const [key, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    }
    return url.toString();
  }

  private headers(request: TUpstreamRequest<unknown>, ctx: TCallContext): Record<string, string> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      [WPS_HEADERS.merchant]: this.merchantCode,
      [WPS_HEADERS.device]: DEVICE_WEB,
      [WPS_HEADERS.language]: ctx.language,
      [WPS_HEADERS.moduleId]: request.moduleId,
      [WPS_HEADERS.gatewayVersion]: GATEWAY_VERSION,
    };
    if (ctx.token) headers[WPS_HEADERS.authorization] = ctx.token;
    if (request.form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    else if (request.body !== undefined) headers['content-type'] = 'application/json';
    // Last, so nothing a procedure passes can name another client IP or secret.
    const own: Record<string, string> = {};
    if (ctx.ip) own[WPS_HEADERS.clientIp] = ctx.ip;
    if ((ctx.ip || request.asGateway) && this.gatewaySecret) own[WPS_HEADERS.gatewaySecret] = this.gatewaySecret;
    // When this call stops being waited for, a margin before the gateway's own timeout: the platform
    // answers busy (and rolls back) before the gateway would give up not knowing (docs/0078).
    own[WPS_HEADERS.deadline] = String(Date.now() + platformBudgetMs(request.timeoutMs ?? this.timeoutMs));
    return { ...headers, ...request.headers, ...own };
  }

  private async send(request: TUpstreamRequest<unknown>, ctx: TCallContext): Promise<Response> {
    const url = this.url(request);
    const headers = this.headers(request, ctx);
    // fetch throws on a header value it cannot send (above U+00FF, a line break, NUL), which read as
    // the upstream being down: such a value came from the caller, so it is the caller's bad request
    // and nothing is sent (docs/0071).
    if (Object.values(headers).some((value) => !HEADER_VALUE.test(value))) throw new UpstreamError(WPS_CODES.badRequest, WPS_MESSAGES.badRequest);
    const init = {
      method: request.method,
      headers,
      body: request.form !== undefined ? new URLSearchParams(request.form).toString() : request.body === undefined ? undefined : JSON.stringify(request.body),
    };
    // Only idempotent GETs are retried, and only when the connection itself failed: a timeout
    // already spent the caller's patience, and a POST may have reached the upstream.
    const attempts = request.method === 'GET' ? 2 : 1;
    for (let attempt = 1; ; attempt++) {
      try {
        const timeout = AbortSignal.timeout(request.timeoutMs ?? this.timeoutMs);
        return await fetch(url, { ...init, signal: request.signal ? AbortSignal.any([timeout, request.signal]) : timeout });
      } catch (error) {
        if (isTimeout(error)) throw new UpstreamUnavailableError(request.path, 'timeout', { cause: error });
        if (attempt >= attempts) throw new UpstreamUnavailableError(request.path, 'network', { cause: error });
      }
    }
  }

  private async readEnvelope(path: string, response: Response): Promise<z.infer<typeof ZRawEnvelope>> {
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw new UpstreamUnavailableError(path, isTimeout(error) ? 'timeout' : 'network', { cause: error });
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      // A proxy in front of the upstream answering 502/503 with HTML means it is down, not broken.
      if (response.status >= 500) throw new UpstreamUnavailableError(path, 'status');
      throw new UpstreamProtocolError(path, `HTTP ${response.status} without a JSON envelope`);
    }
    const envelope = ZRawEnvelope.safeParse(json);
    if (!envelope.success) {
      if (response.status >= 500) throw new UpstreamUnavailableError(path, 'status');
      throw new UpstreamProtocolError(path, `HTTP ${response.status} without an envelope`);
    }
    return envelope.data;
  }
}

/** The gateway's margin over the platform's deadline: a tenth of the timeout, at most 500 ms. */
export function platformBudgetMs(timeoutMs: number): number {
  return timeoutMs - Math.min(500, Math.floor(timeoutMs / 10));
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}
