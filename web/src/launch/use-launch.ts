import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLaunchDecision } from '@wl/flows/launch/launch-rules';
import type { TStartGameInput } from '@wl/flows/launch/launch.machine';
import { GAME_ALREADY_OPEN } from '@wl/flows/launch/launch-rules';
import type { TGameType, TScreenConfig, TVendorCard, TVendorLink } from '@wl/schemas';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { useUi } from '../app/ui-context.tsx';
import { useScreenConfig } from '../config/screen-config-context.tsx';
import { configVendors } from '../config/vendors.ts';
import { cdnUrl } from '../lib/image.ts';
import { useSession } from '../session/session-context.tsx';

/** What a launchable thing carries (a game tile, a winner-board entry, the sports entrance). */
export type TLaunchable = {
  nodeId: string;
  vassalage: string;
  gameType: TGameType;
  gameCode?: string | null;
};

/** Lottery pages of docs/rules/README.md#screens that need a stored token. */
export const LOTTERY_PATHS = ['/lottery', '/seaLottery', '/vnLottery'] as const;

/** Route state of a lottery route: the page to come back to from the lottery game (docs/rules/games.md#g-3 backUrl). */
export type TLotteryRouteState = { from: string };

/**
 * The launch call of the launch machine's `startGame`: opens a new tab (the click's user activation
 * lasts seconds), then points it at the launched game's URL. Free trial goes through
 * `catalogue.launchTrial`, which needs no session (docs/rules/games.md#g-1); real money through `catalogue.launch`,
 * which does. A refusal closes the tab and rejects with its message key for the machine.
 */
function useStartGame() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const cdns = useScreenConfig().links.launchGameCDNs;
  // A member's launch goes on top of their recent games (docs/0036): /recent reads it afresh.
  const launch = useMutation(
    trpc.catalogue.launch.mutationOptions({ onSuccess: () => void qc.invalidateQueries({ queryKey: trpc.catalogue.recent.pathKey() }) }),
  );
  const launchTrial = useMutation(trpc.catalogue.launchTrial.mutationOptions());
  return useCallback(
    async ({ target, freeTrial }: TStartGameInput): Promise<{ url: string }> => {
      const tab = window.open('', '_blank');
      try {
        const answer =
          freeTrial && 'nodeId' in target
            ? await launchTrial.mutateAsync({ nodeId: target.nodeId })
            : await launch.mutateAsync({ ...target, freeTrial: false });
        const url = cdnUrl(answer.url, cdns);
        if (tab) tab.location.href = url;
        else window.location.assign(url);
        return { url };
      } catch (err) {
        tab?.close();
        throw { messageKey: errorKey(err) };
      }
    },
    [launch, launchTrial, cdns],
  );
}

/** The refusal of a start whose session has ended. */
const NOT_LOGGED_IN = 'error_not_logged_in';

/**
 * Answers a refused start: the login popup when the session has ended, the refusal's message, or,
 * for 734 (UPSTREAM-NOTES: a game is already open), whether to close the open game; if so, it is
 * closed and `retry` launches again (the confirm click carries the user activation for the tab).
 */
function useAnswerRefusal() {
  const trpc = useTRPC();
  const ui = useUi();
  const closeMine = useMutation(trpc.games.closeMine.mutationOptions());
  return useCallback(
    (messageKey: string, retry: () => void) => {
      if (messageKey === NOT_LOGGED_IN) ui.openLogin();
      else if (messageKey !== GAME_ALREADY_OPEN) ui.showInfo(messageKey);
      else
        void ui.confirm('game_already_open_confirm').then(async (ok) => {
          if (!ok) return;
          try {
            await closeMine.mutateAsync();
            retry();
          } catch (err) {
            ui.showInfo(errorKey(err));
          }
        });
    },
    [ui, closeMine],
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
  const answerRefusal = useAnswerRefusal();
  const launchGame = useCallback(
    (target: TStartGameInput['target']) => {
      const go = () => start({ target, freeTrial: false }).catch((err: { messageKey: string }) => answerRefusal(err.messageKey, () => void go()));
      void go();
    },
    [start, answerRefusal],
  );
  return useCallback(
    (decision: TLaunchDecision) => {
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
          launchGame({ nodeId: decision.nodeId });
          return;
        case 'launchCard':
          launchGame({ gameCode: decision.gameCode });
          return;
      }
    },
    [ui, navigate, location.pathname, location.search, launchGame],
  );
}

/**
 * Starts a game by the docs/rules/games.md#g-1 launch rules: the launch machine of @wl/flows decides in the
 * spec's order and calls the game; the page carries out what it decided (login popup, trial
 * notice, lottery route, vendor popup) and shows a refusal (734 a game already open, 543, 727).
 */
export function useLaunch() {
  const session = useSession();
  const act = useActOnDecision();
  const start = useStartGame();
  const answerRefusal = useAnswerRefusal();

  const launch = useCallback(
    async (game: TLaunchable, opts: { freeTrial?: boolean } = {}): Promise<void> => {
      // The machine (and xstate) load on first use, off the initial bundle; browsers keep the
      // click's user activation for seconds, so the game tab still opens.
      const [{ launchMachine }, { createActor, fromPromise }] = await Promise.all([import('@wl/flows/launch/launch.machine'), import('xstate')]);
      const actor = createActor(launchMachine.provide({ actors: { startGame: fromPromise(({ input }: { input: TStartGameInput }) => start(input)) } }));
      actor.subscribe((snapshot) => {
        const { decision, error } = snapshot.context;
        if (snapshot.matches('idle') || snapshot.matches('starting')) return;
        // Needing a login is answered as an ended session's refusal is (the login popup); a refusal never names the ended session.
        const refusal = snapshot.matches('needsLogin') ? NOT_LOGGED_IN : snapshot.matches('refused') ? error : null;
        if (refusal) answerRefusal(refusal, () => void launch(game, opts));
        else if (!snapshot.matches('opened') && decision) act(decision);
        // One request per actor: done once the page has carried out the outcome.
        actor.stop();
      });
      actor.start();
      actor.send({
        type: 'launch.request',
        freeTrial: opts.freeTrial === true,
        request: {
          isLoggedIn: session.isLoggedIn,
          isTrial: session.audience === 'trial',
          vassalage: game.vassalage,
          gameType: game.gameType,
          isGame: 'GAME',
          gameCode: game.gameCode ?? null,
          nodeId: game.nodeId,
        },
      });
    },
    [session, act, start, answerRefusal],
  );
  return launch;
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
 * Chooses a category or one of its vendors (header drop-down, lottery game centres) by docs/rules/games.md#g-1:
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
      act(decision);
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
