import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Field, SubmitButton } from '../accounts/form-parts.tsx';
import { useTRPC } from '../api/trpc.ts';
import { useScreenConfig } from '../config/screen-config-context.tsx';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { formatMinor } from '../lib/numbers.ts';
import { useSession } from '../session/session-context.tsx';
import { AmountField, FormError, useMoneyForm } from './transfer-parts.tsx';
import '../styles/money.css';

/** Consolidated funds (SPEC §7): asked for only when AGENTPOLICY3 is on (the platform checks it too). */
function ConsolidatedFunds({ money }: { money: (minor: number) => string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const funds = useQuery(trpc.transfer.consolidated.queryOptions(undefined, { staleTime: 0 }));
  if (!funds.data) return null;
  const f = funds.data;
  return (
    <section className="card" data-testid="wallet.consolidated">
      <h2>{t('consolidated_title')}</h2>
      <dl className="money__facts">
        <dt>{t('consolidated_total')}</dt>
        <dd data-testid="wallet.consolidated.total">{money(f.totalMinor)}</dd>
        <dt>{t('consolidated_main')}</dt>
        <dd>{money(f.mainMinor)}</dd>
        <dt>{t('consolidated_wallets')}</dt>
        <dd>{money(f.merchantWalletsMinor)}</dd>
        <dt>{t('consolidated_hold')}</dt>
        <dd>{money(f.withdrawalHoldMinor)}</dd>
      </dl>
    </section>
  );
}

/**
 * Wallet transfer (SPEC §2 transferFund, §7 GCS_merchantWallet / GCS_walletTransfer, issue 8 item 5):
 * in single-wallet mode the main wallet only; in multi mode each game wallet with its balance, a
 * transfer either way, and "move everything back". Consolidated funds below when AGENTPOLICY3 is on.
 */
export default function TransferFundPage() {
  const ready = useAreaTexts('money', 'wallet');
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const trpc = useTRPC();
  const qc = useQueryClient();
  const session = useSession();
  const config = useScreenConfig();
  const wallets = useQuery(trpc.transfer.wallets.queryOptions(undefined, { staleTime: 0 }));
  const form = useMoneyForm('wallet');
  const [direction, setDirection] = useState<'in' | 'out'>('in');
  const [code, setCode] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const currency = session.balance?.currencySymbol ?? '';
  const money = (minor: number) => formatMinor(minor, language, currency);
  const moved = (mainMinor: number) => {
    setDone(t('wallet_done', { main: money(mainMinor) }));
    session.refreshBalance();
    void qc.invalidateQueries({ queryKey: trpc.transfer.wallets.queryKey() });
    void qc.invalidateQueries({ queryKey: trpc.transfer.consolidated.queryKey() });
  };
  const transfer = useMutation(trpc.transfer.wallet.mutationOptions({ onSuccess: (r) => { form.done(); moved(r.mainMinor); }, onError: form.failed }));
  const recall = useMutation(trpc.transfer.recall.mutationOptions({ onSuccess: (r) => moved(r.mainMinor), onError: form.failed }));

  if (!ready || wallets.isLoading) return <div className="page-loading" aria-busy="true" data-testid="wallet.loading" />;
  const data = wallets.data;
  const chosen = code ?? data?.wallets[0]?.code ?? '';
  const held = data?.wallets.filter((w) => w.balanceMinor > 0) ?? [];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    const amountMinor = form.parsed();
    if (amountMinor !== null && chosen) transfer.mutate({ direction, code: chosen, amountMinor, key: form.key });
  };

  return (
    <div className="member-content money" data-testid="wallet.page">
      <section className="card">
        <h2>{t('wallet_title')}</h2>
        {data && (
          <dl className="money__facts">
            <dt>{t('wallet_main')}</dt>
            <dd data-testid="wallet.main">{money(data.mainMinor)}</dd>
          </dl>
        )}
        {data?.isSingle && <p className="money__hint" data-testid="wallet.single">{t('wallet_single_note')}</p>}
        {data && !data.isSingle && (
          <form className="form" onSubmit={submit} noValidate>
            <fieldset className="money__channels">
              <legend className="field__label">{t('wallet_direction')}</legend>
              {(['in', 'out'] as const).map((d) => (
                <label key={d} className={`money__channel${d === direction ? ' is-active' : ''}`} data-testid={`wallet.direction.${d}`}>
                  <input type="radio" name="wallet-direction" value={d} checked={d === direction} onChange={() => { setDirection(d); form.renew(); }} />
                  <span>{t(`wallet_direction_${d}`)}</span>
                </label>
              ))}
            </fieldset>
            <Field label={t('wallet_choose')}>
              <select className="input" data-testid="wallet.code" value={chosen} onChange={(e) => { setCode(e.target.value); form.renew(); }}>
                {data.wallets.map((w) => (
                  <option key={w.code} value={w.code}>
                    {w.name} — {money(w.balanceMinor)}
                  </option>
                ))}
              </select>
            </Field>
            <AmountField form={form} testId="wallet.amount" />
            <FormError form={form} testId="wallet.error" />
            <SubmitButton testId="wallet.submit" pending={transfer.isPending}>
              {t('wallet_submit')}
            </SubmitButton>
            <button type="button" className="btn btn--ghost btn--block" data-testid="wallet.recall" disabled={recall.isPending || held.length === 0} onClick={() => { setDone(null); recall.mutate({ key: form.key }); }}>
              {t('wallet_recall')}
            </button>
            {done && (
              <p className="money__hint" role="status" data-testid="wallet.done">
                {done}
              </p>
            )}
          </form>
        )}
      </section>
      {data && !data.isSingle && (
        <section className="card">
          <h2>{t('wallet_list')}</h2>
          {held.length === 0 && <p className="no-data">{t('wallet_none_held')}</p>}
          <ul className="money__list" data-testid="wallet.held">
            {held.map((w) => (
              <li key={w.code} className="money__row" data-testid={`wallet.held.${w.code}`}>
                <span>{w.name}</span>
                <span>{money(w.balanceMinor)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {config.flags.AGENTPOLICY3 === true && session.audience !== 'trial' && <ConsolidatedFunds money={money} />}
    </div>
  );
}
