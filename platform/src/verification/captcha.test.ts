import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WPS_PATHS, ZCaptchaResponse, ZEnvelope } from '@wl/schemas';
import { buildPlatform } from '../app.ts';
import { platformEnv, REPO_ROOT } from '../env.ts';
import { usePlatform } from '../test-support/db.ts';
import { CAPTCHA_ALPHABET, CAPTCHA_LENGTH, captchaAnswerFromKey } from './captcha-seam.ts';
import { assertCaptchaSeamAllowed, CAPTCHA_TTL_MS, captchaImage, consumeCaptcha, createCaptcha } from './captcha.service.ts';

let now = Date.parse('2026-06-01T10:00:00Z');
const ctx = usePlatform({ clock: () => new Date(now) });
const TEST_KEY = 'captcha-test-key-of-this-file';

function svgOf(image: string): string {
  expect(image.startsWith('data:image/svg+xml;base64,')).toBe(true);
  return Buffer.from(image.slice('data:image/svg+xml;base64,'.length), 'base64').toString('utf8');
}

async function merchant() {
  return ctx.db.selectFrom('merchants').selectAll().where('code', '=', 'DEMO').executeTakeFirstOrThrow();
}

/** A captcha served over HTTP by `app`, as a browser gets it. */
async function served(app = ctx.app) {
  return ZEnvelope(ZCaptchaResponse).parse((await app.inject({ url: WPS_PATHS.captcha })).json()).value!;
}

describe('captcha picture', () => {
  it('draws the answer as paths only: no <text>, no text nodes, no answer characters outside path geometry', () => {
    for (const answer of ['HKWX', 'A2B3', '9YRT']) {
      const svg = svgOf(captchaImage(answer));
      expect(svg).not.toMatch(/<text|<tspan|<title|<desc|<foreignObject|font-family|<use|xlink/i);
      // Nothing but elements: no text content between tags.
      expect(svg.replace(/<[^>]*>/g, '')).toBe('');
      // The path geometry is the only place the characters live; every other attribute is colour or size.
      const withoutGeometry = svg.replace(/ d="[^"]*"/g, '');
      expect(withoutGeometry).not.toContain(answer);
      expect(withoutGeometry.toLowerCase()).not.toContain(answer.toLowerCase());
      expect(svg).not.toContain(answer);
      // One filled path per character, plus stroked noise lines across them.
      expect(svg.match(/<path fill="/g)).toHaveLength(answer.length);
      expect((svg.match(/<path d="[^"]*" stroke="/g) ?? []).length).toBeGreaterThanOrEqual(2);
    }
  });

  it('draws the same answer differently each time (noise and jitter)', () => {
    expect(captchaImage('HKWX')).not.toBe(captchaImage('HKWX'));
  });
});

describe('captcha answers', () => {
  it('stores only the hash and accepts the right answer once, any case; a wrong try uses it up; it expires after 5 minutes', async () => {
    const m = await merchant();
    const c = await createCaptcha(ctx.app.platform, m);
    const row = await ctx.db.selectFrom('captchas').selectAll().where('id', '=', c.captchaId).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(c.answer);
    expect(await consumeCaptcha(ctx.app.platform, m, c.captchaId, c.answer.toLowerCase())).toBe(true);
    expect(await consumeCaptcha(ctx.app.platform, m, c.captchaId, c.answer)).toBe(false);

    const wrong = await createCaptcha(ctx.app.platform, m);
    expect(await consumeCaptcha(ctx.app.platform, m, wrong.captchaId, wrong.answer === 'AAAA' ? 'BBBB' : 'AAAA')).toBe(false);
    expect(await consumeCaptcha(ctx.app.platform, m, wrong.captchaId, wrong.answer)).toBe(false);

    const late = await createCaptcha(ctx.app.platform, m);
    now += CAPTCHA_TTL_MS;
    expect(await consumeCaptcha(ctx.app.platform, m, late.captchaId, late.answer)).toBe(false);
  });

  it('without a test key, answers are random: not derivable from the id, different from one captcha to the next', async () => {
    expect(ctx.app.platform.captchaTestKey).toBeUndefined();
    const m = await merchant();
    const answers = new Set<string>();
    for (let i = 0; i < 12; i += 1) {
      const c = await createCaptcha(ctx.app.platform, m);
      expect(c.answer).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{${CAPTCHA_LENGTH}}$`));
      // A test that knows some key still cannot answer a captcha of a platform started without one.
      expect(c.answer).not.toBe(captchaAnswerFromKey(TEST_KEY, c.captchaId));
      answers.add(c.answer);
    }
    expect(answers.size).toBeGreaterThan(6);
  });

  it('with a test key, the answer of a served captcha is HMAC(key, id) on the alphabet, and only that key derives it', async () => {
    const seamed = await buildPlatform({ db: ctx.db, merchantCode: 'DEMO', clock: () => new Date(now), captchaTestKey: TEST_KEY });
    try {
      const m = await merchant();
      const a = await served(seamed);
      const b = await served(seamed);
      const answerA = captchaAnswerFromKey(TEST_KEY, a.captchaId);
      expect(answerA).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{${CAPTCHA_LENGTH}}$`));
      expect(captchaAnswerFromKey(TEST_KEY, a.captchaId)).toBe(answerA);
      // Another key's answer, made sure to differ: two keys give the same 4 characters once in 31^4
      // (923,521) captchas, and CI once drew that chance here.
      const answerB = captchaAnswerFromKey(TEST_KEY, b.captchaId);
      const otherKey = ['another-key', 'another-key-2', 'another-key-3'].find((key) => captchaAnswerFromKey(key, b.captchaId) !== answerB)!;
      expect(await consumeCaptcha(seamed.platform, m, b.captchaId, captchaAnswerFromKey(otherKey, b.captchaId))).toBe(false);
      expect(await consumeCaptcha(seamed.platform, m, a.captchaId, answerA)).toBe(true);
      expect(await consumeCaptcha(seamed.platform, m, a.captchaId, answerA)).toBe(false);
      // The picture shows the derived answer, still as paths only.
      expect(svgOf(a.image).replace(/ d="[^"]*"/g, '')).not.toContain(answerA);
      expect(svgOf(a.image)).not.toMatch(/<text/);
    } finally {
      await seamed.close();
    }
  });
});

