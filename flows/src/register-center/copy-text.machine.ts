import { setup } from 'xstate';
import { actorSlot } from '../shared/actor-slot.ts';

export type TCopyTextEvent = { type: 'copy.run'; text: string };

/**
 * A copy button (registerCenter, docs/0051): copies, then says copied, or says to copy by hand when
 * the browser refuses. It may be pressed again at any time. Actor to provide: copy (the clipboard).
 */
export const copyTextMachine = setup({
  types: { events: {} as TCopyTextEvent },
  actors: { copy: actorSlot<void, { text: string }>('copy') },
}).createMachine({
  id: 'copyText',
  initial: 'idle',
  on: { 'copy.run': '.copying' },
  states: {
    idle: {},
    copying: {
      invoke: {
        id: 'copy',
        src: 'copy',
        input: ({ event }) => ({ text: event.type === 'copy.run' ? event.text : '' }),
        onDone: 'copied',
        onError: 'failed',
      },
    },
    copied: {},
    failed: {},
  },
});
