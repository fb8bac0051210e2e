import { lazy, Suspense, type ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { categoryPath } from '@wl/flows/launch/launch-rules';
import type { TGameType } from '@wl/schemas';
import { GAME_TYPES } from '@wl/schemas/domain/game-types';
import { HomePage } from '../home/home-page.tsx';
import { LOTTERY_PATHS } from '../launch/use-launch.ts';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { AppShell } from './app-shell.tsx';
import { ChunkErrorBoundary } from './chunk-error-boundary.tsx';
import { AreaTexts } from '../i18n/area-texts.ts';

// Only home is in the first load; every other page is its own chunk (docs/0022).
const OperatorPage = lazy(() => import('../operator/operator-page.tsx').then((m) => ({ default: m.OperatorPage })));
const AgentLayout = lazy(() => import('../agent/agent-layout.tsx').then((m) => ({ default: m.AgentLayout })));

const GameCentrePage = lazy(() => import('../game-centre/game-centre-page.tsx'));
const LotteryPage = lazy(() => import('../pages/lottery-page.tsx').then((m) => ({ default: m.LotteryPage })));
const ResetPasswordPage = lazy(() => import('../pages/reset-password-page.tsx'));
const MemberPage = lazy(() => import('../member/member-page.tsx'));
const AgentPage = lazy(() => import('../agent/agent-page.tsx'));
const AgentHomePage = lazy(() => import('../agent/agent-home-page.tsx'));
const AccountGamesPage = lazy(() => import('../game-lists/account-games-page.tsx'));
const SeamlessPage = lazy(() => import('../games/seamless-page.tsx'));
const HelpPage = lazy(() => import('../help/help-page.tsx'));
const PromotionsPage = lazy(() => import('../promotions/promotions-page.tsx'));

/** Member-centre pages built in this release, each with its own path `/member/<page>` (the composer links them); the others show disabled in the nav. */
export const BUILT_MEMBER_PAGES = [
  'securityCenter',
  'depositv2',
  'withdraw',
  'depositRecord',
  'transferFund',
  'transferUpline',
  'transactionHistory',
  'personalHistoryCopy',
  'personalProfit',
  'bonusDetails',
  'messageV2',
  // docs/0091: the rewards area's pages.
  'vip',
  'manualRebate',
  // docs/0096: the member's promotions.
  'rewardCenter',
  // docs/0097: member referral.
  'referral',
  // docs/0102: player protection, linked from the footer and the deposit page.
  'responsibleGaming',
  // docs/0111: feedback and complaints.
  'feedback',
  // docs/0112: the announcement list.
  'announcements',
  // docs/0115: the member's profile and avatar, reached from the header's avatar.
  'profile',
  // docs/0119: missions and leaderboards.
  'missionLeaderboard',
] as const;

/**
 * docs/rules/games.md#g-9: /lott, /elott, /sports, /esports are game centres per category, /live, /fish, /rng,
 * /pvp game list centres; the paths come from the launch rules' table (`categoryPath`), the same
 * one the gateway's composer and the launch decisions use.
 */
export const GAME_CENTRE_PATHS: Readonly<Record<TGameType, string>> = Object.fromEntries(
  GAME_TYPES.map((gameType) => [gameType, categoryPath(gameType)]),
) as Record<TGameType, string>;

const HOME_PATHS = ['/', '/index', '/index.html', '/home'] as const;

const pageLoading = <div className="page-loading" aria-busy="true" />;

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={pageLoading}>{children}</Suspense>;
}

/** The accounts area's texts (password and code forms) loaded before the page they wrap (docs/0022). */
function AccountsTexts({ children }: { children: ReactNode }) {
  return (
    <AreaTexts areas={['accounts']} fallback={pageLoading}>
      {children}
    </AreaTexts>
  );
}

