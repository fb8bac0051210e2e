import { describe, expect, it } from 'vitest';
import { chainLinkHolds, serverSeedHash } from '@wl/schemas/games/fair';
import { usePlatform } from '../../test-support/db.ts';
import { chainLink, nextLink } from './seed-chains.ts';
import { demoMerchantId } from '../../test-support/demo-merchant.ts';

// docs/0073: crash and lottery seeds come from reverse hash chains committed by their anchor.
const ctx = usePlatform();

describe('seed chains', () => {
  it('a chain verifies link by link back to its published anchor, and a used-up chain starts the next generation', async () => {
    const game = await ctx.db
      .selectFrom('games')
      .where('merchant_id', '=', demoMerchantId(ctx.db))
      .select('id')
      .where('engine', '=', 'crash')
      .executeTakeFirstOrThrow();
    // The rounds' own record of the links they used, per chain (as crash_rounds and lottery_draws keep it).
    const used = new Map<number, number>();
    const links: { chainId: number; index: number; seed: string; seedHash: string }[] = [];
    for (let i = 0; i < 7; i++) {
      const link = await nextLink(ctx.db, game.id, async (chainId) => used.get(chainId) ?? null, 5);
      links.push(link);
      used.set(link.chainId, link.index);
    }
    expect(links.map((l) => l.index)).toEqual([1, 2, 3, 4, 5, 1, 2]);
    const chains = await ctx.db
      .selectFrom('game_seed_chains')
      .select(['id', 'anchor', 'generation'])
      .where('game_id', '=', game.id)
      .orderBy('generation')
      .execute();
    expect(chains.map((c) => c.generation)).toEqual([1, 2]);
    for (const [n, chain] of chains.entries()) {
      const own = links.slice(n * 5, n * 5 + 5);
      // The anchor, published first, is the hash of link 1; each link's hash is the link before.
      expect(await chainLinkHolds(own[0]!.seed, chain.anchor)).toBe(true);
      for (let k = 1; k < own.length; k++) {
        expect(await chainLinkHolds(own[k]!.seed, own[k - 1]!.seed)).toBe(true);
        expect(own[k]!.seedHash).toBe(own[k - 1]!.seed);
      }
      for (const l of own) expect(await serverSeedHash(l.seed)).toBe(l.seedHash);
    }
    // A link that is not the chain's does not hold.
    expect(await chainLinkHolds('0'.repeat(64), chains[0]!.anchor)).toBe(false);
  });

  it('links are hashed down from the terminal seed', () => {
    const terminal = 'a'.repeat(64);
    expect(chainLink(terminal, 3, 3)).toBe(terminal);
    expect(() => chainLink(terminal, 3, 4)).toThrow(RangeError);
    expect(() => chainLink(terminal, 3, 0)).toThrow(RangeError);
  });
});
