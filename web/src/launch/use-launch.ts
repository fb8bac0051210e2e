import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import type { TLaunchDecision } from '@wl/flows/launch/launch-rules';
import type { TGameType, TScreenConfig, TVendorCard, TVendorLink } from '@wl/schemas';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { useUi } from '../app/ui-context.tsx';
import { useScreenConfig } from '../config/screen-config-context.tsx';
import { useSession } from '../session/session-context.tsx';

/** The decisions that stop a launch before it starts (SPEC §4 rules 1 and 2). */
type TGateDecision = Extract<TLaunchDecision, { kind: 'login' | 'trialBlocked' }>;

/** SPEC §4 rules 1 and 2, the same for every launch: opens the login or tells a trial account it needs a real one. */
function handledGate(decision: TLaunchDecision, ui: ReturnType<typeof useUi>): decision is TGateDecision {
  if (decision.kind === 'login') ui.openLogin();
  else if (decision.kind === 'trialBlocked') ui.showInfo(decision.messageKey);
  else return false;
  return true;
}

/** What a launchable thing carries (a game tile, a winner-board entry, the sports entrance). */
export type TLaunchable = {
  nodeId: string;
  vassalage: string;
  gameType: TGameType;
  gameCode?: string | null;
};

/** Lottery pages of SPEC §2 that need a stored token. */
export const LOTTERY_PATHS = ['/lottery', '/seaLottery', '/vnLottery'] as const;

const isLotteryPath = (path: string): boolean => LOTTERY_PATHS.some((p) => path === p || path.startsWith(`${p}?`));

/** Opens a new tab inside the click, then points it at the launched game's URL. */
function useStartGame() {
  const trpc = useTRPC();
  const ui = useUi();
  const launch = useMutation(trpc.catalogue.launch.mutationOptions());
  return useCallback(
    (nodeId: string, freeTrial: boolean) => {
      const tab = window.open('', '_blank');
      launch.mutate(
        { nodeId, freeTrial },
        {
          onSuccess: ({ url }) => {
            if (tab) tab.location.href = url;
            else window.location.assign(url);
          },
          onError: (err) => {
            tab?.close();
            const key = errorKey(err);
            if (key === 'error_not_logged_in') ui.openLogin();
            else ui.showInfo(key);
          },
        },
      );
    },
    [launch, ui],
  );
}

/**
 * Starts a game by the SPEC §4 launch rules (decided in @wl/flows). The new tab is opened before
 * the launch call so browsers treat it as a user gesture, then pointed at the game URL. A vendor
 * whose cards open a game list (isGame 'VASSALAGE') opens the vendor popup unless the caller
 * handles it.
 */
export function useLaunch(onVendorPopup?: (vassalage: string, gameType: TGameType) => void) {
  const ui = useUi();
  const session = useSession();
  const navigate = useNavigate();
  const start = useStartGame();

  return useCallback(
    async (game: TLaunchable, opts: { freeTrial?: boolean } = {}) => {
      const freeTrial = opts.freeTrial === true;
      // The rules module (and the schemas it pulls in) loads on first use, off the initial bundle;
      // browsers keep the click's user activation for seconds, so the game tab still opens.
      const { decideLaunch } = await import('@wl/flows/launch/launch-rules');
      // Free trial is offered to visitors (SPEC §1), so it skips the login rule but not the others;
      // a trial account is told it needs a real account on every launch (SPEC §6, §8).
      const decision: TLaunchDecision = decideLaunch({
        isLoggedIn: freeTrial || session.isLoggedIn,
        isTrial: session.audience === 'trial',
        vassalage: game.vassalage,
        gameType: game.gameType,
        isGame: 'GAME',
        gameCode: game.gameCode ?? null,
        nodeId: game.nodeId,
      });
      if (handledGate(decision, ui)) return;
      switch (decision.kind) {
        case 'route':
          // Lottery routes need a token (SPEC §6); the lottery pages themselves are game launches here.
          if (isLotteryPath(decision.path)) {
            if (!session.token) navigate('/login');
            else start(game.nodeId, false);
          } else navigate(decision.path);
          return;
        case 'vendorPopup':
          if (onVendorPopup) onVendorPopup(decision.vassalage, decision.gameType);
          else ui.openVendorPopup({ vassalage: decision.vassalage, gameType: decision.gameType });
          return;
        case 'launch':
          start(decision.nodeId, freeTrial);
          return;
      }
    },
    [session, ui, navigate, start, onVendorPopup],
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
function configCategories(config: Pick<TScreenConfig, 'footer'>) {
  return config.footer.products.map((p) => ({ gameType: p.gameType, cards: p.vendors.map(vendorCard) }));
}

/**
 * Chooses a vendor card (lottery game centres): SPEC §4 launch rules in order — login, trial
 * block, lottery routes (with the prize mode of §4), vendor popup, launch of the card's game.
 */
export function useVendorLaunch() {
  const ui = useUi();
  const session = useSession();
  const config = useScreenConfig();
  const navigate = useNavigate();
  const start = useStartGame();

  return useCallback(
    async (vendor: TVendorLink) => {
      const { decideLaunch, prizeModeFor } = await import('@wl/flows/launch/launch-rules');
      const decision = decideLaunch({
        isLoggedIn: session.isLoggedIn,
        isTrial: session.audience === 'trial',
        vassalage: vendor.vassalage,
        gameType: vendor.gameType,
        isGame: vendor.isGame,
        gameCode: vendor.gameCode,
        // A GAME card starts its game (the card's code); a VASSALAGE card lists its games.
        nodeId: vendor.isGame === 'GAME' ? vendor.gameCode : null,
        prizeModeHint: prizeModeFor(configCategories(config)),
      });
      if (handledGate(decision, ui)) return;
      switch (decision.kind) {
        case 'route':
          // The lottery page itself redirects to /login without a stored token.
          navigate(decision.path);
          return;
        case 'vendorPopup':
          ui.openVendorPopup({ vassalage: decision.vassalage, gameType: decision.gameType });
          return;
        case 'launch':
          start(decision.nodeId, false);
          return;
      }
    },
    [session, ui, config, navigate, start],
  );
}
