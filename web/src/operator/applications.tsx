import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TOperatorApplication } from '@wl/schemas/wps/operator-promotion-calls';
import { useTRPC, useTRPCClient } from '../api/trpc.ts';
import { InputField, TabBar } from '../accounts/form-parts.tsx';
import { QueryError } from '../layout/form-controls.tsx';
import { formatMinor } from '../lib/numbers.ts';
import { localDateTime } from '../lib/numbers-later.ts';
import { AuthorisedImage, refusalKey } from './parts.tsx';

/** An application's image, shown inline from an authorised call (never a URL to the file). */
function ImageButton({ imageId, n }: { imageId: string; n: number }) {
  const { t } = useTranslation();
  const client = useTRPCClient();
  return (
    <AuthorisedImage
      load={() => client.operator.applicationImage.query({ imageId })}
      label={t('oppapp_image', { n })}
      testId={`operator.application-image.${n}`}
    />
  );
}

/** Minor units typed as a decimal amount ('250' or '250.50'), or null. */
const minorOf = (text: string): number | null => (/^\d{1,10}(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text.trim()) * 100) : null);

function Decide({ a, currency, onChanged }: { a: TOperatorApplication; currency: string; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const approve = useMutation(trpc.operator.approveApplication.mutationOptions({ onSettled: onChanged }));
  const reject = useMutation(trpc.operator.rejectApplication.mutationOptions({ onSettled: onChanged }));
  const minor = minorOf(amount);
  const busy = approve.isPending || reject.isPending;
  const error = approve.error ?? reject.error;
  return (
    <div className="form">
      <InputField
        label={t('oppapp_amount', { max: formatMinor(a.maxAmountMinor, i18n.language, currency) })}
        inputMode="decimal"
        testId={`operator.application.${a.id}.amount`}
        maxLength={14}
        value={amount}
        onValue={setAmount}
      />
      <button
        type="button"
        className="btn btn--primary btn--small"
        data-testid={`operator.application.${a.id}.approve`}
        disabled={busy || minor === null || minor <= 0}
        onClick={() => minor !== null && approve.mutate({ applicationId: a.id, amountMinor: minor })}
      >
        {t('oppapp_approve')}
      </button>
      <InputField label={t('oppapp_reason')} testId={`operator.application.${a.id}.reason`} maxLength={200} value={reason} onValue={setReason} />
      <button
        type="button"
        className="btn btn--ghost btn--small"
        data-testid={`operator.application.${a.id}.reject`}
        disabled={busy || reason.trim() === ''}
        onClick={() => reject.mutate({ applicationId: a.id, reason: reason.trim() })}
      >
        {t('oppapp_reject')}
      </button>
      {error && (
        <p className="form__error" role="alert">
          {t(refusalKey(error))}
        </p>
      )}
    </div>
  );
}

function Row({ a, currency, canWrite, onChanged }: { a: TOperatorApplication; currency: string; canWrite: boolean; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="card" data-testid={`operator.application.${a.id}`} data-state={a.state}>
      <p>
        <strong translate="no">{a.username}</strong> · {a.promotionTitle} · {localDateTime(a.createdAt, i18n.language)}
      </p>
      {a.comment && <p className="dialog__text">{a.comment}</p>}
      {a.images.map((img, i) => (
        <ImageButton key={img.imageId} imageId={img.imageId} n={i + 1} />
      ))}
      {a.state === 'approved' && <p>{t('oppapp_state_approved', { amount: formatMinor(a.amountMinor ?? 0, i18n.language, currency) })}</p>}
      {a.state === 'rejected' && <p>{t('oppapp_state_rejected', { reason: a.reason ?? '' })}</p>}
      {a.state === 'pending' && canWrite && <Decide a={a} currency={currency} onChanged={onChanged} />}
    </li>
  );
}

/** Applications to manual-apply promotions (money.read to see, money.write to decide; docs/0098). */
export function OperatorApplications({ canWrite, currency }: { canWrite: boolean; currency: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [view, setView] = useState<'pending' | 'decided'>('pending');
  const list = useQuery(trpc.operator.applications.queryOptions({ view }, { staleTime: 0 }));
  const refresh = () => void qc.invalidateQueries({ queryKey: trpc.operator.applications.queryKey() });
  return (
    <section data-testid="operator.applications">
      <h2>{t('oppapp_title')}</h2>
      <TabBar
        tabs={['pending', 'decided'] as const}
        active={view}
        testIdPrefix="operator.applications-tab"
        label={(tab) => t(tab === 'pending' ? 'oppapp_pending' : 'oppapp_decided')}
        onSelect={setView}
      />
      <QueryError error={list.error} />
      {list.data && list.data.applications.length === 0 && <p className="dialog__text">{t('oppapp_empty')}</p>}
      <ul className="plain-list">
        {list.data?.applications.map((a) => (
          <Row key={a.id} a={a} currency={currency} canWrite={canWrite} onChanged={refresh} />
        ))}
      </ul>
    </section>
  );
}
