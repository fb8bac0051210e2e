import { createHmac } from 'node:crypto';
import { expect } from 'vitest';
import { captchaAnswerFromKey } from '@wl/platform/verification/captcha-seam';
import { lastMessage } from '@wl/platform/test-support/outbox';
import { CAPTCHA_TEST_KEY, type THarness } from './harness.ts';

/** What a raw tRPC call over HTTP answered: status, parsed JSON, raw text and the Set-Cookie header. */
export type TRawAnswer = {
  status: number;
  json: { result?: { data?: unknown }; error?: { message: string; data?: Record<string, unknown> } };
  text: string;
  setCookie: string | null;
};

/** A tRPC mutation over plain fetch, so tests see cookies and the exact body the browser gets. */
export async function rawMutation(h: THarness, path: string, input: unknown, headers: Record<string, string> = {}): Promise<TRawAnswer> {
  const response = await fetch(`${h.baseUrl}/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: input === undefined ? undefined : JSON.stringify(input),
  });
  const text = await response.text();
  return { status: response.status, json: JSON.parse(text) as TRawAnswer['json'], text, setCookie: response.headers.get('set-cookie') };
}

/** The `name=value` pair of a Set-Cookie header, to send back as a Cookie header. */
export function cookiePair(setCookie: string | null): string {
  expect(setCookie).toBeTruthy();
  return setCookie!.split(';')[0]!;
}

/**
 * A captcha and its answer, through the gateway. The picture cannot be read from its markup; the
 * answer comes from the test seam: the harness starts the platform with CAPTCHA_TEST_KEY (docs/0012).
 */
export async function solvedCaptcha(h: THarness): Promise<{ captchaId: string; captcha: string }> {
  const { captchaId } = await h.client().session.captcha.query();
  return { captchaId, captcha: captchaAnswerFromKey(CAPTCHA_TEST_KEY, captchaId) };
}

/**
 * The text of the newest message to a number (SMS) or an address, read from the harness platform's
 * capture file: no operator call shows a code or a link (docs/0067).
 */
export async function latestMessage(h: THarness, channel: 'sms' | 'email', to: string): Promise<string> {
  expect(h.messages, "the harness platform is shared: its messages are not this harness's").toBeTruthy();
  const message = await lastMessage(h.messages!, channel, to);
  expect(message, `no ${channel} to ${to} was sent`).toBeTruthy();
  return message!.body;
}

/** The 6-digit code of the newest SMS to a number. */
export async function latestSmsCode(h: THarness, to: string): Promise<string> {
  const code = /\b(\d{6})\b/.exec(await latestMessage(h, 'sms', to))?.[1];
  expect(code, 'no 6-digit code in the SMS').toBeTruthy();
  return code!;
}

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of text.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  return Buffer.from(bits.match(/.{8}/g)?.map((b) => parseInt(b, 2)) ?? []);
}

/** RFC 6238 code (SHA-1, 30 s, 6 digits) of a base32 secret, independent of the platform's code. */
export function totpCode(secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const hmac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  const value = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, '0');
}
