import { createContext, useCallback, useContext, useMemo, useRef, useState, type Context, type ReactNode } from 'react';
import type { TGameType } from '@wl/schemas';

/**
 * Which popup is open; one at a time, like the real site (chat: the chat room, SPEC §2 modals,
 * docs/0121; liveChat: the room the live casino's launch chat answers, docs/0126).
 */
export type TPopup = 'login' | 'register' | 'forgot' | 'chat' | 'liveChat' | null;

type TConfirm = { messageKey: string; resolve: (ok: boolean) => void };

/** The vendor whose game list the popup shows (docs/rules/games.md#g-1 launch rule 4: isGame 'VASSALAGE'). */
export type TVendorPopup = { vassalage: string; gameType: TGameType };

/** Modal state shared by every part of the page: login/register popups, info and confirm dialogs, vendor game list. */
export type TUi = {
  popup: TPopup;
  openLogin: () => void;
  openRegister: () => void;
  openForgot: () => void;
  /** `live`: the live casino's chat (its launch call's chatUrl), else the site's room. */
  openChat: (from?: 'live') => void;
  closePopup: () => void;
  infoKey: string | null;
  showInfo: (messageKey: string) => void;
  closeInfo: () => void;
  confirmState: { messageKey: string } | null;
  confirm: (messageKey: string) => Promise<boolean>;
  answerConfirm: (ok: boolean) => void;
  vendorPopup: TVendorPopup | null;
  openVendorPopup: (vendor: TVendorPopup) => void;
  closeVendorPopup: () => void;
};

const UiContext = createContext<TUi | null>(null);

/** Provides modal state. */
export function UiProvider({ children }: { children: ReactNode }) {
  const [popup, setPopup] = useState<TPopup>(null);
  const [infoKey, setInfoKey] = useState<string | null>(null);
  const [confirmState, setConfirmState] = useState<TConfirm | null>(null);
  const [vendorPopup, setVendorPopup] = useState<TVendorPopup | null>(null);
  const confirmRef = useRef<TConfirm | null>(null);

  const confirm = useCallback(
    (messageKey: string) =>
      new Promise<boolean>((resolve) => {
        confirmRef.current?.resolve(false);
        const next = { messageKey, resolve };
        confirmRef.current = next;
        setConfirmState(next);
      }),
    [],
  );
  const answerConfirm = useCallback((ok: boolean) => {
    confirmRef.current?.resolve(ok);
    confirmRef.current = null;
    setConfirmState(null);
  }, []);

  // Stable openers: /login and /register open their popup when the route changes, not again each
  // time the popup state changes (closing the popup there reopened it).
  const openers = useMemo(
    () => ({
      openLogin: () => setPopup('login'),
      openRegister: () => setPopup('register'),
      openForgot: () => setPopup('forgot'),
      openChat: (from?: 'live') => setPopup(from === 'live' ? 'liveChat' : 'chat'),
      closePopup: () => setPopup(null),
    }),
    [],
  );
  const value = useMemo<TUi>(
    () => ({
      popup,
      ...openers,
      infoKey,
      showInfo: setInfoKey,
      closeInfo: () => setInfoKey(null),
      confirmState: confirmState ? { messageKey: confirmState.messageKey } : null,
      confirm,
      answerConfirm,
      vendorPopup,
      openVendorPopup: setVendorPopup,
      closeVendorPopup: () => setVendorPopup(null),
    }),
    [popup, openers, infoKey, confirmState, confirm, answerConfirm, vendorPopup],
  );
  return <UiContext.Provider value={value}>{children}</UiContext.Provider>;
}

/**
 * Reads a context that has a provider above it; without one it throws, naming the `hook` (a wiring mistake,
 * never a user path). The app's contexts read through it; it lives here because they all load in
 * the first load with this module, where a module of its own would be one more chunk (docs/0022).
 */
export function useRequiredContext<T>(context: Context<T | null>, hook: string): T {
  const value = useContext(context);
  if (!value) throw new Error(`${hook} outside its provider`);
  return value;
}

/** Reads the modal state. */
export function useUi(): TUi {
  return useRequiredContext(UiContext, 'useUi');
}
