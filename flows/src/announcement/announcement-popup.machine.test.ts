import type { TPopup } from '@wl/schemas';
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_SEEN_KEYS, announcementPopupMachine, popupsFor, type TAnnouncementPopupInput } from './announcement-popup.machine.ts';

const popup = (id: number, execution: TPopup['execution']): TPopup => ({
  id,
  title: `popup ${id}`,
  content: '<p>hello</p>',
  promotionType: 'PU',
  execution,
});
const all = [popup(1, 'A'), popup(2, 'B'), popup(3, 'F'), popup(4, 'A')];

/** Starts the machine with a session-storage stand-in that the persist action writes to. */
function start(input: Omit<TAnnouncementPopupInput, 'sessionSeen'>, storage: Record<string, boolean> = {}) {
  const machine = announcementPopupMachine.provide({
    actions: {
      persist: (_, { key }) => {
        storage[key] = true;
      },
    },
  });
  const actor = createActor(machine, { input: { ...input, sessionSeen: { ...storage } } });
  actor.start();
  return { actor, storage };
}

describe('announcement popup: examples', () => {
  it('selects A for users, F (the welcome) instead on a first login, B for visitors and trial accounts', () => {
    expect(popupsFor(all, 'user', false).map((p) => p.id)).toEqual([1, 4]);
    expect(popupsFor(all, 'user', true).map((p) => p.id)).toEqual([3]);
    expect(popupsFor(all, 'visitor', true).map((p) => p.id)).toEqual([2]);
    expect(popupsFor(all, 'user', false, true).map((p) => p.id)).toEqual([2]);
    expect(popupsFor(all, 'user', true, true).map((p) => p.id)).toEqual([2]);
  });

  it('shows the visitor popup, closes it and marks the visitor key only', () => {
    const { actor, storage } = start({ popups: all, audience: 'visitor' });
    expect(actor.getSnapshot().value).toBe('showing');
    expect(actor.getSnapshot().context.popups[actor.getSnapshot().context.index]?.id).toBe(2);
    actor.send({ type: 'popup.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().output).toEqual({ shown: true });
    expect(storage).toEqual({ [ANNOUNCEMENT_SEEN_KEYS.visitor]: true });
  });

  it('is not shown again in the same session once closed, but users still see theirs', () => {
    const storage: Record<string, boolean> = {};
    start({ popups: all, audience: 'visitor' }, storage).actor.send({ type: 'popup.close' });
    const again = start({ popups: all, audience: 'visitor' }, storage);
    expect(again.actor.getSnapshot().value).toBe('hidden');
    expect(again.actor.getSnapshot().output).toEqual({ shown: false });
    const user = start({ popups: all, audience: 'user' }, storage);
    expect(user.actor.getSnapshot().value).toBe('showing');
  });

  it('is shown again when it was left open (not closed)', () => {
    const storage: Record<string, boolean> = {};
    const first = start({ popups: all, audience: 'user' }, storage);
    first.actor.stop();
    expect(storage).toEqual({});
    expect(start({ popups: all, audience: 'user' }, storage).actor.getSnapshot().value).toBe('showing');
  });

  it('pages with popup.next and dismisses after the last one', () => {
    const { actor, storage } = start({ popups: all, audience: 'user' });
    const ids = [actor.getSnapshot().context.popups[actor.getSnapshot().context.index]?.id];
    actor.send({ type: 'popup.next' });
    ids.push(actor.getSnapshot().context.popups[actor.getSnapshot().context.index]?.id);
    expect(ids).toEqual([1, 4]);
    expect(storage).toEqual({});
    actor.send({ type: 'popup.next' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(storage).toEqual({ [ANNOUNCEMENT_SEEN_KEYS.user]: true });
  });

  it('stays hidden when nothing applies, and persists nothing', () => {
    const { actor, storage } = start({ popups: [popup(9, 'F')], audience: 'user' });
    expect(actor.getSnapshot().value).toBe('hidden');
    expect(storage).toEqual({});
  });
});
