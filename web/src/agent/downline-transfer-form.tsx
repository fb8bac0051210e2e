import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMachine } from '@xstate/react';
import { InputField, SubmitButton } from '../accounts/form-parts.tsx';
import { useTRPC, useTRPCClient } from '../api/trpc.ts';
import { AmountField, FormError, useAccountTransferMachine } from '../member/transfer-parts.tsx';
import { useSession } from '../session/session-context.tsx';

/** The transfer to one downline (agent wallet → downline wallet, once per key), on the flows account transfer machine. */
export function DownlineTransferForm({ memberId, nickname, money }: { memberId: number; nickname: string; money: (minor: number) => string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const qc = useQueryClient();
  const session = useSession();
  const machine = useAccountTransferMachine('downline', async (request) => {
    await client.agent.transfer.mutate({ memberId, ...request });
    session.refreshBalance();
    void qc.invalidateQueries({ queryKey: trpc.agent.downline.queryKey() });
    void qc.invalidateQueries({ queryKey: trpc.agent.downlines.queryKey() });
  });
  const [state, send] = useMachine(machine);
  const { amount, remark, fieldError, formError, sentMinor } = state.context;
  return (
    <form
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'transfer.submit' });
      }}
      noValidate
    >
      <h3>{t('agent_transfer_title')}</h3>
      <p className="money__limits" data-testid="agent-downline.available">
        {t('agent_transfer_available', { main: money(session.balance?.balance ?? 0) })}
      </p>
      <AmountField amount={amount} error={fieldError} onAmount={(text) => send({ type: 'transfer.amount', text })} testId="agent-downline.amount" />
      <InputField
        label={t('agent_transfer_remark')}
        testId="agent-downline.remark"
        maxLength={140}
        value={remark}
        onValue={(text) => send({ type: 'transfer.remark', text })}
      />
      <FormError message={formError} testId="agent-downline.error" />
      <SubmitButton testId="agent-downline.submit" pending={state.matches('sending')}>
        {t('agent_transfer_submit')}
      </SubmitButton>
      {sentMinor !== null && (
        <p className="money__hint" role="status" data-testid="agent-downline.done">
          {t('agent_transfer_done', { amount: money(sentMinor), name: nickname })}
        </p>
      )}
    </form>
  );
}