describe('captcha test seam guard', () => {
  const saved = platformEnv.nodeEnv;
  afterEach(() => {
    platformEnv.nodeEnv = saved;
  });

  it('refuses the key under NODE_ENV=production and allows everything else', () => {
    expect(() => assertCaptchaSeamAllowed({ nodeEnv: 'production', captchaTestKey: 'k' })).toThrow(/CAPTCHA_TEST_KEY.*production/);
    expect(() => assertCaptchaSeamAllowed({ nodeEnv: 'production', captchaTestKey: undefined })).not.toThrow();
    expect(() => assertCaptchaSeamAllowed({ nodeEnv: 'test', captchaTestKey: 'k' })).not.toThrow();
    expect(() => assertCaptchaSeamAllowed({ nodeEnv: undefined, captchaTestKey: 'k' })).not.toThrow();
  });

  it('buildPlatform refuses a test key in production', async () => {
    platformEnv.nodeEnv = 'production';
    await expect(buildPlatform({ db: ctx.db, merchantCode: 'DEMO', captchaTestKey: TEST_KEY })).rejects.toThrow(/CAPTCHA_TEST_KEY/);
  });

  it('the standalone platform start stops with one clear line before opening any database', () => {
    const dataDir = path.join(REPO_ROOT, '.data', `captcha-guard-${process.pid}`);
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'platform', 'src', 'server.ts')], {
      env: { ...process.env, NODE_ENV: 'production', CAPTCHA_TEST_KEY: 'leaked', PLATFORM_DATA_DIR: dataDir, DATABASE_URL: '', PLATFORM_PORT: '0' },
      encoding: 'utf8',
      timeout: 240_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('platform: CAPTCHA_TEST_KEY is set while NODE_ENV is production');
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});
