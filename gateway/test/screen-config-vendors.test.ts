import { describe, expect, it } from 'vitest';
import { VENDOR_SEEDS as CATALOGUE_VENDORS } from '@wl/platform/seed/catalogue-data';
import { BUILT_IN_LOTTERY, BUILT_IN_VENDOR } from '@wl/platform/seed/seed';

// Every vendor the seed writes: the invented catalogue and the built-in games' vendors (docs/0039, docs/0041).
const VENDOR_SEEDS = [...CATALOGUE_VENDORS, BUILT_IN_VENDOR, BUILT_IN_LOTTERY.vendor];
import { ZScreenConfig, type TScreenConfig } from '@wl/schemas';
import { ACCOUNTS, sessionOf, useGateway, type THarness } from './harness.ts';

/** Keys only a vendor object carries (the old embedded link and the wire card alike). */
const VENDOR_KEYS = ['vassalage', 'logoUrl', 'isGame', 'gameCode', 'placements'];

/** Paths of objects outside the top-level `vendors` list that look like a vendor. */
function vendorShapedOutsideList(config: TScreenConfig): string[] {
  const found: string[] = [];
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => walk(item, `${path}.${i}`));
      return;
    }
    if (value === null || typeof value !== 'object') return;
    if (Object.keys(value).some((key) => VENDOR_KEYS.includes(key))) found.push(path);
    for (const [key, child] of Object.entries(value)) walk(child, `${path}.${key}`);
  };
  const { vendors: _list, ...rest } = config;
  walk(rest, '$');
  return found;
}

let h: THarness;
let memberToken = '';

useGateway(async (started) => {
  h = started;
  memberToken = sessionOf(await h.client().session.login.mutate(ACCOUNTS.member)).token;
});

describe('ScreenConfig of the real seed lists each vendor once (docs/0020)', () => {
  it.each([
    ['visitor', 'bn', false],
    ['visitor', 'en', false],
    ['member', 'bn', true],
  ] as const)('%s/%s: every seeded vendor exactly once, codes everywhere else', async (_audience, language, asMember) => {
    const config = await h.client({ token: asMember ? memberToken : undefined }).config.screen.query({ language });
    const codes = config.vendors.map((v) => v.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual(VENDOR_SEEDS.map((v) => v.vassalage).sort());
    // The seed places each vendor under one game type, the one it was seeded with.
    const seeded = new Map(VENDOR_SEEDS.map((v) => [v.vassalage, v.gameType]));
    for (const vendor of config.vendors) expect(vendor.placements.map((p) => p.gameType)).toEqual([seeded.get(vendor.code)]);
    expect(vendorShapedOutsideList(config)).toEqual([]);
    // Codes are what the rest holds: the header, footer and home all name vendors.
    const named = [
      ...config.header.entries.flatMap((e) => (e.kind === 'category' ? e.vendorCodes : [])),
      ...config.footer.products.flatMap((p) => p.vendorCodes),
      ...config.footer.vendorLogoCodes,
      ...config.home.rows.flatMap((r) => r.vendorCodes),
    ];
    expect(new Set(named)).toEqual(new Set(codes));
  });

  it('the walk finds a vendor object put back outside the list, and a dangling code fails to parse', async () => {
    const config = await h.client().config.screen.query({ language: 'bn' });
    const [vendor] = config.vendors;
    if (!vendor) throw new Error('the seed has vendors');
    const embedded = structuredClone(config) as unknown as { footer: { products: { vendorCodes: unknown[] }[] } };
    embedded.footer.products[0]?.vendorCodes.push({ vassalage: vendor.code, name: vendor.name, logoUrl: vendor.logoUrl });
    expect(vendorShapedOutsideList(embedded as unknown as TScreenConfig)).toEqual([
      '$.footer.products.0.vendorCodes.' + String(config.footer.products[0]?.vendorCodes.length),
    ]);

    const dangling = structuredClone(config);
    dangling.vendors = dangling.vendors.filter((v) => v.code !== vendor.code);
    const result = ZScreenConfig.safeParse(dangling);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(`unknown vendor ${vendor.code}`);
  });
});
