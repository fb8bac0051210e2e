import {
  SEA_LOTTERY_VENDOR,
  VN_LOTTERY_VENDOR,
  decryptCsLink,
  type TCustomerServiceEntry,
  type TGameCategory,
  type TGameType,
  type TLanguage,
  type TResourceEntry,
  type TVendorCard,
  type TVendorLink,
} from '@wl/schemas';

/** Route of each category's game page (SPEC §2 routes; COCKFIGHT and CRASH have none there, so ours). */
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

/** Where choosing a vendor goes (SPEC §4 launch rules: lottery vendors to their game page, RNG to /rng). */
export function vendorPath(card: Pick<TVendorCard, 'vassalage' | 'gameType' | 'gameCode'>): string {
  const code = card.gameCode ? `?gameCode=${encodeURIComponent(card.gameCode)}` : '';
  if (card.vassalage === VN_LOTTERY_VENDOR) return `/vnLottery${code}`;
  if (card.vassalage === SEA_LOTTERY_VENDOR) return `/seaLottery${code}`;
  if (card.gameType === 'LOTT' || card.gameType === 'ELOTT') return `/lottery${code}`;
  return `${CATEGORY_PATHS[card.gameType]}?vassalage=${encodeURIComponent(card.vassalage)}`;
}

export function vendorLink(card: TVendorCard): TVendorLink {
  return {
    vassalage: card.vassalage,
    name: card.displayName,
    logoUrl: card.logoUrl,
    gameType: card.gameType,
    path: vendorPath(card),
    isGame: card.isGame,
    gameCode: card.gameCode,
  };
}

/** SPEC §4: a category with one vendor launches it; otherwise its category page. */
export function categoryPath(category: TGameCategory): string {
  const [only, ...rest] = category.cards;
  if (only && rest.length === 0 && category.gameType !== 'RNG') return vendorPath(only);
  return CATEGORY_PATHS[category.gameType];
}

const SOCIAL_TYPES = ['FACEBOOK', 'YOUTUBE'] as const;

/** Decrypts a customer-service path (SPEC §9); a plain absolute URL is accepted as it is. */
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

/** SPEC §2 footer: Facebook and YouTube, only when configured. */
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
 * SPEC §2: the iOS QR link carries the language; Android comes from resources. The session token
 * the spec also names is left out on purpose (docs/0016): a QR on screen can be scanned by anyone.
 */
export function appLinks(
  resources: readonly TResourceEntry[],
  mainDomain: string,
  language: TLanguage,
): { appIos: string; appAndroid: string } {
  const iosBase = resourceUrl(resources, /ios/i) ?? `${mainDomain.replace(/\/+$/, '')}/download/ios`;
  const separator = iosBase.includes('?') ? '&' : '?';
  return {
    appIos: `${iosBase}${separator}language=${language}`,
    appAndroid: resourceUrl(resources, /android/i) ?? '',
  };
}
