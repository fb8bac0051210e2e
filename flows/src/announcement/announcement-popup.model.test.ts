import type { TPopup } from '@wl/schemas';
import type { SnapshotFrom } from 'xstate';
import { describe, expect } from 'vitest';
import { walkGraph } from '../testing/graph-coverage.ts';
import { modelTests } from '../testing/model-suite.ts';
import { ANNOUNCEMENT_SEEN_KEYS, announcementPopupMachine, type TAnnouncementPopupInput } from './announcement-popup.machine.ts';

const popup = (id: number, execution: TPopup['execution']): TPopup => ({ id, title: 't', content: 'c', promotionType: 'PU', execution });

const persisted: string[] = [];
const machine = announcementPopupMachine.provide({ actions: { persist: (_, { key }) => void persisted.push(key) } });
type TSnapshot = SnapshotFrom<typeof machine>;

const inputs: TAnnouncementPopupInput[] = [
  { popups: [popup(1, 'A'), popup(2, 'A'), popup(3, 'B')], audience: 'user', sessionSeen: {} },
  { popups: [popup(3, 'B')], audience: 'visitor', sessionSeen: { [ANNOUNCEMENT_SEEN_KEYS.visitor]: true } },
  { popups: [popup(3, 'B')], audience: 'user', sessionSeen: {} },
];
const walk = walkGraph(machine, {
  inputs,
  events: () => [{ type: 'popup.next' }, { type: 'popup.close' }],
  serializeState: (s) => JSON.stringify([s.value, s.context.index]),
});

describe('announcement popup: model', () => {
  modelTests(machine, walk, { claim: 'persists the mark exactly on the paths that end closed', recorded: [persisted] }, (seen, input) => {
    const last = seen.at(-1) as TSnapshot;
    expect(persisted).toEqual(last.matches('closed') ? [ANNOUNCEMENT_SEEN_KEYS[input.audience]] : []);
    for (const s of seen) {
      if (s.matches('showing')) expect(s.context.popups[s.context.index]).toBeDefined();
    }
  });
});
