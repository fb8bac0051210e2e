import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodeAnswer, etagMatches, preferredEncoding } from './encoded-answer.ts';

describe('preferredEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['deflate', null],
    ['identity', null],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0', null],
    ['gzip, *;q=0', 'gzip'],
    ['br;q=0, *', 'gzip'],
  ])('%s → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe('etagMatches', () => {
  const etag = 'W/"abc"';
  it.each([
    [undefined, false],
    ['W/"abc"', true],
    ['"abc"', true],
    ['W/"abd", W/"abc"', true],
    ['*', true],
    ['W/"ab"', false],
    ['abc', false],
  ])('%s → %s', (header, expected) => {
    expect(etagMatches(header, etag)).toBe(expected);
  });
});

describe('encodeAnswer', () => {
  it('holds the same bytes in each coding, and its ETag follows the bytes', async () => {
    const body = Buffer.from(JSON.stringify({ result: { data: Array.from({ length: 50 }, (_, i) => ({ i, name: `game ${i}` })) } }));
    const answer = await encodeAnswer(body, { contentType: 'application/json', brotliQuality: 11 });
    expect(brotliDecompressSync(answer.br).equals(body)).toBe(true);
    expect(gunzipSync(answer.gzip).equals(body)).toBe(true);
    expect(answer.br.length).toBeLessThan(body.length);
    expect((await encodeAnswer(Buffer.from(body), { contentType: 'application/json', brotliQuality: 5 })).etag).toBe(answer.etag);
    const changed = Buffer.from(body.toString().replace('game 7', 'game 8'));
    expect((await encodeAnswer(changed, { contentType: 'application/json', brotliQuality: 5 })).etag).not.toBe(answer.etag);
  });
});
