import type { TMemberInfo } from '@wl/schemas';
import { actorSlot } from './actor-slot.ts';

/** The actor a flow that ends signed in provides: member info read with the new session's token. */
export const loadMemberSlot = () => actorSlot<TMemberInfo, { token: string }>('loadMember');

/**
 * The state after a flow got a session token (registration, a password reset's automatic login):
 * it reads member info with the token and goes to `target` either way, since the session is valid
 * even when the read fails (the home page loads member info again). The machine declares the
 * `loadMember` actor and the `storeMember` action; the token is in `context.token`.
 */
export const loadingMemberThen = <TTarget extends string>(target: TTarget) =>
  ({
    invoke: {
      id: 'loadMember',
      src: 'loadMember',
      input: ({ context }: { context: { token: string | null } }) => ({ token: context.token ?? '' }),
      onDone: { target, actions: { type: 'storeMember', params: ({ event }: { event: { output: TMemberInfo } }) => event.output } },
      onError: target,
    },
  }) as const;
