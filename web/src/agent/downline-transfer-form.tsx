import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC, useTRPCClient } from '../api/trpc.ts';
import { AccountTransferForm } from '../member/transfer-parts.tsx';
import { useSession } from '../session/session-context.tsx';

/** The transfer to one downline (agent wallet → downline wallet, once per key), on the flows account transfer machine. */
export function DownlineTransferForm({ memberId, nickname, money }: { memberId: number; nickname: string; money: (minor: number) => string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const qc = useQueryClient();
  const session = useSession();
  return (
    <AccountTransferForm
      prefix="downline"
      testPrefix="agent-downline"
      money={money}
      call={async (request) => {
        await client.agent.transfer.mutate({ memberId, ...request });
        void qc.invalidateQueries({ queryKey: trpc.agent.downline.queryKey() });
        void qc.invalidateQueries({ queryKey: trpc.agent.downlines.queryKey() });
      }}
      head={
        <>
          <h3>{t('agent_transfer_title')}</h3>
          <p className="money__limits" data-testid="agent-downline.available">
            {t('agent_transfer_available', { main: money(session.balance?.balance ?? 0) })}
          </p>
        </>
      }
      remarkLabel={t('agent_transfer_remark')}
      submitLabel={t('agent_transfer_submit')}
      done={(amount) => t('agent_transfer_done', { amount, name: nickname })}
    />
  );
}
