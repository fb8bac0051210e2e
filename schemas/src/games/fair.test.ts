import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CLIENT_SEED_PATTERN, fairFloats, newClientSeed, newServerSeed, serverSeedHash } from './fair.ts';

// An independent reading of the documented formula with Node's own crypto, to check the Web Crypto one.
function floatsByHand(serverSeed: string, clientSeed: string, nonce: number, count: number): number[] {
  const out: number[] = [];
  for (let cursor = 0; out.length < count; cursor++) {
    const b = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${cursor}`).digest();
    for (let i = 0; i < 32 && out.length < count; i += 4) out.push(b.readUInt32BE(i) / 2 ** 32);
  }
  return out;
}

describe('provably fair floats', () => {
  it('follow the documented formula, across HMAC blocks', async () => {
    const floats = await fairFloats('a'.repeat(64), 'player-seed', 7, 20);
    expect(floats).toEqual(floatsByHand('a'.repeat(64), 'player-seed', 7, 20));
    expect(floats.every((f) => f >= 0 && f < 1)).toBe(true);
  });

  it('change with the nonce and the client seed, and repeat for the same inputs', async () => {
    const s = newServerSeed();
    const a = await fairFloats(s, 'c', 0, 5);
    expect(await fairFloats(s, 'c', 0, 5)).toEqual(a);
    expect(await fairFloats(s, 'c', 1, 5)).not.toEqual(a);
    expect(await fairFloats(s, 'd', 0, 5)).not.toEqual(a);
  });

  it('commits to the server seed with its SHA-256', async () => {
    const s = newServerSeed();
    expect(s).toMatch(/^[0-9a-f]{64}$/);
    expect(await serverSeedHash(s)).toBe(createHash('sha256').update(s).digest('hex'));
  });

  it('refuses a negative or fractional nonce', async () => {
    await expect(fairFloats('s', 'c', -1, 1)).rejects.toThrow(RangeError);
    await expect(fairFloats('s', 'c', 1.5, 1)).rejects.toThrow(RangeError);
  });

  it('takes printable client seeds without the separator', () => {
    expect(CLIENT_SEED_PATTERN.test(newClientSeed())).toBe(true);
    expect(CLIENT_SEED_PATTERN.test('my-lucky_seed.42')).toBe(true);
    for (const bad of ['', 'a:b', 'x'.repeat(65), 'a b', 'a\u0000', 'বাংলা']) expect(CLIENT_SEED_PATTERN.test(bad)).toBe(false);
  });
});
