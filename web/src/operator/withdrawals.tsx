import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TOperatorWithdrawal } from '@wl/schemas/wps/withdraw-calls';
import { useTRPC, useTRPCClient } from '../api/trpc.ts';
import { InputField, TabBar } from '../accounts/form-parts.tsx';
import { useAreaTexts } from '../i18n/area-texts.ts';
import '../styles/money.css';
import { formatMinor } from '../lib/numbers.ts';
import { QueryError } from '../layout/form-controls.tsx';
import { AuthorisedImage } from './parts.tsx';

/** A proof file shown inline from an authorised call (never a URL to the file). */
function ProofButton({ proofId, n }: { proofId: string; n: number }) {
  const { t } = useTranslation();
  const client = useTRPCClient();
  return (
    <AuthorisedImage
      load={() => client.operator.withdrawalProof.query({ proofId })}
      label={t('confirm_view_proof', { n })}
      testId={`operator.proof.${proofId}`}
    />
  );
}

function Row({ w, view, currency, onChanged }: { w: TOperatorWithdrawal; view: 'pending' | 'disputes'; currency: string; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const trpc = useTRPC();
  const [remark, setRemark] = useState('');
  const pay = useMutation(trpc.operator.payWithdrawal.mutationOptions({ onSettled: onChanged }));
  const reject = useMutation(trpc.operator.rejectWithdrawal.mutationOptions({ onSettled: onChanged }));
  const error = pay.error ?? reject.error;
  return (
    <li className="card" data-testid={`operator.withdrawal.${w.id}`} data-status={w.status}>
      <p>
        <strong>{formatMinor(w.amountMinor, language, currency)}</strong> · {t('op_member')}:{' '}
        <span translate="no">
          {w.username} ({w.holderName}) · {w.bankName} {w.maskedNumber} · {w.reference}
        </span>
      </p>
      {view === 'disputes' && (
        <p data-testid={`operator.withdrawal.${w.id}.status`}>
          {t(`money_status_${w.status}`)}
          {w.receivedMinor !== null && ` · ${t('withdraw_received_amount', { amount: formatMinor(w.receivedMinor, language, currency) })}`}
          {w.remainingMinor !== null && ` · ${t('withdraw_remaining', { amount: formatMinor(w.remainingMinor, language, currency) })}`}
          {w.remark && ` · ${w.remark}`}
          {w.status === 'auto_received' && ` · ${t('op_auto_note')}`}
        </p>
      )}
      {view === 'disputes' && w.proofIds.map((id, i) => <ProofButton key={id} proofId={id} n={i + 1} />)}
      {view === 'pending' && (
        <div className="btn-row">
          <button
            type="button"
            className="btn btn--primary btn--small"
            data-testid={`operator.withdrawal.${w.id}.pay`}
            disabled={pay.isPending || reject.isPending}
            onClick={() => pay.mutate({ withdrawalId: w.id })}
          >
            {t('op_pay')}
          </button>
          <input
            className="input"
            aria-label={t('op_reject_remark')}
            placeholder={t('op_reject_remark')}
            data-testid={`operator.withdrawal.${w.id}.remark`}
            maxLength={140}
            value={remark}
            onChange={(e) => setRemark(e.target.value)}
          />
          <button
            type="button"
            className="btn btn--ghost btn--small"
            data-testid={`operator.withdrawal.${w.id}.reject`}
            disabled={pay.isPending || reject.isPending || remark.trim() === ''}
            onClick={() => reject.mutate({ withdrawalId: w.id, remark: remark.trim() })}
          >
            {t('op_reject')}
          </button>
        </div>
      )}
      <QueryError error={error} />
    </li>
  );
}

/** The confirmation window (docs/rules/money.md#m-12), money.write: the money settings' one field, shown beside the withdrawals it governs. */
function WindowSetting({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const current = useQuery(trpc.operator.moneySettings.queryOptions(undefined, { staleTime: 0 }));
  const [minutes, setMinutes] = useState('');
  const save = useMutation(
    trpc.operator.setMoneySettings.mutationOptions({ onSettled: () => void qc.invalidateQueries({ queryKey: trpc.operator.moneySettings.queryKey() }) }),
  );
  const value = minutes === '' ? String(current.data?.withdrawConfirmMinutes ?? '') : minutes;
  return (
    <div className="form">
      <InputField
        label={t('op_confirm_minutes')}
        inputMode="numeric"
        testId="operator.withdraw-window"
        disabled={!canWrite}
        value={value}
        maxLength={5}
        onValue={setMinutes}
      />
      {canWrite && (
        <button
          type="button"
          className="btn btn--primary btn--small"
          data-testid="operator.withdraw-window-save"
          disabled={save.isPending || !/^\d{1,5}$/.test(value)}
          onClick={() => save.mutate({ withdrawConfirmMinutes: Number(value) })}
        >
          {t('op_save_window')}
        </button>
      )}
      <QueryError error={save.error} />
    </div>
  );
}

/** Operator withdrawals: pending ones to pay or reject, the dispute view (docs/0029), the window. */
export default function OperatorWithdrawals({ canWrite, currency }: { canWrite: boolean; currency: string }) {
  const { t } = useTranslation();
  const ready = useAreaTexts('money', 'withdraw');
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [view, setView] = useState<'pending' | 'disputes'>('pending');
  const list = useQuery(trpc.operator.withdrawals.queryOptions({ view }, { staleTime: 0 }));
  const refresh = () => void qc.invalidateQueries({ queryKey: trpc.operator.withdrawals.queryKey() });
  if (!ready) return <div className="page-loading" aria-busy="true" />;
  return (
    <section data-testid="operator.withdrawals">
      <h2>{t('op_withdrawals_title')}</h2>
      <WindowSetting canWrite={canWrite} />
      <TabBar
        tabs={['pending', 'disputes'] as const}
        active={view}
        testIdPrefix="operator.withdrawals-tab"
        label={(tab) => t(tab === 'pending' ? 'op_withdrawals_pending' : 'op_withdrawals_disputes')}
        onSelect={setView}
      />
      <QueryError error={list.error} />
      {list.data && list.data.withdrawals.length === 0 && <p className="dialog__text">{t('op_withdrawals_empty')}</p>}
      <ul className="plain-list">
        {list.data?.withdrawals.map((w) => (
          <Row key={w.id} w={w} view={view} currency={currency} onChanged={refresh} />
        ))}
      </ul>
    </section>
  );
}
