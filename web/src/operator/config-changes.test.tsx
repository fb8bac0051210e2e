import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TConfigDraft, TConfigVersion } from '@wl/schemas/wps/config-change-calls';
import { renderWithApp, type TInputOf } from '../test/render.tsx';
import OperatorConfigChanges, { parseValue } from './config-changes.tsx';

/** The console's configuration change sets (docs/0123): a draft edited and published, another's approved, a version restored. */
describe('configuration changes panel', () => {
  const DRAFT: TConfigDraft = {
    id: 4,
    authorId: 1,
    authorUsername: 'demo_operator',
    status: 'draft',
    revision: 2,
    changes: { 'security.lockMinutes': 30 },
    sensitive: ['security.lockMinutes'],
    approvedBy: [],
    publishAt: null,
    comment: null,
    blocked: null,
    restoreOf: null,
    versionNumber: null,
    createdAt: '2026-11-30T10:00:00.000Z',
  };
  const VERSION: TConfigVersion = {
    number: 2,
    kind: 'direct',
    authorUsername: 'demo_operator',
    approvedByUsername: null,
    at: '2026-11-30T09:00:00.000Z',
    comment: 'system.set',
    diff: [{ field: 'system.maintenance', from: false, to: true }],
    restoredFrom: null,
  };

  function renderPanel(username: string) {
    const sent = { edit: [] as TInputOf<'operator.configDraftEdit'>[], approve: [] as unknown[], publish: [] as unknown[], restore: [] as unknown[] };
    renderWithApp(<OperatorConfigChanges username={username} />, {
      handlers: {
        'operator.configDrafts': () => ({ drafts: [DRAFT] }),
        'operator.configVersions': () => ({ versions: [VERSION] }),
        'operator.configPreview': () => ({
          config: {
            'content.banner.7.titleBn': 'পুরনো শিরোনাম',
            'content.popup.3.execution': 'B',
            'security.lockMinutes': 15,
            'system.maintenance': false,
          },
        }),
        'operator.configDraftEdit': (input) => {
          sent.edit.push(input);
          return DRAFT;
        },
        'operator.configDraftApprove': (input) => {
          sent.approve.push(input);
          return { ...DRAFT, approvedBy: ['demo_owner2'] };
        },
        'operator.configDraftPublish': (input) => {
          sent.publish.push(input);
          return { ...VERSION, number: 3, kind: 'publish' as const, comment: input.comment };
        },
        'operator.configRestore': (input) => {
          sent.restore.push(input);
          return { ...DRAFT, id: 5, restoreOf: 2, versionNumber: null };
        },
      },
    });
    return sent;
  }

  it("lets the author add a setting and publish with a comment, and shows a direct change's version in words", async () => {
    const sent = renderPanel('demo_operator');
    const card = await screen.findByTestId('operator.config-changes.draft.4', {}, { timeout: 10_000 });
    expect(card.textContent).toContain('security.lockMinutes');
    expect(card.textContent).toContain("Needs a second operator's approval");
    expect(screen.queryByTestId('operator.config-changes.draft.4.approve')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('operator.config-changes.draft.4.field').querySelectorAll('option').length).toBe(5));
    fireEvent.change(screen.getByTestId('operator.config-changes.draft.4.field'), { target: { value: 'security.lockMinutes' } });
    fireEvent.change(screen.getByTestId('operator.config-changes.draft.4.value'), { target: { value: '৪৫' } });
    fireEvent.click(screen.getByTestId('operator.config-changes.draft.4.add'));
    await waitFor(() => expect(sent.edit).toEqual([{ id: 4, set: { 'security.lockMinutes': 45 }, unset: [] }]));
    fireEvent.change(screen.getByTestId('operator.config-changes.draft.4.comment'), { target: { value: 'lock longer' } });
    fireEvent.click(screen.getByTestId('operator.config-changes.draft.4.publish'));
    expect((await screen.findByTestId('operator.config-changes.notice')).textContent).toBe('Published as version 3.');
    expect(sent.publish).toEqual([{ id: 4, comment: 'lock longer' }]);
    const version = screen.getByTestId('operator.config-changes.version.2');
    expect(version.textContent).toContain('system.maintenance: Off → On');
  });

  it("offers another operator the approval of the draft's revision, and restores a version with a comment", async () => {
    const sent = renderPanel('demo_owner2');
    fireEvent.click(await screen.findByTestId('operator.config-changes.draft.4.approve', {}, { timeout: 10_000 }));
    await waitFor(() => expect(sent.approve).toEqual([{ id: 4, revision: 2 }]));
    expect(screen.queryByTestId('operator.config-changes.draft.4.publish')).toBeNull();
    fireEvent.change(screen.getByTestId('operator.config-changes.restore-comment.2'), { target: { value: 'back' } });
    fireEvent.click(screen.getByTestId('operator.config-changes.restore.2'));
    expect((await screen.findByTestId('operator.config-changes.notice')).textContent).toBe("The restore is a draft waiting for a second operator's approval.");
    expect(sent.restore).toEqual([{ version: 2, comment: 'back' }]);
  });

  it("edits a banner's words from what they are now, and shows them quoted (docs/0133)", async () => {
    const sent = renderPanel('demo_operator');
    const field = await screen.findByTestId('operator.config-changes.draft.4.field', {}, { timeout: 10_000 });
    await waitFor(() => expect(field.querySelectorAll('option').length).toBe(5));
    fireEvent.change(field, { target: { value: 'content.banner.7.titleBn' } });
    const value = screen.getByTestId('operator.config-changes.draft.4.value');
    expect(value.tagName).toBe('TEXTAREA');
    expect((value as HTMLTextAreaElement).value).toBe('পুরনো শিরোনাম');
    fireEvent.change(value, { target: { value: 'নতুন শিরোনাম' } });
    fireEvent.click(screen.getByTestId('operator.config-changes.draft.4.add'));
    await waitFor(() => expect(sent.edit).toEqual([{ id: 4, set: { 'content.banner.7.titleBn': 'নতুন শিরোনাম' }, unset: [] }]));
    // A field of a fixed set of values is a list of them, in words.
    fireEvent.change(field, { target: { value: 'content.popup.3.execution' } });
    const audience = screen.getByTestId('operator.config-changes.draft.4.value') as HTMLSelectElement;
    expect(audience.tagName).toBe('SELECT');
    expect([...audience.options].map((o) => [o.value, o.textContent])).toEqual([
      ['', ''],
      ['A', 'Signed-in members'],
      ['B', 'Visitors'],
      ['F', "A member's first login"],
    ]);
    fireEvent.change(audience, { target: { value: 'F' } });
    fireEvent.click(screen.getByTestId('operator.config-changes.draft.4.add'));
    await waitFor(() => expect(sent.edit[1]).toEqual({ id: 4, set: { 'content.popup.3.execution': 'F' }, unset: [] }));
  });

  it('reads values as the field holds them', () => {
    expect(parseValue('old', '  ')).toBeNull();
    expect(parseValue('old', 'new words')).toBe('new words');
    expect(parseValue(true, 'false')).toBe(false);
    expect(parseValue(false, '1')).toBeNull();
    expect(parseValue(3, ' ১২ ')).toBe(12);
    expect(parseValue(3, '2.5')).toBeNull();
  });
});
