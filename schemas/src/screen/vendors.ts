import type { TGameType } from '../domain/game.ts';
import type { TVendor, TVendorLink, TVendorPlacement } from './screen-config.ts';

/**
 * How clients read vendors (docs/0020): `ScreenConfig.vendors` lists each vendor once; header
 * entries, footer products and logos and home rows hold codes. Build the index once per config and
 * resolve a code inside the category that names it.
 */
export type TVendorIndex = ReadonlyMap<string, TVendor>;

/** The config's vendors by code (codes are unique: the schema refuses a repeated one). */
export function vendorIndex(vendors: readonly TVendor[]): TVendorIndex {
  return new Map(vendors.map((vendor) => [vendor.code, vendor]));
}

/**
 * The vendor `code` as it shows inside `gameType`, or in its first category when no type is given
 * (footer logos, a name); undefined when the config has no such vendor or placement.
 */
export function resolveVendorLink(index: TVendorIndex, code: string, gameType?: TGameType | null): TVendorLink | undefined {
  const vendor = index.get(code);
  if (!vendor) return undefined;
  const placement = gameType == null ? vendor.placements[0] : vendor.placements.find((p) => p.gameType === gameType);
  return placement && vendorLink(vendor, placement);
}

/** One placement of a vendor as a link: the placement's own name and logo, else the vendor's. */
export function vendorLink(vendor: TVendor, placement: TVendorPlacement): TVendorLink {
  return {
    vassalage: vendor.code,
    name: placement.name ?? vendor.name,
    logoUrl: placement.logoUrl ?? vendor.logoUrl,
    gameType: placement.gameType,
    path: placement.path,
    isGame: placement.isGame,
    gameCode: placement.gameCode,
  };
}
