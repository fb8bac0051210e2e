import builtRoutes from './built-routes.json' with { type: 'json' };

/**
 * Route paths the web app builds today (house rule: a page that is not built yet is not linked).
 * Kept as JSON so the web's router test reads the very same list without importing gateway code.
 */
export const BUILT_ROUTES: readonly string[] = builtRoutes;

const BUILT = new Set(BUILT_ROUTES);

/** The path part of a link: without query string or hash. */
export function routePath(link: string): string {
  return link.split(/[?#]/, 1)[0] ?? link;
}

/** True when the web builds the page a link points to. */
export function isBuilt(link: string): boolean {
  return BUILT.has(routePath(link));
}
