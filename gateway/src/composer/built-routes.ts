import { HELP_SECTIONS } from '@wl/schemas';
import builtRoutes from './built-routes.json' with { type: 'json' };

/**
 * Route paths the web app builds today (house rule: a page that is not built yet is not linked).
 * Kept as JSON so the web's router test reads the very same list without importing gateway code.
 */
export const BUILT_ROUTES: readonly string[] = builtRoutes;

const BUILT = new Set(BUILT_ROUTES);

/**
 * Sections of a built page that exist, for links with a hash: the help centre's terms and the
 * sections the operator writes (docs/0109); feedback is its own page, /member/feedback (docs/0111).
 */
export const BUILT_SECTIONS: readonly string[] = ['/help#term', ...HELP_SECTIONS.map((section) => `/help#${section}`)];
const SECTIONS = new Set(BUILT_SECTIONS);

/** The path part of a link: without query string or hash. */
export function routePath(link: string): string {
  return link.split(/[?#]/, 1)[0] ?? link;
}

/** True when the web builds the page a link points to (and, for a link with a hash, that section). */
export function isBuilt(link: string): boolean {
  const hash = link.indexOf('#');
  if (hash >= 0 && link.length > hash + 1) return SECTIONS.has(`${routePath(link)}${link.slice(hash)}`);
  return BUILT.has(routePath(link));
}
