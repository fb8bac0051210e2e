import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { screen } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { AGENT_HOME_PAGES } from '../agent/agent-pages.ts';
import { APP_ROUTES, AppRoutes, BUILT_ROUTE_PATHS, GAME_CENTRE_PATHS } from './routes.tsx';

/**
 * The gateway's composer links only these paths (house rule: a page that is not built yet is not
 * linked). The list is data, read here as a file, so the web still imports no gateway code.
 */
const GATEWAY_BUILT_ROUTES = JSON.parse(
  readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../../gateway/src/composer/built-routes.json'), 'utf8'),
) as string[];

/** The agent centre's one route, whose page checks the page it is given (agent/agent-pages.ts). */
const AGENT_HOME_ROUTE = '/agentHome/:page?';

/**
 * Every path a page is served at: the agent centre's route stands for its welcome and each built
 * page, the points mall's for the mall (docs/0114).
 */
const SERVED_PATHS = BUILT_ROUTE_PATHS.flatMap((path) =>
  path === AGENT_HOME_ROUTE ? ['/agentHome', ...AGENT_HOME_PAGES.map((page) => `/agentHome/${page}`)] : path === '/pointMall/*' ? ['/pointMall'] : [path],
);

/** The route a path lands on: its own page, or the not-found fallback. */
function landsOn(path: string): string | undefined {
  return matchRoutes(APP_ROUTES, path)?.at(-1)?.route.path;
}

describe('routes', () => {
  it('serves a real page for every route the gateway marks available', () => {
    expect(GATEWAY_BUILT_ROUTES.length).toBeGreaterThan(10);
    expect(GATEWAY_BUILT_ROUTES.filter((path) => landsOn(path) === undefined || landsOn(path) === '*')).toEqual([]);
    expect(GATEWAY_BUILT_ROUTES.filter((path) => !SERVED_PATHS.includes(path))).toEqual([]);
    expect(BUILT_ROUTE_PATHS).toContain(AGENT_HOME_ROUTE);
  });

  it('has a game centre for every category, and unbuilt pages fall to not-found', () => {
    for (const path of Object.values(GAME_CENTRE_PATHS)) expect(landsOn(path)).toBe(path);
    for (const path of ['/helpCentre']) expect(landsOn(path)).toBe('*');
  });

  it('renders the game centre page inside the shell for /rng?vassalage=', async () => {
    const handlers = { 'catalogue.games': () => ({ games: [], totalPages: 0, total: 0 }) };
    renderWithApp(<AppRoutes />, { handlers, path: '/rng?vassalage=PG' });
    expect((await screen.findByTestId('game-centre.page')).getAttribute('data-game-type')).toBe('RNG');
    expect(screen.queryByTestId('not-found.page')).toBeNull();
  });

  it('renders not-found for a page that is not built', () => {
    renderWithApp(<AppRoutes />, { path: '/helpCentre' });
    expect(screen.getByTestId('not-found.page')).toBeTruthy();
  });

  it('renders not-found for an agent centre page that is not built (the agent chunk decides, docs/0112)', async () => {
    renderWithApp(<AppRoutes />, { path: '/agentHome/agentNoSuchPage' });
    expect(await screen.findByTestId('not-found.page', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByTestId('agent-home.page')).toBeNull();
  });
});
