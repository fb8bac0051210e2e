import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * Outgoing SMS and e-mail (docs/0067). Every message is recorded in the outbox (recipient, purpose,
 * time, provider, delivery status; never its text) and handed to one MessageProvider: the embedded
 * default, or the HTTP adapter configured by MESSAGE_PROVIDER_URL.
 */

/** What a message is for (the verification purposes, `resetLink`, or a later kind of notice). */
export type TMessagePurpose = string;

/** One outgoing message. `purpose` is what the outbox shows instead of the text (default `notice`). */
export type TOutgoingMessage = { merchantId: number; to: string; subject: string; body: string; purpose?: TMessagePurpose };

export type TMessageChannel = 'sms' | 'email';

/** A message as a provider receives it. */
export type TDelivery = { channel: TMessageChannel; merchantId: number; to: string; subject: string; body: string; purpose: TMessagePurpose };

/** Delivers messages: the embedded default or a real gateway (HTTP adapter). Throws when it could not. */
export interface MessageProvider {
  readonly name: 'embedded' | 'http';
  deliver(message: TDelivery): Promise<void>;
}

/** Sends SMS texts (deps.sms): records the message in the outbox and delivers it. */
export interface SmsProvider {
  send(message: TOutgoingMessage): Promise<void>;
}

/** Sends e-mails (deps.email): records the message in the outbox and delivers it. */
export interface EmailProvider {
  send(message: TOutgoingMessage): Promise<void>;
}

/** Why a start refuses the message capture file. */
export const MESSAGE_CAPTURE_IN_PRODUCTION = 'MESSAGE_CAPTURE_FILE is set while NODE_ENV is production: it would write every code and link to a file; unset it';

/** Production never writes the text of a message anywhere but its provider (docs/0067). */
export function assertMessageCaptureAllowed(opts: { nodeEnv: string | undefined; captureFile: string | undefined }): void {
  if (opts.nodeEnv === 'production' && opts.captureFile) throw new Error(MESSAGE_CAPTURE_IN_PRODUCTION);
}

/**
 * The embedded default: nothing leaves the machine. Outside production a capture file may be named
 * (MESSAGE_CAPTURE_FILE; the demo start uses `<data dir>/messages.log`): each message is appended
 * in full as one JSON line, for the person running the demo and for the tests, which read the real
 * code there; no operator and no HTTP call reaches it. Without a file the text goes nowhere.
 */
export function embeddedProvider(opts: { captureFile?: string | undefined } = {}): MessageProvider {
  const file = opts.captureFile;
  let ready: Promise<unknown> | null = null;
  return {
    name: 'embedded',
    async deliver(m) {
      if (!file) return;
      ready ??= fs.promises.mkdir(path.dirname(file), { recursive: true });
      await ready;
      const line = JSON.stringify({ at: new Date().toISOString(), channel: m.channel, to: m.to, purpose: m.purpose, subject: m.subject, body: m.body });
      // One small append per message (O_APPEND): parallel sends never interleave within a line.
      await fs.promises.appendFile(file, `${line}\n`, { mode: 0o600 });
    },
  };
}

/** How long the HTTP adapter waits for the provider. */
export const HTTP_PROVIDER_TIMEOUT_MS = 10_000;

/**
 * The HTTP adapter: POSTs each message as JSON `{ channel, to, subject, body, purpose }` to `url`
 * with `authorization: Bearer <secret>`; any 2xx is delivered, anything else (or no answer within
 * HTTP_PROVIDER_TIMEOUT_MS) failed. A bridge to the SMS and mail gateway of the operator's choice.
 */
export function httpProvider(opts: { url: string; secret: string; timeoutMs?: number }): MessageProvider {
  if (!/^https?:\/\//.test(opts.url)) throw new Error('MESSAGE_PROVIDER_URL must be an http(s) URL');
  if (opts.secret === '') throw new Error('MESSAGE_PROVIDER_URL needs MESSAGE_PROVIDER_SECRET');
  return {
    name: 'http',
    async deliver(m) {
      const response = await fetch(opts.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${opts.secret}` },
        body: JSON.stringify({ channel: m.channel, to: m.to, subject: m.subject, body: m.body, purpose: m.purpose }),
        signal: AbortSignal.timeout(opts.timeoutMs ?? HTTP_PROVIDER_TIMEOUT_MS),
        redirect: 'error',
      });
      // The answer's body is not ours to keep; drain it so the connection is reused.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new Error(`message provider answered ${response.status}`);
    },
  };
}

/** The provider the environment names: the HTTP adapter when a URL is set, else the embedded default. */
export function messageProviderFrom(env: {
  providerUrl?: string | undefined;
  providerSecret?: string | undefined;
  captureFile?: string | undefined;
}): MessageProvider {
  if (env.providerUrl) return httpProvider({ url: env.providerUrl, secret: env.providerSecret ?? '' });
  return embeddedProvider({ captureFile: env.captureFile });
}

/**
 * deps.sms and deps.email: each message is recorded in the outbox (pending), handed to the provider,
 * then marked sent or failed. A failure is not the caller's error: the answer to a code request is
 * the same whether a message went out (numbers cannot be enumerated); the outbox shows it failed.
 */
export function outboxSender(
  db: Kysely<DB>,
  provider: MessageProvider,
  channel: TMessageChannel,
  onFailure: (err: unknown, channel: TMessageChannel) => void = () => undefined,
): SmsProvider & EmailProvider {
  return {
    async send(m) {
      const purpose = (m.purpose ?? 'notice').slice(0, 32);
      const row = await db
        .insertInto('outbox')
        .values({ merchant_id: m.merchantId, channel, recipient: m.to, subject: m.subject, purpose, provider: provider.name, status: 'pending' })
        .returning('id')
        .executeTakeFirstOrThrow();
      let status: 'sent' | 'failed' = 'sent';
      try {
        await provider.deliver({ channel, merchantId: m.merchantId, to: m.to, subject: m.subject, body: m.body, purpose });
      } catch (err) {
        status = 'failed';
        onFailure(err, channel);
      }
      await db.updateTable('outbox').set({ status }).where('id', '=', row.id).execute();
    },
  };
}
