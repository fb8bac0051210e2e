import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC, useTRPCClient } from '../api/trpc.ts';
import { AccountTransferForm } from '../forms/account-transfer-form.tsx';
import { useAccountTransferMachine } from '../member/transfer-parts.tsx';
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
  return (
    <AccountTransferForm
      prefix="agent-downline"
      machine={machine}
      money={money}
      texts={{
        remark: t('agent_transfer_remark'),
        submit: t('agent_transfer_submit'),
        done: (amount) => t('agent_transfer_done', { amount, name: nickname }),
      }}
    >
      <h3>{t('agent_transfer_title')}</h3>
      <p className="money__limits" data-testid="agent-downline.available">
        {t('agent_transfer_available', { main: money(session.balance?.balance ?? 0) })}
      </p>
    </AccountTransferForm>
  );
}
