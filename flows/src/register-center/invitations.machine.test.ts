import type { TInvitation } from '@wl/schemas/wps/agent-team-calls';
import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { FlowError } from '../shared/flow-error.ts';
import { copyTextMachine } from './copy-text.machine.ts';
import { invitationRowMachine } from './invitation-row.machine.ts';
import { invitationsMachine } from './invitations.machine.ts';

const invitation = (id: number, role: 'member' | 'agent' = 'member'): TInvitation => ({
  id,
  code: `C${id}`,
  role,
  enabled: true,
  registrations: 0,
  createdAt: '2026-01-01T00:00:00Z',
});

describe('invitations: examples', () => {
  it('makes a code for the chosen role, shows it and goes back to the first page', async () => {
    const roles: string[] = [];
    const actor = createActor(
      invitationsMachine.provide({
        actors: {
          createInvitation: fromPromise(async ({ input }: { input: { role: 'member' | 'agent' } }) => {
            roles.push(input.role);
            return invitation(9, input.role);
          }),
        },
      }),
    ).start();
    actor.send({ type: 'invite.page', pageNo: 3 });
    actor.send({ type: 'invite.role', role: 'agent' });
    actor.send({ type: 'invite.create' });
    await waitFor(actor, (s) => s.context.latest !== null);
    expect(roles).toEqual(['agent']);
    expect(actor.getSnapshot().context).toMatchObject({ pageNo: 1, note: null, error: null });
    // A change to another code keeps the latest; a change to the latest hides it.
    actor.send({ type: 'invite.changed', id: 4, note: '' });
    expect(actor.getSnapshot().context.latest?.id).toBe(9);
    actor.send({ type: 'invite.changed', id: 9, note: 'C9 deleted' });
    expect(actor.getSnapshot().context).toMatchObject({ latest: null, note: 'C9 deleted' });
  });

  it('a refused create says why, and the next try clears it', async () => {
    let fail = true;
    const actor = createActor(
      invitationsMachine.provide({
        actors: {
          createInvitation: fromPromise(async () => {
            if (fail) throw new FlowError('error_too_many_requests');
            return invitation(1);
          }),
        },
      }),
    ).start();
    actor.send({ type: 'invite.create' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('error_too_many_requests');
    fail = false;
    actor.send({ type: 'invite.create' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (s) => s.matches('idle'));
  });
});

describe('invitation row: examples', () => {
  it('turns a code off, deletes it behind a confirmation, and shows a refusal', async () => {
    const calls: string[] = [];
    const actor = createActor(
      invitationRowMachine.provide({
        actors: {
          setEnabled: fromPromise(async ({ input }: { input: { id: number; enabled: boolean } }) => {
            calls.push(`enabled ${input.id} ${input.enabled}`);
          }),
          remove: fromPromise<void, { id: number }>(async ({ input }) => {
            calls.push(`remove ${input.id}`);
            throw new FlowError('error_not_found');
          }),
        },
      }),
      { input: { id: 5 } },
    ).start();
    actor.send({ type: 'row.qr' });
    expect(actor.getSnapshot().matches({ qr: 'shown' })).toBe(true);
    actor.send({ type: 'row.toggle', enabled: false });
    await waitFor(actor, (s) => s.matches({ toggle: 'idle' }));
    actor.send({ type: 'row.delete' });
    actor.send({ type: 'row.deleteCancel' });
    expect(actor.getSnapshot().matches({ remove: 'idle' })).toBe(true);
    actor.send({ type: 'row.delete' });
    actor.send({ type: 'row.deleteConfirm' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().matches({ remove: 'confirming' })).toBe(true);
    expect(calls).toEqual(['enabled 5 false', 'remove 5']);
  });
});

describe('copy button: examples', () => {
  it('says copied, or says to copy by hand when the clipboard refuses', async () => {
    const copied: string[] = [];
    const actor = createActor(
      copyTextMachine.provide({
        actors: {
          copy: fromPromise(async ({ input }: { input: { text: string } }) => {
            if (input.text === '') throw new Error('denied');
            copied.push(input.text);
          }),
        },
      }),
    ).start();
    actor.send({ type: 'copy.run', text: 'https://x/register?code=C1' });
    await waitFor(actor, (s) => s.matches('copied'));
    actor.send({ type: 'copy.run', text: '' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(copied).toEqual(['https://x/register?code=C1']);
  });
});
