import type { TPopup } from '@wl/schemas';
import { assign, setup } from 'xstate';

/** Who the popup is for: users (logged in) and visitors are keyed separately (docs/rules/content.md#c-8). */
export type TPopupAudience = 'user' | 'visitor';

/** Session-storage keys of the "closed" mark, one per audience (docs/rules/content.md#c-8 Announcement popup). */
export const ANNOUNCEMENT_SEEN_KEYS: Readonly<Record<TPopupAudience, string>> = {
  user: 'announcementPopup.user',
  visitor: 'announcementPopup.visitor',
};

export type TAnnouncementPopupInput = {
  popups: readonly TPopup[];
  audience: TPopupAudience;
  /** The member logged in for the first time (a new account): execution F popups, the welcome. */
  isFirstLogin?: boolean;
  /** A free-trial account: it is not a member yet, so it gets what visitors get (B). */
  isTrial?: boolean;
  /** What session storage holds now, by key (ANNOUNCEMENT_SEEN_KEYS). */
  sessionSeen: Readonly<Record<string, boolean>>;
};

export type TAnnouncementPopupEvent = { type: 'popup.next' } | { type: 'popup.close' };

export type TAnnouncementPopupContext = {
  key: string;
  alreadyClosed: boolean;
  popups: TPopup[];
  index: number;
};

/**
 * docs/rules/content.md#c-8: execution A is for logged-in users, B for anonymous visitors, F for a first-time login.
 * A welcome that fits (docs/rules/reach.md): a brand-new account gets the first-login popups (F) instead of the
 * members' ones (A: "your weekly rebate is ready" greets nobody who has not played yet), and a trial
 * account, not a member yet, gets the visitors' (B: the invitation to register).
 */
export function popupsFor(popups: readonly TPopup[], audience: TPopupAudience, isFirstLogin: boolean, isTrial = false): TPopup[] {
  const execution = audience === 'visitor' || isTrial ? 'B' : isFirstLogin ? 'F' : 'A';
  return popups.filter((popup) => popup.execution === execution);
}

/**
 * Announcement popup of docs/rules/content.md#c-8: shown once per session unless closed; closing marks it closed for
 * the audience. The caller provides the `persist` action (params `{ key }`) that writes the mark to
 * session storage; it runs exactly when the popup is closed.
 */
export const announcementPopupMachine = setup({
  types: {
    context: {} as TAnnouncementPopupContext,
    events: {} as TAnnouncementPopupEvent,
    input: {} as TAnnouncementPopupInput,
    output: {} as { shown: boolean },
  },
  actions: {
    // Default does nothing: storage is the page's business; provide() it to keep the mark.
    persist: (_, _params: { key: string }) => undefined,
    nextPopup: assign({ index: ({ context }) => context.index + 1 }),
  },
  guards: {
    alreadyClosed: ({ context }) => context.alreadyClosed,
    nothingToShow: ({ context }) => context.popups.length === 0,
    hasNext: ({ context }) => context.index + 1 < context.popups.length,
  },
}).createMachine({
  id: 'announcementPopup',
  context: ({ input }) => {
    const key = ANNOUNCEMENT_SEEN_KEYS[input.audience];
    return {
      key,
      alreadyClosed: input.sessionSeen[key] === true,
      popups: popupsFor(input.popups, input.audience, input.isFirstLogin === true, input.isTrial === true),
      index: 0,
    };
  },
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'alreadyClosed', target: 'hidden' }, { guard: 'nothingToShow', target: 'hidden' }, { target: 'showing' }],
    },
    showing: {
      on: {
        // Next on the last popup dismisses the set, like close.
        'popup.next': [{ guard: 'hasNext', actions: 'nextPopup' }, { target: 'closed' }],
        'popup.close': { target: 'closed' },
      },
    },
    closed: {
      type: 'final',
      entry: { type: 'persist', params: ({ context }) => ({ key: context.key }) },
    },
    hidden: { type: 'final' },
  },
  // Reaching `closed` means it was shown; `hidden` means it never was.
  output: ({ context }) => ({ shown: !context.alreadyClosed && context.popups.length > 0 }),
});
