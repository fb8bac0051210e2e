import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { depositMachine, type TDepositRequest } from '@wl/flows/deposit/deposit.machine';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { FormError } from '../accounts/form-parts.tsx';
import { DepositForm } from './deposit-form.tsx';
import { depositChannelsQuery, recentDepositsQuery } from './deposit-queries.ts';
import { DepositOrder, RecentDeposits } from './deposit-parts.tsx';
import { DepositProtection } from './protection-prompt.tsx';
import { moneyFlowError, useMoney, useMoneyMachineKit } from './transfer-parts.tsx';
import '../styles/money.css';

/** How often an open pending order asks for its status (display only; the platform settles it). */
const PENDING_REFRESH_MS = 3_000;

/** The deposit machine with the create call, the trial notice and the balance refresh of this page. */
function useDepositMachine() {
  // A resend of the same attempt reuses its idempotency key.
  const { trpc, client, qc, session, keyOf, trialRefused } = useMoneyMachineKit('dep');
  return useMemo(
    () =>
      depositMachine.provide({
        actors: {
          createDeposit: fromPromise(async ({ input }: { input: TDepositRequest }) => {
            try {
              const d = await client.deposit.create.mutate({ channelId: input.channelId, amountMinor: input.amountMinor, key: keyOf(input.attempt) });
              void qc.invalidateQueries({ queryKey: trpc.deposit.list.queryKey() });
              return { id: d.id };
            } catch (err) {
              throw moneyFlowError(err);
            }
          }),
        },
        actions: {
          trialRefused,
          // The money arrived: the header balance shows it.
          approved: () => session.current.refreshBalance(),
        },
      }),
    [client, qc, trpc, session, keyOf, trialRefused],
  );
}

/**
 * Member deposit (docs/rules/money.md#m-6 depositv2): channels with their limits, an amount form with quick
 * amounts, then the pending order with its reference and status, on the flows deposit machine.
 * Every rule shown here is enforced by the platform too; trial accounts never reach this page
 * (member-page guard) and are refused by the platform anyway.
 */
export default function DepositPage() {
  const ready = useAreaTexts('money', 'deposit');
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [state, send] = useMachine(useDepositMachine());
  const { channelId, orderId } = state.context;
  const channels = useQuery(depositChannelsQuery(trpc));
  const list = channels.data?.channels ?? [];
  const channel = list.find((c) => c.id === channelId) ?? list[0] ?? null;
  const money = useMoney();
  // While the open order is pending, ask again now and then (the settle job or an operator decides it).
  const polling = state.matches({ order: 'pending' });
  const recent = useQuery(recentDepositsQuery(trpc, polling ? PENDING_REFRESH_MS : false));
  const order = recent.data?.deposits.find((d) => d.id === orderId) ?? null;
  const orderStatus = order?.status;
  useEffect(() => {
    if (order) send({ type: 'deposit.orderStatus', id: order.id, status: order.status });
  }, [order?.id, orderStatus]);

  if (!ready) return <div className="page-loading" aria-busy="true" data-testid="deposit.loading" />;
  // The heading shows as soon as the texts are here, not after the channels' round trip: it is the
  // page's largest paint on a phone (docs/0092). The form's place is kept while the channels load.
  return (
    <div className="member-content money" data-testid="deposit.page">
      <section className="card">
        <h2>{t('deposit_title')}</h2>
        {channels.isLoading ? (
          <div className="money__form-loading" aria-busy="true" data-testid="deposit.loading" />
        ) : (
          <>
            <FormError message={channels.error && errorKey(channels.error)} />
            {/* The member's deposit limits (docs/0102): the first-deposit prompt, the room left and the link to them. */}
            <DepositProtection>
              {channel && (
                <DepositForm
                  channels={list}
                  channel={channel}
                  context={state.context}
                  pending={state.matches({ form: 'submitting' })}
                  send={send}
                  money={money}
                />
              )}
            </DepositProtection>
          </>
        )}
      </section>
      {order && <DepositOrder order={order} channels={list} money={money} />}
      <RecentDeposits deposits={recent.data?.deposits ?? []} loaded={recent.isSuccess} money={money} />
    </div>
  );
}
