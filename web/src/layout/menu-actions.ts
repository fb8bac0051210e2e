import type { TScreenConfig } from '@wl/schemas';

/** Opens the customer-service link of the config in a new tab (docs/rules/content.md#c-3 menus). */
export function openCustomerService(config: Pick<TScreenConfig, 'links'>): void {
  const url = config.links.customerService;
  if (url) window.open(url, '_blank', 'noopener,noreferrer');
}

/** Paths whose pages are game pages: the balance is hidden there (docs/rules/content.md#c-2 Header). */
const GAME_PAGE_PATHS = ['/seamless', '/lottert', '/vnlottery', '/sealottery', '/lottery'];

/** True on a game page. */
export function isGamePage(pathname: string): boolean {
  const p = pathname.toLowerCase();
  return GAME_PAGE_PATHS.some((g) => p === g || p.startsWith(`${g}/`));
}
