import { useCallback, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { TDownlineRole } from '@wl/schemas/domain/agent-team';
import type { TInvitation } from '@wl/schemas/wps/agent-team-calls';
import { invitationsMachine } from '@wl/flows/register-center/invitations.machine';
import { FormError } from '../accounts/form-parts.tsx';
import { asFlow } from '../api/flow-errors.ts';
import { errorKey, useTRPC, useTRPCClient } from '../api/trpc.ts';
import { RecordPager } from '../layout/record-pager.tsx';
import { CopyButton, InvitationQr, invitationLink, RoleSelect } from './register-center-parts.tsx';
import { InvitationRow } from './register-center-row.tsx';

const LINKS_PAGE_SIZE = 10;

/** The invitations machine with its create call; `refresh` reloads the list after a change. */
function useInvitationsMachine(refresh: () => void) {
  const client = useTRPCClient();
  return useMemo(
    () =>
      invitationsMachine.provide({
        actors: {
          createInvitation: fromPromise(async ({ input }: { input: { role: TDownlineRole } }) => {
            const inv = await asFlow(() => client.agent.createInvitation.mutate(input));
            refresh();
            return inv;
          }),
        },
      }),
    [client, refresh],
  );
}

/** The code just made: its link, QR code and copy buttons. */
function LatestInvitation({ latest }: { latest: TInvitation }) {
  const { t } = useTranslation();
  const link = invitationLink(latest.code);
  return (
    <div className="form" data-testid="agent-invite.latest" data-code={latest.code}>
      <p className="money__hint" role="status">
        {t('rc_created', { code: latest.code })}
      </p>
      <InvitationQr link={link} testId="agent-invite.qr" />
      <p className="agent-invite__link" data-testid="agent-invite.link" translate="no">
        {link}
      </p>
      <div className="agent-invite__actions">
        <CopyButton text={latest.code} label={t('rc_copy_code')} testId="agent-invite.copy-code" />
        <CopyButton text={link} label={t('rc_copy_link')} testId="agent-invite.copy-latest-link" />
      </div>
    </div>
  );
}

/** Invitation links: make a code (member or agent), see its link, QR and copy buttons; manage every code, paged. */
export function Invitations() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const refresh = useCallback(() => void qc.invalidateQueries({ queryKey: trpc.agent.invitations.queryKey() }), [qc, trpc]);
  const [state, send] = useMachine(useInvitationsMachine(refresh));
  const { role, latest, pageNo, note, error } = state.context;
  const creating = state.matches('creating');
  const list = useQuery(trpc.agent.invitations.queryOptions({ pageNo, pageSize: LINKS_PAGE_SIZE }, { staleTime: 0 }));
  const onChanged = useCallback(
    (id: number) => (n: string) => {
      send({ type: 'invite.changed', id, note: n });
      refresh();
    },
    [send, refresh],
  );
  const data = list.data;
  return (
    <>
      <section className="card" data-testid="agent-invite.create">
        <h2 className="agent-content__subtitle">{t('rc_invite_title')}</h2>
        <p className="money__hint">{t('rc_invite_intro')}</p>
        <form
          className="money__grid"
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'invite.create' });
          }}
        >
          <RoleSelect testId="agent-invite.role" role={role} onRole={(r) => send({ type: 'invite.role', role: r })} />
          <button type="submit" className="btn btn--primary" data-testid="agent-invite.submit" disabled={creating} aria-busy={creating}>
            {t('rc_create_submit')}
          </button>
        </form>
        <FormError testId="agent-invite.error" message={error} />
        {latest && <LatestInvitation latest={latest} />}
      </section>
      <section className="card" aria-busy={list.isFetching} data-testid="agent-invite.links">
        <h2 className="agent-content__subtitle">{t('rc_links_title')}</h2>
        {list.error && <FormError testId="agent-invite.list-error" message={errorKey(list.error)} />}
        {note && (
          <p className="money__hint" role="status" data-testid="agent-invite.note">
            {note}
          </p>
        )}
        {data && data.total === 0 && <p className="no-data">{t('rc_links_none')}</p>}
        <ul className="money__list" data-testid="agent-invite.rows">
          {data?.rows.map((inv) => (
            <InvitationRow key={inv.id} inv={inv} onChanged={onChanged(inv.id)} />
          ))}
        </ul>
        <RecordPager
          pageNo={pageNo}
          total={data?.total}
          pageSize={LINKS_PAGE_SIZE}
          onPage={(n) => send({ type: 'invite.page', pageNo: n })}
          testId="agent-invite"
        />
      </section>
    </>
  );
}
