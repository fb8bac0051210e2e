import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * Tests read the real text of a message from the embedded provider's capture file (docs/0067): the
 * outbox table and the operator calls never hold a code or a link.
 */

/** A fresh capture file path for one test platform (the embedded provider creates it on the first message). */
export function newCaptureFile(): string {
  return path.join(os.tmpdir(), `wl-messages-${process.pid}-${randomBytes(6).toString('hex')}.log`);
}

/** One captured message, as the embedded provider wrote it. */
export type TCapturedMessage = { at: string; channel: 'sms' | 'email'; to: string; purpose: string; subject: string; body: string };

/** Every message in a capture file, oldest first (none when nothing was sent yet). */
export function capturedMessages(file: string): TCapturedMessage[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as TCapturedMessage);
}

/** The newest captured message to a recipient (what the embedded provider delivered). */
export async function lastMessage(file: string, channel: 'sms' | 'email', to: string): Promise<TCapturedMessage | undefined> {
  return capturedMessages(file)
    .reverse()
    .find((m) => m.channel === channel && m.to === to);
}

/** The 6-digit code of the newest SMS to a number (e.g. '+8801711000001'), or of the newest email to an address. */
export async function lastSmsCode(file: string, to: string, channel: 'sms' | 'email' = 'sms'): Promise<string> {
  const m = await lastMessage(file, channel, to);
  const code = m?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no ${channel} code for ${to}`);
  return code;
}

/** Turns a whitelabel flag on or off directly (tests of 543 answers). */
export async function setFlag(db: Kysely<DB>, modId: string, enabled: boolean) {
  await db.updateTable('whitelabel_nodes').set({ enabled }).where('mod_id', '=', modId).execute();
}
