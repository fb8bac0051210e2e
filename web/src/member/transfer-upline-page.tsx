import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Field, SubmitButton } from '../accounts/form-parts.tsx';
import { useTRPC } from '../api/trpc.ts';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { localDateTime } from '../lib/numbers-later.ts';
import { formatMinor } from '../lib/numbers.ts';
import { useSession } from '../session/session-context.tsx';
import { AmountField, FormError, useMoneyForm } from './transfer-parts.tsx';
import '../styles/money.css';
import { useStepUp } from '../accounts/step-up-dialog.tsx';

/**
 * Transfer to the upline (SPEC §2 transferUpline, issue 8 item 5): the member's own agent, shown by
 * nickname; the platform picks the target, so no other account can be named. The header balance
 * follows the transfer.
 */
export default function TransferUplinePage() {
  const ready = useAreaTexts('money', 'wallet');
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const trpc = useTRPC();
  const qc = useQueryClient();
  const session = useSession();
  const overview = useQuery(trpc.transfer.upline.queryOptions(undefined, { staleTime: 0 }));
  const form = useMoneyForm('upline');
  const [remark, setRemark] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const currency = session.balance?.currencySymbol ?? '';
  const money = (minor: number) => formatMinor(minor, language, currency);

  // Money to another account needs a fresh step-up (docs/0068): the dialog asks, then the same transfer (same key) is sent again.
  const stepUp = useStepUp();
  const sendOptions = trpc.transfer.toUpline.mutationOptions({
    onSuccess: (_r, input) => {
      setDone(t('upline_done', { amount: money(input.amountMinor), agent: overview.data?.upline?.nickname ?? '' }));
      form.done();
      setRemark('');
      session.refreshBalance();
      void qc.invalidateQueries({ queryKey: trpc.transfer.upline.queryKey() });
    },
    onError: form.failed,
  });
  const send = useMutation({ ...sendOptions, mutationFn: stepUp.wrap(sendOptions.mutationFn!) });

  if (!ready || overview.isLoading) return <div className="page-loading" aria-busy="true" data-testid="upline.loading" />;
  const data = overview.data;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    const amountMinor = form.parsed();
    if (amountMinor !== null) send.mutate({ amountMinor, key: form.key, remark });
  };

  return (
    <div className="member-content money" data-testid="upline.page">
      <section className="card">
        <h2>{t('upline_title')}</h2>
        {data && !data.upline && <p className="no-data" data-testid="upline.none">{t('upline_none')}</p>}
        {data?.upline && (
          <form className="form" onSubmit={submit} noValidate>
            <dl className="money__facts">
              <dt>{t('upline_to')}</dt>
              <dd data-testid="upline.agent" translate="no">{data.upline.nickname}</dd>
            </dl>
            <p className="money__limits" data-testid="upline.available">
              {t('upline_available', { main: money(data.mainMinor) })}
            </p>
            <AmountField form={form} testId="upline.amount" />
            <Field label={t('upline_remark')}>
              <input className="input" data-testid="upline.remark" maxLength={140} placeholder={t('upline_remark_placeholder')} value={remark} onChange={(e) => { setRemark(e.target.value); form.renew(); }} />
            </Field>
            <FormError form={form} testId="upline.error" />
            <SubmitButton testId="upline.submit" pending={send.isPending}>
              {t('upline_submit')}
            </SubmitButton>
            {done && (
              <p className="money__hint" role="status" data-testid="upline.done">
                {done}
              </p>
            )}
          </form>
        )}
      </section>
      {data?.upline && (
        <section className="card">
          <h2>{t('upline_recent')}</h2>
          {data.recent.length === 0 && <p className="no-data">{t('upline_recent_none')}</p>}
          <ul className="money__list" data-testid="upline.recent">
            {data.recent.map((r) => (
              <li key={r.id} className="money__row" data-testid="upline.recent.item">
                <span>{money(r.amountMinor)}</span>
                <span>{r.remark}</span>
                <time dateTime={r.createdAt}>{localDateTime(r.createdAt, i18n.language)}</time>
              </li>
            ))}
          </ul>
        </section>
      )}
      {stepUp.dialog}
    </div>
  );
}
