import {
  SEA_LOTTERY_VENDOR,
  VN_LOTTERY_VENDOR,
  decryptCsLink,
  type TCustomerServiceEntry,
  type TGameCategory,
  type TGameType,
  type TLanguage,
  type TResourceEntry,
  type TVendor,
  type TVendorCard,
  type TVendorPlacement,
} from '@wl/schemas';

/** Route of each category's game page (docs/rules/content.md#c-11 routes; COCKFIGHT and CRASH have none there, so ours). */
export const CATEGORY_PATHS: Record<TGameType, string> = {
  LOTT: '/lott',
  ELOTT: '/elott',
  LIVE: '/live',
  SPORTS: '/sports',
  ESPORTS: '/esports',
  FISH: '/fish',
  RNG: '/rng',
  PVP: '/pvp',
  COCKFIGHT: '/cockfight',
  CRASH: '/crash',
};

/** Where choosing a vendor goes (docs/rules/games.md#g-2 launch rules: lottery vendors to their game page, RNG to /rng). */
export function vendorPath(card: Pick<TVendorCard, 'vassalage' | 'gameType' | 'gameCode'>): string {
  const code = card.gameCode ? `?gameCode=${encodeURIComponent(card.gameCode)}` : '';
  if (card.vassalage === VN_LOTTERY_VENDOR) return `/vnLottery${code}`;
  if (card.vassalage === SEA_LOTTERY_VENDOR) return `/seaLottery${code}`;
  if (card.gameType === 'LOTT' || card.gameType === 'ELOTT') return `/lottery${code}`;
  return `${CATEGORY_PATHS[card.gameType]}?vassalage=${encodeURIComponent(card.vassalage)}`;
}

/**
 * The config's single vendor list (docs/0020): each vendor once, in the order the categories first
 * show it, with one placement per category it appears in. Name and logo come from its first card; a
 * later card that names or pictures it differently keeps its own on its placement. A vendor repeated
 * inside one category (the wire keys cards by vassalage there) keeps its first card.
 */
export function vendorList(categories: readonly TGameCategory[]): TVendor[] {
  const byCode = new Map<string, TVendor>();
  for (const category of categories) {
    for (const card of category.cards) {
      let vendor = byCode.get(card.vassalage);
      if (!vendor) {
        vendor = { code: card.vassalage, name: card.displayName, logoUrl: card.logoUrl, placements: [] };
        byCode.set(card.vassalage, vendor);
      }
      if (vendor.placements.some((p) => p.gameType === card.gameType)) continue;
      const placement: TVendorPlacement = { gameType: card.gameType, path: vendorPath(card), isGame: card.isGame, gameCode: card.gameCode };
      if (card.displayName !== vendor.name) placement.name = card.displayName;
      if (card.logoUrl !== vendor.logoUrl) placement.logoUrl = card.logoUrl;
      vendor.placements.push(placement);
    }
  }
  return [...byCode.values()];
}

/** The codes of a category's cards, in its order. */
export function vendorCodes(cards: readonly TVendorCard[]): string[] {
  return cards.map((card) => card.vassalage);
}

/** docs/rules/games.md#g-2: a category with one vendor launches it; otherwise its category page. */
export function categoryPath(category: TGameCategory): string {
  const [only, ...rest] = category.cards;
  if (only && rest.length === 0 && category.gameType !== 'RNG') return vendorPath(only);
  return CATEGORY_PATHS[category.gameType];
}

const SOCIAL_TYPES = ['FACEBOOK', 'YOUTUBE'] as const;

/** Decrypts a customer-service path (docs/rules/README.md#constants); a plain absolute URL is accepted as it is. */
function csUrl(entry: TCustomerServiceEntry): string | null {
  const plain = decryptCsLink(entry.path);
  if (plain) return plain;
  return /^https?:\/\//i.test(entry.path) ? entry.path : null;
}

/** The live-support link: the first non-social customer-service entry that decrypts. */
export function customerServiceLink(entries: readonly TCustomerServiceEntry[]): string {
  for (const entry of entries) {
    if ((SOCIAL_TYPES as readonly string[]).includes(entry.csType.toUpperCase())) continue;
    const url = csUrl(entry);
    if (url) return url;
  }
  return '';
}

/** docs/rules/content.md#c-4 footer: Facebook and YouTube, only when configured. */
export function socialLinks(entries: readonly TCustomerServiceEntry[]): { csType: string; url: string }[] {
  const links: { csType: string; url: string }[] = [];
  for (const type of SOCIAL_TYPES) {
    const entry = entries.find((e) => e.csType.toUpperCase() === type);
    const url = entry ? csUrl(entry) : null;
    if (url) links.push({ csType: type, url });
  }
  return links;
}

function resourceUrl(resources: readonly TResourceEntry[], kind: RegExp): string | null {
  const found = resources.find((r) => kind.test(r.resourceType) || kind.test(r.labelNameEn));
  return found && found.url !== '' ? found.url : null;
}

/**
 * docs/rules/content.md#c-5: the iOS QR link carries the language; Android comes from resources. The session token
 * the spec also names is left out on purpose (docs/0016): a QR on screen can be scanned by anyone.
 */
export function appLinks(resources: readonly TResourceEntry[], mainDomain: string, language: TLanguage): { appIos: string; appAndroid: string } {
  const iosBase = resourceUrl(resources, /ios/i) ?? `${mainDomain.replace(/\/+$/, '')}/download/ios`;
  const separator = iosBase.includes('?') ? '&' : '?';
  return {
    appIos: `${iosBase}${separator}language=${language}`,
    appAndroid: resourceUrl(resources, /android/i) ?? '',
  };
}
