import { createRequire } from 'node:module';
import { randomBytes, randomInt } from 'node:crypto';
import type { create as TSvgCaptchaCreate } from 'svg-captcha';
import type { TCaptchaResponse } from './captcha.types.ts';
import { CAPTCHA_ALPHABET, CAPTCHA_LENGTH, captchaAnswerFromKey } from './captcha-seam.ts';
import { sha256Hex, type TMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';

/** Captchas expire after 5 minutes and are single use. */
export const CAPTCHA_TTL_MS = 5 * 60 * 1000;

type TSvgCaptchaOptions = NonNullable<Parameters<typeof TSvgCaptchaCreate>[0]>;
type TRenderSvg = (text: string, options: TSvgCaptchaOptions) => string;
// svg-captcha's README documents `svgCaptcha(text, options)` (draw a given text) but its typings
// only declare create(), which draws a Math.random text; the answer must come from crypto or the
// test seam, so the documented call is typed here. Required at the first captcha, not at start:
// it parses its font with opentype.js (~3 MB that an idle site need not hold; docs/0061).
let renderSvg: TRenderSvg | null = null;
const requireHere = createRequire(import.meta.url);

// Drawn at the web's box ratio (110×42 with a 1 px border: 108×40), so it scales without bands and
// stays readable in a 360 px wide popup. Glyphs are noisy <path>s from svg-captcha's bundled font.
export { assertCaptchaSeamAllowed } from './captcha-seam.ts';

const IMAGE: TSvgCaptchaOptions = { width: 135, height: 50, fontSize: 50, noise: 3, color: true, background: '#e6e0d2' };

function answerHash(captchaId: string, answer: string): string {
  return sha256Hex(`${captchaId}:${answer.trim().toUpperCase()}`);
}

function randomAnswer(): string {
  return Array.from({ length: CAPTCHA_LENGTH }, () => CAPTCHA_ALPHABET[randomInt(0, CAPTCHA_ALPHABET.length)]).join('');
}

/** The captcha picture of an answer (no <text>: the characters are distorted paths), as a base64 data URL. */
export function captchaImage(answer: string): string {
  renderSvg ??= requireHere('svg-captcha') as TRenderSvg;
  return `data:image/svg+xml;base64,${Buffer.from(renderSvg(answer, IMAGE)).toString('base64')}`;
}

/**
 * Creates a captcha; only the hash of its answer is stored. The answer is random, or derived from
 * the id when the platform runs with a test key. It goes back to the caller (unit tests); the route never sends it.
 */
export async function createCaptcha(deps: TPlatformDeps, merchant: TMerchant): Promise<TCaptchaResponse & { answer: string }> {
  const captchaId = randomBytes(16).toString('hex');
  const answer = deps.captchaTestKey === undefined ? randomAnswer() : captchaAnswerFromKey(deps.captchaTestKey, captchaId);
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
