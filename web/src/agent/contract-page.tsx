import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TContractKind } from '@wl/schemas/domain/contracts';
import type { TContract } from '@wl/schemas/wps/contract-calls';
import { FormError } from '../accounts/form-parts.tsx';
import { useTRPC } from '../api/trpc.ts';
import '../styles/money.css';
import { QueryError } from '../layout/form-controls.tsx';
import { ContractCard, failure, type TAction } from './contract-card.tsx';
import { OfferedContracts } from './contract-offer.tsx';
import { ContractRecords } from './contract-records.tsx';
import { useMoney } from './report-parts.tsx';

/**
 * A contract page (agentRealtimeSalary, agentHourSalary, agentDailyWages2, agentDividendRecordCopy2;
 * docs/0049): my contract from my upline (accept, reject, terminate), the contracts I offered my
 * direct downline agents with the offer form, and the settlement records of the kind (mine or my
 * downlines'). The platform enforces every rule shown here.
 */
export function ContractPage({ kind }: { kind: TContractKind }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const money = useMoney();
  const overview = useQuery(trpc.agent.contracts.queryOptions({ kind }, { staleTime: 0 }));
  const data = overview.data;
  const [actError, setActError] = useState<string | null>(null);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: trpc.agent.contracts.queryKey() });
    void qc.invalidateQueries({ queryKey: trpc.agent.settlements.queryKey() });
  };
  const act = useMutation(
    trpc.agent.contractAct.mutationOptions({
      onSuccess: () => {
        setActError(null);
        refresh();
      },
      onError: (err) => setActError(failure(err)),
    }),
  );
  const onAct = (c: TContract, action: TAction) => {
    if ((action === 'terminate' || action === 'reject' || action === 'withdraw') && !window.confirm(t('contract_confirm_end'))) return;
    act.mutate({ contractId: c.id, action });
  };
  const windowText = (seconds: number) =>
    seconds % 60 === 0 ? t('contract_window_minutes', { count: seconds / 60 }) : t('contract_window_seconds', { count: seconds });
  return (
    <div className="agent-content money" data-testid="contract.page" data-kind={kind}>
      <section className="card" aria-busy={overview.isFetching}>
        <h1 className="agent-content__title">{t(`contract_title_${kind}`)}</h1>
        <p className="money__hint">{t(`contract_intro_${kind}`, { window: windowText(data?.windowSeconds ?? 300) })}</p>
        <QueryError error={overview.error} testId="contract.error" />
        <FormError testId="contract.act-error" message={actError} />
        <h2>{t('contract_mine')}</h2>
        {data && !data.mine && !data.myOffer && (
          <p className="no-data" data-testid="contract.mine-none">
            {t('contract_mine_none')}
          </p>
        )}
        {data?.myOffer && <ContractCard contract={data.myOffer} side="holder" testId="contract.offer-in" pending={act.isPending} onAct={onAct} />}
        {data?.mine && <ContractCard contract={data.mine} side="holder" testId="contract.mine" pending={act.isPending} onAct={onAct} />}
      </section>
      {data && data.candidates.length > 0 && <OfferedContracts kind={kind} data={data} acting={{ pending: act.isPending, onAct }} onOffered={refresh} />}
      <ContractRecords kind={kind} ready={data !== undefined} money={money} />
    </div>
  );
}
