import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { TInvitation } from '@wl/schemas/wps/agent-team-calls';
import { invitationRowMachine } from '@wl/flows/register-center/invitation-row.machine';
import { FormError } from '../accounts/form-parts.tsx';
import { asFlow } from '../api/flow-errors.ts';
import { useTRPCClient } from '../api/trpc.ts';
import { localDateTime } from '../lib/numbers-later.ts';
import { CopyButton, InvitationQr, invitationLink } from './register-center-parts.tsx';

/** The row's calls; each success tells the list (which refreshes and may say what happened). */
function useRowMachine(inv: TInvitation, onChanged: (note: string) => void) {
  const { t } = useTranslation();
  const client = useTRPCClient();
  return useMemo(
    () =>
      invitationRowMachine.provide({
        actors: {
          setEnabled: fromPromise(async ({ input }: { input: { id: number; enabled: boolean } }) => {
            await asFlow(() => client.agent.updateInvitation.mutate(input));
            onChanged('');
          }),
          remove: fromPromise(async ({ input }: { input: { id: number } }) => {
            await asFlow(() => client.agent.deleteInvitation.mutate(input));
            onChanged(t('rc_deleted', { code: inv.code }));
          }),
        },
      }),
    // The row is keyed by the code's id, so its code never changes under it; the list's callback
    // only sends to the list's machine, so the first one stays good.
    [client],
  );
}

/** One invitation code in link management: code, type, registrations, status, and its actions. */
export function InvitationRow({ inv, onChanged }: { inv: TInvitation; onChanged: (note: string) => void }) {
  const { t, i18n } = useTranslation();
  const [state, send] = useMachine(useRowMachine(inv, onChanged), { input: { id: inv.id } });
  const qr = state.matches({ qr: 'shown' });
  const link = invitationLink(inv.code);
  return (
    <li className="money__row agent-report__row" data-testid="agent-invite.row" data-code={inv.code} data-enabled={inv.enabled}>
      <span className="agent-report__who">
        <strong translate="no">{inv.code}</strong>{' '}
        <span className="money__hint">
          {t(`rc_role_${inv.role}`)} · {t(inv.enabled ? 'rc_enabled' : 'rc_disabled')} ·{' '}
          <span data-testid="agent-invite.registrations">{t('rc_registrations', { count: inv.registrations })}</span>
        </span>
      </span>
      <span className="money__hint">{t('rc_created_at', { time: localDateTime(inv.createdAt, i18n.language) })}</span>
      <span className="agent-invite__actions">
        <button
          type="button"
          className="btn btn--ghost btn--small"
          data-testid="agent-invite.qr-toggle"
          aria-expanded={qr}
          onClick={() => send({ type: 'row.qr' })}
        >
          {t(qr ? 'rc_hide_qr' : 'rc_show_qr')}
        </button>
        <CopyButton text={link} label={t('rc_copy_link')} testId="agent-invite.copy-link" />
        <button
          type="button"
          className="btn btn--ghost btn--small"
          data-testid="agent-invite.toggle"
          disabled={state.matches({ toggle: 'saving' })}
          onClick={() => send({ type: 'row.toggle', enabled: !inv.enabled })}
        >
          {t(inv.enabled ? 'rc_disable' : 'rc_enable')}
        </button>
        {state.matches({ remove: 'idle' }) ? (
          <button type="button" className="btn btn--ghost btn--small" data-testid="agent-invite.delete" onClick={() => send({ type: 'row.delete' })}>
            {t('rc_delete')}
          </button>
        ) : (
          <>
            <button
              type="button"
              className="btn btn--primary btn--small"
              data-testid="agent-invite.delete-confirm"
              disabled={state.matches({ remove: 'deleting' })}
              onClick={() => send({ type: 'row.deleteConfirm' })}
            >
              {t('rc_delete_confirm')}
            </button>
            <button type="button" className="btn btn--ghost btn--small" onClick={() => send({ type: 'row.deleteCancel' })}>
              {t('rc_cancel')}
            </button>
          </>
        )}
      </span>
      {qr && (
        <span className="agent-invite__actions">
          <InvitationQr link={link} testId="agent-invite.row-qr" />
          <p className="agent-invite__link">{link}</p>
        </span>
      )}
      <FormError testId="agent-invite.row-error" message={state.context.error} />
    </li>
  );
}
