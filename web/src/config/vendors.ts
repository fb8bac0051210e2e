import type { TGameType, TScreenConfig, TVendor, TVendorLink } from '@wl/schemas';
import { resolveVendorLink, vendorIndex } from '@wl/schemas/screen/vendors';
import { useScreenConfig } from './screen-config-context.tsx';

/**
 * The config's vendors as pages read them (docs/0020): the config lists each vendor once and names
 * it by code elsewhere; this resolves a code inside the category that names it.
 */
export type TConfigVendors = {
  /** The vendor `code` inside `gameType` (its first category when null or absent). */
  link(code: string, gameType?: TGameType | null): TVendorLink | undefined;
  /** The links of a list of codes inside one category, in order (the schema refuses unknown codes). */
  links(codes: readonly string[], gameType: TGameType | null): readonly TVendorLink[];
};

/** One resolver per vendor list, so each config builds its index once and links keep their identity. */
const resolvers = new WeakMap<readonly TVendor[], TConfigVendors>();

/** The resolver of a config's vendors (pure code: launch rules, category lookups). */
export function configVendors(config: Pick<TScreenConfig, 'vendors'>): TConfigVendors {
  const cached = resolvers.get(config.vendors);
  if (cached) return cached;
  const index = vendorIndex(config.vendors);
  const links = new Map<string, TVendorLink | undefined>();
  const lists = new WeakMap<readonly string[], Map<TGameType | null, readonly TVendorLink[]>>();
  const link = (code: string, gameType: TGameType | null = null) => {
    const key = `${gameType ?? ''}:${code}`;
    if (!links.has(key)) links.set(key, resolveVendorLink(index, code, gameType));
    return links.get(key);
  };
  const resolver: TConfigVendors = {
    link,
    links(codes, gameType) {
      let byType = lists.get(codes);
      if (!byType) lists.set(codes, (byType = new Map()));
      let list = byType.get(gameType);
      if (!list) {
        list = codes.flatMap((code) => link(code, gameType) ?? []);
        byType.set(gameType, list);
      }
      return list;
    },
  };
  resolvers.set(config.vendors, resolver);
  return resolver;
}

/** The resolver of the loaded ScreenConfig's vendors. */
export function useVendors(): TConfigVendors {
  return configVendors(useScreenConfig());
}
