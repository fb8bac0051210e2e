import { lazy, Suspense, type ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import type { TGameType } from '@wl/schemas';
import { HomePage } from '../home/home-page.tsx';
import { LOTTERY_PATHS } from '../launch/use-launch.ts';
import { LotteryPage } from '../pages/lottery-page.tsx';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { OperatorPage } from '../pages/operator-page.tsx';
import { AppShell } from './app-shell.tsx';

const GameCentrePage = lazy(() => import('../game-centre/game-centre-page.tsx'));

/**
 * SPEC §2: /lott, /elott, /sports, /esports are game centres per category, /live, /fish, /rng,
 * /pvp game list centres; COCKFIGHT and CRASH have no route there, so they get their own (the same
 * paths the gateway's composer and the launch rules use).
 */
export const GAME_CENTRE_PATHS: Readonly<Record<TGameType, string>> = {
  LOTT: '/lott',
  ELOTT: '/elott',
  SPORTS: '/sports',
  ESPORTS: '/esports',
  LIVE: '/live',
  FISH: '/fish',
  RNG: '/rng',
  PVP: '/pvp',
  COCKFIGHT: '/cockfight',
  CRASH: '/crash',
};

const HOME_PATHS = ['/', '/index', '/index.html', '/home'] as const;

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<div className="page-loading" aria-busy="true" />}>{children}</Suspense>;
}

/** Routes of SPEC §2 built in this release; everything else is the not-found page. */
export const APP_ROUTES: RouteObject[] = [
  { path: '/operator', element: <OperatorPage /> },
  {
    element: <AppShell />,
    children: [
      ...HOME_PATHS.map((path): RouteObject => ({ path, element: <HomePage /> })),
      { path: '/login', element: <HomePage popup="login" /> },
      { path: '/register', element: <HomePage popup="register" /> },
      ...LOTTERY_PATHS.map((path): RouteObject => ({ path, element: <LotteryPage /> })),
      ...(Object.entries(GAME_CENTRE_PATHS) as [TGameType, string][]).map(
        ([gameType, path]): RouteObject => ({
          path,
          element: (
            <Lazy>
              <GameCentrePage gameType={gameType} />
            </Lazy>
          ),
        }),
      ),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Every path the router serves with a real page (the not-found fallback excluded). */
export const BUILT_ROUTE_PATHS: readonly string[] = APP_ROUTES.flatMap((route) => [
  ...(route.path ? [route.path] : []),
  ...(route.children ?? []).flatMap((child) => (child.path && child.path !== '*' ? [child.path] : [])),
]);

/** The app's routes. */
export function AppRoutes() {
  return useRoutes(APP_ROUTES);
}
