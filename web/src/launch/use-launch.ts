import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import type { TLaunchDecision } from '@wl/flows/launch/launch-rules';
import type { TGameType } from '@wl/schemas';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { useUi } from '../app/ui-context.tsx';
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

/**
 * Starts a game by the SPEC §4 launch rules (decided in @wl/flows). The new tab is opened before
 * the launch call so browsers treat it as a user gesture, then pointed at the game URL.
 */
export function useLaunch(onVendorPopup?: (vassalage: string, gameType: TGameType) => void) {
  const trpc = useTRPC();
  const ui = useUi();
  const session = useSession();
  const navigate = useNavigate();
  const launch = useMutation(trpc.catalogue.launch.mutationOptions());

  const start = useCallback(
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

  return useCallback(
    async (game: TLaunchable, opts: { freeTrial?: boolean } = {}) => {
      const freeTrial = opts.freeTrial === true;
      // The rules module (and the schemas it pulls in) loads on first use, off the initial bundle;
      // browsers keep the click's user activation for seconds, so the game tab still opens.
      const { decideLaunch } = await import('@wl/flows/launch/launch-rules');
      // Free trial is offered to visitors (SPEC §1), so it skips the login rule but not the others.
      const decision: TLaunchDecision = decideLaunch({
        isLoggedIn: freeTrial || session.isLoggedIn,
        isTrial: !freeTrial && session.audience === 'trial',
        vassalage: game.vassalage,
        gameType: game.gameType,
        isGame: 'GAME',
        gameCode: game.gameCode ?? null,
        nodeId: game.nodeId,
      });
      switch (decision.kind) {
        case 'login':
          ui.openLogin();
          return;
        case 'trialBlocked':
          ui.showInfo(decision.messageKey);
          return;
        case 'route':
          // Lottery routes need a token (SPEC §6); the lottery pages themselves are game launches here.
          if (LOTTERY_PATHS.some((p) => decision.path.startsWith(p))) {
            if (!session.token) navigate('/login');
            else start(game.nodeId, false);
          } else navigate(decision.path);
          return;
        case 'vendorPopup':
          if (onVendorPopup) onVendorPopup(decision.vassalage, decision.gameType);
          else navigate('/');
          return;
        case 'launch':
          start(decision.nodeId, freeTrial);
          return;
      }
    },
    [session, ui, navigate, start, onVendorPopup],
  );
}
