import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decoded, rawGet, trpcUrl, varyOf, type TRawAnswer } from './http-get.ts';
import { LIVE_CONFIG_PATH } from '../src/live/config-streams.ts';
import { ACCOUNTS, loginToken, startGateway, type THarness } from './harness.ts';

/** docs/0019: brotli and gzip for HTML, JS, CSS, SVG and JSON; cache headers; SSE left alone. */

let h: THarness;
let dist: string;
let memberToken: string;
let gameIcon = '';

const lines = (what: string) => Array.from({ length: 60 }, (_, i) => what.replace('#', String(i))).join('\n');
/** Files as Vite writes them: hashed assets with .br and .gz twins, one without (built before the plugin). */
const FILES: Record<string, { body: string; twins: boolean }> = {
  'index.html': { body: `<!doctype html><html><head><title>web</title></head><body>${lines('<p>line #</p>')}</body></html>`, twins: true },
  'assets/app-abc123.js': { body: lines('export const v# = "value #";'), twins: true },
  'assets/app-abc123.css': { body: lines('.c# { color: #123456; margin: #px; }'), twins: true },
  'assets/logo-abc123.svg': { body: `<svg xmlns="http://www.w3.org/2000/svg">${lines('<rect x="#" y="#" width="10" height="10"/>')}</svg>`, twins: true },
  'assets/late-abc123.js': { body: lines('console.log("late #");'), twins: false },
};

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'gateway-compression-'));
  mkdirSync(join(dist, 'assets'));
  for (const [name, { body, twins }] of Object.entries(FILES)) {
    writeFileSync(join(dist, name), body);
    if (twins) {
      writeFileSync(join(dist, `${name}.br`), brotliCompressSync(body));
      writeFileSync(join(dist, `${name}.gz`), gzipSync(body));
    }
  }
  h = await startGateway({ webDistDir: dist });
  memberToken = await loginToken(h, ACCOUNTS.member);
  gameIcon = (await h.client().catalogue.hotGames.query({ language: 'en' }))[0]!.iconUrl;
});
afterAll(async () => {
  await h?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The same URL without Accept-Encoding, then with br and with gzip: each decodes to the same bytes. */
async function expectCodings(url: string, headers: Record<string, string> = {}): Promise<{ plain: TRawAnswer; br: TRawAnswer; gzip: TRawAnswer }> {
  const plain = await rawGet(url, headers);
  expect(plain.headers['content-encoding'], url).toBeUndefined();
  const br = await rawGet(url, { ...headers, 'accept-encoding': 'gzip, deflate, br' });
  const gzip = await rawGet(url, { ...headers, 'accept-encoding': 'gzip' });
  expect(br.headers['content-encoding'], url).toBe('br');
  expect(gzip.headers['content-encoding'], url).toBe('gzip');
  for (const answer of [br, gzip]) {
    expect(answer.status, url).toBe(plain.status);
    expect(answer.body.length, url).toBeLessThan(plain.body.length);
    // Decoded once gives the original: nothing was compressed twice.
    expect(decoded(answer).equals(plain.body), url).toBe(true);
    expect(varyOf(answer), url).toContain('accept-encoding');
    expect(answer.headers['content-type'], url).toBe(plain.headers['content-type']);
  }
  return { plain, br, gzip };
}

describe('static files', () => {
  it.each([
    ['index.html (templated)', '/', /^text\/html/, 'no-cache'],
    ['the SPA fallback (templated)', '/member/securityCenter', /^text\/html/, 'no-cache'],
    ['a hashed script', '/assets/app-abc123.js', /javascript/, 'public, max-age=31536000, immutable'],
    ['a hashed style sheet', '/assets/app-abc123.css', /^text\/css/, 'public, max-age=31536000, immutable'],
    ['a hashed SVG', '/assets/logo-abc123.svg', /^image\/svg\+xml/, 'public, max-age=31536000, immutable'],
  ])('serve %s compressed', async (_what, path, type, cacheControl) => {
    const { plain, br, gzip } = await expectCodings(`${h.baseUrl}${path}`);
    expect(plain.headers['content-type']).toMatch(type);
    if (path.startsWith('/assets/')) {
      // The twin's very bytes, not a fresh compression of the original.
      const name = path.slice(1);
      expect(br.body.equals(brotliCompressSync(FILES[name]!.body))).toBe(true);
      expect(gzip.body.equals(gzipSync(FILES[name]!.body))).toBe(true);
    } else {
      // index.html is templated per language (docs/0022) and compressed once per built page: the
      // same bytes again, with an ETag that a repeat visit turns into a 304.
      const again = await rawGet(`${h.baseUrl}${path}`, { 'accept-encoding': 'gzip, deflate, br' });
      expect(again.body.equals(br.body)).toBe(true);
      expect(br.headers.etag).toMatch(/^W\//);
      const revisit = await rawGet(`${h.baseUrl}${path}`, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
      expect(revisit.status).toBe(304);
      expect(revisit.body.length).toBe(0);
    }
    for (const answer of [plain, br, gzip]) expect(answer.headers['cache-control']).toBe(cacheControl);
    expect(varyOf(plain)).toContain('accept-encoding');
  });

  it('compress a file without twins on the fly and keep its cache header', async () => {
    const { br } = await expectCodings(`${h.baseUrl}/assets/late-abc123.js`);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('proxied upstream answers', () => {
  it('compress SVG artwork', async () => {
    const { plain } = await expectCodings(`${h.baseUrl}${gameIcon}`);
    expect(plain.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(decoded(plain).toString()).toMatch(/^<svg/);
  });

  it('compress game pages (HTML)', async () => {
    // A spent or unknown ticket answers the same HTML page every time, so the codings can be compared.
    const { plain } = await expectCodings(`${h.baseUrl}/wps/game/demo/G1?ticket=unknown-ticket`);
    expect(plain.status).toBe(403);
    expect(plain.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('tRPC answers (JSON)', () => {
  it('compress answers tRPC makes per request, and say they are not to be stored', async () => {
    const url = trpcUrl(h.baseUrl, ['member.info', 'catalogue.gameMenus'], [undefined, undefined]);
    const { plain } = await expectCodings(url, { authorization: memberToken, 'x-language': 'en' });
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(plain.headers['cache-control']).toBe('no-store');
    expect(plain.headers.etag).toBeUndefined();
  });

  it('serve ready bytes of config.screen and of public batches in either coding', async () => {
    for (const url of [
      trpcUrl(h.baseUrl, ['config.screen'], [{ language: 'en' }]),
      trpcUrl(h.baseUrl, ['catalogue.hotGames', 'content.winnerBoard'], [{ language: 'en' }, { language: 'en' }]),
    ]) {
      const { plain, br, gzip } = await expectCodings(url);
      expect(plain.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(plain.body.toString())).toBeTruthy();
      expect(Number(br.headers['content-length'])).toBe(br.body.length);
      expect(br.headers.etag).toBe(plain.headers.etag);
      expect(gzip.headers.etag).toBe(plain.headers.etag);
    }
  });

  it('leave small answers as they are', async () => {
    const small = await rawGet(trpcUrl(h.baseUrl, ['system.clientIp'], [undefined]), { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({ result: { data: { ip: '127.0.0.1' } } });
  });
});

describe('server-sent events', () => {
  it('are never compressed, even when the client accepts br', async () => {
    const url = h.baseUrl + LIVE_CONFIG_PATH;
    const { headers, first } = await new Promise<{ headers: Record<string, unknown>; first: string }>((resolve, reject) => {
      const req = request(url, { headers: { accept: 'text/event-stream', 'accept-encoding': 'br, gzip' } }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString('latin1');
          // The first version event arrived as plain text.
          if (/^id: \d+$/m.test(text) && text.endsWith('\n\n')) {
            resolve({ headers: res.headers, first: text });
            req.destroy();
          }
        });
        res.on('error', reject);
      });
      req.on('error', (error) => {
        if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
      });
      req.end();
    });
    expect(headers['content-type']).toMatch(/^text\/event-stream/);
    expect(headers['content-encoding']).toBeUndefined();
    expect(first).toMatch(/"version":\d+/);
  });
});
