import { describe, expect, it } from 'vitest';
import { ACCOUNTS, useGateway, type THarness } from './harness.ts';

let h: THarness;
let operatorToken: string;

// The default TTL (5 s) is far longer than this test: only the config-change clear can make it pass.
useGateway(
  async (started) => {
    h = started;
    operatorToken = (await h.client().operator.login.mutate(ACCOUNTS.operator)).token;
  },
  { publicCacheMs: undefined },
);

describe('public catalogue cache', () => {
  it('serves repeated catalogue calls from one answer, and drops it when the operator changes the config', async () => {
    const visitor = h.client();
    const operator = h.client({ token: operatorToken });
    const before = await visitor.catalogue.gameMenus.query();
    expect(before.map((c) => c.gameType)).toContain('LIVE');
    expect(await visitor.catalogue.gameMenus.query()).toEqual(before);

    try {
      await operator.operator.setFlag.mutate({ modId: 'GAME_LIVE', enabled: false });
      const after = await visitor.catalogue.gameMenus.query();
      expect(after.map((c) => c.gameType)).not.toContain('LIVE');
    } finally {
      await operator.operator.setFlag.mutate({ modId: 'GAME_LIVE', enabled: true });
    }
    expect((await visitor.catalogue.gameMenus.query()).map((c) => c.gameType)).toContain('LIVE');
  });

  it('keeps answers apart by language and by filter', async () => {
    const visitor = h.client();
    const bn = await visitor.catalogue.hotGames.query({ language: 'bn' });
    const en = await visitor.catalogue.hotGames.query({ language: 'en' });
    expect(bn.map((g) => g.nodeId)).toEqual(en.map((g) => g.nodeId));
    expect(bn.map((g) => g.displayName)).not.toEqual(en.map((g) => g.displayName));

    const rng = await visitor.catalogue.games.query({ gameType: 'RNG', pageNo: 1, pageSize: 12, language: 'en' });
    const live = await visitor.catalogue.games.query({ gameType: 'LIVE', pageNo: 1, pageSize: 12, language: 'en' });
    expect(rng.games.every((g) => g.gameType === 'RNG')).toBe(true);
    expect(live.games.every((g) => g.gameType === 'LIVE')).toBe(true);
  });
});
