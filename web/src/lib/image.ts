/** Fallback artwork for a game tile whose image failed to load (docs/rules/README.md#messages), inline so it never fails. */
export const FALLBACK_IMAGE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 200 200'><defs><linearGradient id='g' x1='0' y1='0' x2='1' y2='1'><stop offset='0' stop-color='#1b2547'/><stop offset='1' stop-color='#0b1124'/></linearGradient></defs><rect width='200' height='200' fill='url(#g)'/><circle cx='100' cy='88' r='38' fill='none' stroke='#f2c14e' stroke-width='8'/><path d='M84 88h32M100 72v32' stroke='#f2c14e' stroke-width='8' stroke-linecap='round'/><rect x='50' y='146' width='100' height='12' rx='6' fill='#f2c14e' opacity='.5'/></svg>",
  );

const picked = new Map<string, string>();

/** docs/rules/README.md#constants: the CDN is picked at random from the image list, once per list for the page's lifetime. */
export function pickCdn(cdns: readonly string[], random: () => number = Math.random): string {
  if (cdns.length === 0) return '';
  const key = cdns.join('|');
  const hit = picked.get(key);
  if (hit !== undefined) return hit;
  const choice = cdns[Math.floor(random() * cdns.length)] ?? cdns[0] ?? '';
  picked.set(key, choice);
  return choice;
}

/**
 * Prefixes a relative path with the CDN chosen from the list (icons from imageCDNs, launched games
 * from launchGameCDNs, docs/rules/README.md#constants); absolute and data URLs are used as they are.
 */
export function cdnUrl(iconUrl: string, cdns: readonly string[]): string {
  if (/^(https?:|data:|\/\/)/.test(iconUrl)) return iconUrl;
  const cdn = pickCdn(cdns).replace(/\/+$/, '');
  if (!cdn) return iconUrl;
  return `${cdn}${iconUrl.startsWith('/') ? '' : '/'}${iconUrl}`;
}

/** A game tile's icon address (imageCDNs). */
export const imageUrl = cdnUrl;
