import { randomBytes, randomInt } from 'node:crypto';
import type { TCaptchaResponse } from './captcha.types.ts';
import { sha256Hex, type TMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';

/** Captchas expire after 5 minutes and are single use. */
export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
// No 0/O, 1/I/L: the answer must be readable.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

function answerHash(captchaId: string, answer: string): string {
  return sha256Hex(`${captchaId}:${answer.trim().toUpperCase()}`);
}

/** An SVG picture of the text with a little noise, as a base64 data URL. */
export function captchaImage(text: string): string {
  const chars = [...text]
    .map((c, i) => {
      const x = 18 + i * 26;
      const rot = randomInt(-20, 21);
      const y = 34 + randomInt(-4, 5);
      return `<text x="${x}" y="${y}" transform="rotate(${rot} ${x} ${y})" font-family="monospace" font-size="28" font-weight="bold" fill="hsl(${randomInt(0, 360)},60%,35%)">${c}</text>`;
    })
    .join('');
  const lines = Array.from({ length: 4 }, () => {
    const [x1, y1, x2, y2] = [randomInt(0, 120), randomInt(0, 48), randomInt(0, 120), randomInt(0, 48)];
    return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="hsl(${randomInt(0, 360)},40%,60%)" stroke-width="1.5"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="48" viewBox="0 0 120 48"><rect width="120" height="48" fill="#f4f1ea"/>${lines}${chars}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** Creates a captcha; only the hash of its answer is stored. The answer goes back to the caller (tests); the route never sends it. */
export async function createCaptcha(deps: TPlatformDeps, merchant: TMerchant): Promise<TCaptchaResponse & { answer: string }> {
  const answer = Array.from({ length: 4 }, () => ALPHABET[randomInt(0, ALPHABET.length)]).join('');
  const captchaId = randomBytes(16).toString('hex');
  await deps.db
    .insertInto('captchas')
    .values({
      id: captchaId,
      merchant_id: merchant.id,
      answer_hash: answerHash(captchaId, answer),
      expires_at: new Date(deps.clock().getTime() + CAPTCHA_TTL_MS),
    })
    .execute();
  return { captchaId, image: captchaImage(answer), answer };
}

/** Consumes a captcha (any attempt uses it up) and says whether the answer was right. */
export async function consumeCaptcha(deps: TPlatformDeps, merchant: TMerchant, captchaId: string, answer: string): Promise<boolean> {
  const now = deps.clock();
  const row = await deps.db
    .updateTable('captchas')
    .set({ used_at: now })
    .where('id', '=', captchaId)
    .where('merchant_id', '=', merchant.id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('answer_hash')
    .executeTakeFirst();
  return row !== undefined && row.answer_hash === answerHash(captchaId, answer);
}