/** A lazy page with forms of the accounts area (passwords, codes): its texts load with it. */
function LazyAccounts({ children }: { children: ReactNode }) {
  return (
    <Lazy>
      <AccountsTexts>{children}</AccountsTexts>
    </Lazy>
  );
}

/** A lazy page outside the site shell: it brings its own chunk-error boundary (docs/rules/reach.md#r-16). */
function LazyFrame({ children }: { children: ReactNode }) {
  return (
    <ChunkErrorBoundary>
      <Lazy>{children}</Lazy>
    </ChunkErrorBoundary>
  );
}

/** A route whose page loads lazily inside `Wrap` (the site shell's Lazy unless said). */
function lazyRoute(path: string, page: ReactNode, Wrap: (props: { children: ReactNode }) => ReactNode = Lazy): RouteObject {
  return { path, element: <Wrap>{page}</Wrap> };
}

/** Routes of docs/rules/content.md#c-11 built in this release; everything else is the not-found page. */
export const APP_ROUTES: RouteObject[] = [
  // docs/rules/games.md#g-7 game page of the built-in games (docs/0039): its own window, no site shell.
  lazyRoute('/seamless', <SeamlessPage />, LazyFrame),
  // The built-in lottery's game page (docs/rules/games.md#g-7 /lottert, docs/0041): the same page, the lottery's views.
  lazyRoute('/lottert', <SeamlessPage />, LazyFrame),
  lazyRoute(
    '/operator',
    <AccountsTexts>
      <OperatorPage />
    </AccountsTexts>,
    LazyFrame,
  ),
  {
    // docs/rules/agent.md#ag-1: the agent landing and the agent centre have their own frame, not the site shell.
    element: (
      <LazyFrame>
        <AccountsTexts>
          <AgentLayout />
        </AccountsTexts>
      </LazyFrame>
    ),
    children: [
      lazyRoute('/agent', <AgentPage />),
      // /agentHome and /agentHome/<page>: the agent chunk knows its pages (agent/agent-pages.ts) and
      // answers not-found for any other, so their list is not in the first load (docs/0112).
      lazyRoute('/agentHome/:page?', <AgentHomePage />),
    ],
  },
  {
    element: <AppShell />,
    children: [
      ...HOME_PATHS.map((path): RouteObject => ({ path, element: <HomePage /> })),
      { path: '/login', element: <HomePage popup="login" /> },
      { path: '/register', element: <HomePage popup="register" /> },
      ...LOTTERY_PATHS.map((path) => lazyRoute(path, <LotteryPage />)),
      ...(Object.entries(GAME_CENTRE_PATHS) as [TGameType, string][]).map(([gameType, path]) => lazyRoute(path, <GameCentrePage gameType={gameType} />)),
      // docs/rules/games.md#g-8 account game lists: the member's favourites and recently launched games.
      lazyRoute('/favorite', <AccountGamesPage kind="favorite" />),
      lazyRoute('/recent', <AccountGamesPage kind="recent" />),
      lazyRoute('/resetPassword', <ResetPasswordPage />, LazyAccounts),
      // docs/rules/content.md#c-12 help centre; #term holds the terms the registration links to (docs/0053).
      lazyRoute(
        '/help',
        <AreaTexts areas={['help']} fallback={pageLoading}>
          <HelpPage />
        </AreaTexts>,
      ),
      // docs/rules/content.md#c-13 promotions, for visitors and members.
      // It loads its texts itself, beside its chunk and its list (docs/0086).
      lazyRoute('/promotions', <PromotionsPage />),
      // `/member?page=<page>` and `/member/<page>` both open the member centre on that page; the
      // points mall and its sub-pages open it on the mall (docs/0114: the page reads its path).
      // The member centre loads the accounts texts itself, beside its page's chunk (docs/0086).
      ...['/member', '/pointMall/*'].map((path) => lazyRoute(path, <MemberPage />)),
      ...BUILT_MEMBER_PAGES.map((page) => lazyRoute(`/member/${page}`, <MemberPage page={page} />)),
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
