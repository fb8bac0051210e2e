import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import type { TLaunchDecision } from '@wl/flows/launch/launch-rules';
import type { TGameType, TScreenConfig, TVendorCard, TVendorLink } from '@wl/schemas';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { useUi } from '../app/ui-context.tsx';
import { useScreenConfig } from '../config/screen-config-context.tsx';
import { configVendors } from '../config/vendors.ts';
import { useSession } from '../session/session-context.tsx';

/** What a launchable thing carries (a game tile, a winner-board entry, the sports entrance). */
export type TLaunchable = {
  nodeId: string;
  vassalage: string;
  gameType: TGameType;
  gameCode?: string | null;
};

/** Lottery pages of SPEC §2 that need a stored token. */
export const LOTTERY_PATHS = ['/lottery', '/seaLottery', '/vnLottery'] as const;

/** Route state of a lottery route: the page to come back to from the lottery game (SPEC §3 backUrl). */
export type TLotteryRouteState = { from: string };

/** The game to start: a node id (tiles), or a game code (vendor cards of one game, SPEC §3). */
type TStartTarget = { nodeId: string } | { gameCode: string };

/**
 * Opens a new tab inside the click, then points it at the launched game's URL. Free trial goes
 * through `catalogue.launchTrial`, which needs no session (SPEC §6); real money through
 * `catalogue.launch`, which does.
 */
function useStartGame() {
  const trpc = useTRPC();
  const ui = useUi();
  const launch = useMutation(trpc.catalogue.launch.mutationOptions());
  const launchTrial = useMutation(trpc.catalogue.launchTrial.mutationOptions());
  return useCallback(
    (target: TStartTarget, freeTrial: boolean) => {
      const tab = window.open('', '_blank');
      const handlers = {
        onSuccess: ({ url }: { url: string }) => {
          if (tab) tab.location.href = url;
          else window.location.assign(url);
        },
        onError: (err: unknown) => {
          tab?.close();
          const key = errorKey(err);
          if (key === 'error_not_logged_in') ui.openLogin();
          else ui.showInfo(key);
        },
      };
      if (freeTrial && 'nodeId' in target) launchTrial.mutate({ nodeId: target.nodeId }, handlers);
      else launch.mutate({ ...target, freeTrial: false }, handlers);
    },
    [launch, launchTrial, ui],
  );
}

/**
 * Carries out a launch decision of @wl/flows: the login popup, the trial-account notice, a route
 * (lottery routes get the current page as the way back), the vendor popup, or the game itself.
 */
function useActOnDecision() {
  const ui = useUi();
  const navigate = useNavigate();
  const location = useLocation();
  const start = useStartGame();
  return useCallback(
    (decision: TLaunchDecision, freeTrial: boolean) => {
      switch (decision.kind) {
        case 'login':
          ui.openLogin();
          return;
        case 'trialBlocked':
          ui.showInfo(decision.messageKey);
          return;
        case 'route': {
          // The lottery pages launch the lottery game themselves and redirect to /login without a token.
          const state: TLotteryRouteState = { from: `${location.pathname}${location.search}` };
          navigate(decision.path, { state });
          return;
        }
        case 'vendorPopup':
          ui.openVendorPopup({ vassalage: decision.vassalage, gameType: decision.gameType });
          return;
        case 'launch':
          start({ nodeId: decision.nodeId }, freeTrial);
          return;
        case 'launchCard':
          start({ gameCode: decision.gameCode }, false);
          return;
      }
    },
    [ui, navigate, location.pathname, location.search, start],
  );
}

/**
 * Starts a game by the SPEC §4 launch rules (decided in @wl/flows). The new tab is opened before
 * the launch call so browsers treat it as a user gesture, then pointed at the game URL.
 */
export function useLaunch() {
  const session = useSession();
  const act = useActOnDecision();

  return useCallback(
    async (game: TLaunchable, opts: { freeTrial?: boolean } = {}) => {
      const freeTrial = opts.freeTrial === true;
      // The rules module (and the schemas it pulls in) loads on first use, off the initial bundle;
      // browsers keep the click's user activation for seconds, so the game tab still opens.
      const { decideLaunch } = await import('@wl/flows/launch/launch-rules');
      // Free trial is offered to visitors (SPEC §1, §6), so it skips the login rule but not the
      // others; a trial account is told it needs a real account on every launch (SPEC §6, §8).
      const decision = decideLaunch({
        isLoggedIn: freeTrial || session.isLoggedIn,
        isTrial: session.audience === 'trial',
        vassalage: game.vassalage,
        gameType: game.gameType,
        isGame: 'GAME',
        gameCode: game.gameCode ?? null,
        nodeId: game.nodeId,
      });
      act(decision, freeTrial);
    },
    [session, act],
  );
}

/** A vendor link of the config as the vendor card the launch rules read. */
export function vendorCard(link: TVendorLink): TVendorCard {
  return {
    vassalage: link.vassalage,
    displayName: link.name,
    gameCode: link.gameCode,
    isGame: link.isGame,
    gameType: link.gameType,
    lagerIcon: link.logoUrl,
    logoUrl: link.logoUrl,
  };
}

/** The categories of the config with their vendor cards (for the prize-mode rule). */
export function configCategories(config: Pick<TScreenConfig, 'footer' | 'vendors'>) {
  const vendors = configVendors(config);
  return config.footer.products.map((p) => ({ gameType: p.gameType, cards: vendors.links(p.vendorCodes, p.gameType).map(vendorCard) }));
}

/** A category as a vendor entry reads it: its type and its vendors (header entry, footer product). */
export type TVendorCategory = { gameType: TGameType; vendors: readonly TVendorLink[] };

/**
 * Chooses a category or one of its vendors (header drop-down, lottery game centres) by SPEC §4:
 * an RNG vendor opens /rng, a category with one vendor launches it, a VASSALAGE vendor opens its
 * popup game list, a lottery vendor its lottery route, a GAME vendor starts its game.
 */
export function useVendorEntry() {
  const session = useSession();
  const config = useScreenConfig();
  const act = useActOnDecision();

  return useCallback(
    async (category: TVendorCategory, vendor?: TVendorLink) => {
      const { decideVendorEntry, prizeModeFor } = await import('@wl/flows/launch/launch-rules');
      const decision = decideVendorEntry({
        category: { gameType: category.gameType, cards: category.vendors.map(vendorCard) },
        ...(vendor === undefined ? {} : { vendor: vendorCard(vendor) }),
        isLoggedIn: session.isLoggedIn,
        isTrial: session.audience === 'trial',
        prizeModeHint: prizeModeFor(configCategories(config)),
      });
      act(decision, false);
    },
    [session, config, act],
  );
}

/** Chooses one vendor card (lottery game centres): useVendorEntry with the vendor picked. */
export function useVendorLaunch() {
  const entry = useVendorEntry();
  return useCallback((vendor: TVendorLink) => entry({ gameType: vendor.gameType, vendors: [vendor] }, vendor), [entry]);
}

/** True when a click should open a link the browser's way (new tab, window, download). */
export function isModifiedClick(e: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean }): boolean {
  return e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;
}
