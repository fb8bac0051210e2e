import { createHmac } from 'node:crypto';

/**
 * The captcha test seam (docs/0012-captcha-and-test-seam.md). With CAPTCHA_TEST_KEY set, a captcha's
 * answer is derived from its id with that key, so tests and demo scripts that know the key can
 * answer; nobody else can. This file imports nothing but node:crypto because the e2e journeys and
 * the gateway tests import it too.
 */

/** Characters a captcha answer is made of: no 0/O, 1/I/L look-alikes, so a person can read it. */
export const CAPTCHA_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** Characters in every captcha answer. */
export const CAPTCHA_LENGTH = 4;

// Bytes at or above this are skipped so that `byte % alphabet` stays uniform (31 × 8 = 248).
const UNBIASED_LIMIT = 256 - (256 % CAPTCHA_ALPHABET.length);

/** The answer of captcha `captchaId` on a platform started with CAPTCHA_TEST_KEY=`key`: HMAC-SHA256(key, id) mapped onto the alphabet. */
export function captchaAnswerFromKey(key: string, captchaId: string): string {
  let answer = '';
  // One HMAC block nearly always gives enough unbiased bytes; further blocks carry a counter.
  for (let block = 0; answer.length < CAPTCHA_LENGTH; block += 1) {
    const bytes = createHmac('sha256', key)
      .update(block === 0 ? captchaId : `${captchaId}:${block}`)
      .digest();
    for (const byte of bytes) {
      if (byte >= UNBIASED_LIMIT) continue;
      answer += CAPTCHA_ALPHABET[byte % CAPTCHA_ALPHABET.length];
      if (answer.length === CAPTCHA_LENGTH) break;
    }
  }
  return answer;
}

/** Refuses a production start with the captcha test seam on (docs/0012-captcha-and-test-seam.md). */
export function assertCaptchaSeamAllowed(settings: { nodeEnv: string | undefined; captchaTestKey: string | undefined }): void {
  if (settings.captchaTestKey !== undefined && settings.nodeEnv === 'production') {
    throw new Error(
      'CAPTCHA_TEST_KEY is set while NODE_ENV is production: the key lets whoever knows it answer every captcha, so a production start refuses it. Unset CAPTCHA_TEST_KEY.',
    );
  }
}
