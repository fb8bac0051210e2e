import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TOperatorTicketRule, TTicketRuleSave } from '@wl/schemas';
import { parseAmountInput } from '@wl/schemas/domain/money';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { InputField } from '../accounts/form-parts.tsx';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { localDigits } from '../lib/numbers-later.ts';
import '../styles/money.css';
import '../styles/operator.css';
import { refusalKey, SectionHead } from './parts.tsx';

/** A prize as the form edits it: texts, amounts in major units (cash, bonus) or points, odds in percent. */
type TPrizeDraft = { kind: 'cash' | 'bonus' | 'points'; amount: string; multiple: string; odds: string; stock: string; fallback: boolean };

const toDraft = (r: TOperatorTicketRule): TPrizeDraft[] =>
  // Every position, odds 0 included: a save writes the prizes by position (docs/0120).
  r.prizes.map((p) => ({
    kind: p.kind,
    amount: p.kind === 'points' ? String(p.amount) : (p.amount / 100).toFixed(2),
    multiple: p.turnoverMultiple === null ? '' : String(p.turnoverMultiple),
    odds: (p.oddsBp / 100).toFixed(2),
    stock: p.stock === null ? '' : String(p.stock),
    fallback: p.fallback,
  }));

/** The basis points of a percentage typed with at most two decimals; NaN when it is not one. */
const basisPoints = (text: string) => (/^\d{1,3}(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text.trim()) * 100) : NaN);
const whole = (text: string) => (/^\d{1,8}$/.test(text.trim()) ? Number(text.trim()) : NaN);

function RuleForm({ rule, canWrite, canWriteTexts }: { rule: TOperatorTicketRule; canWrite: boolean; canWriteTexts: boolean }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [titles, setTitles] = useState({ titleEn: rule.titleEn, titleBn: rule.titleBn });
  const [prizes, setPrizes] = useState(() => toDraft(rule));
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const done = {
    onSuccess: () => {
      setError(null);
      setSaved(true);
    },
    onError: (err: unknown) => setError(refusalKey(err)),
    onSettled: () => void qc.invalidateQueries({ queryKey: trpc.operator.ticketRules.queryKey() }),
  };
  const save = useMutation(trpc.operator.saveTicketRule.mutationOptions(done));
  const texts = useMutation(trpc.operator.setTicketTexts.mutationOptions(done));
  const setPrize = (i: number, patch: Partial<TPrizeDraft>) =>
    setPrizes((ps) => ps.map((p, j) => (j === i ? { ...p, ...patch } : patch.fallback ? { ...p, fallback: false } : p)));
  const total = prizes.reduce((a, p) => a + (basisPoints(p.odds) || 0), 0);
  const submit = () => {
    setSaved(false);
    const out: TTicketRuleSave['prizes'] = [];
    for (const p of prizes) {
      const amount = p.kind === 'points' ? whole(p.amount) : parseAmountInput(p.amount);
      const oddsBp = basisPoints(p.odds);
      const multiple = p.kind === 'bonus' ? whole(p.multiple) : null;
      const stock = p.stock.trim() === '' ? null : whole(p.stock);
      if (amount === null || Number.isNaN(amount) || amount <= 0 || Number.isNaN(oddsBp) || Number.isNaN(multiple) || Number.isNaN(stock)) {
        setError('ticket_form_invalid');
        return;
      }
      out.push({ kind: p.kind, amount, turnoverMultiple: multiple, oddsBp, stock, fallback: p.fallback });
    }
    save.mutate({
      id: rule.id,
      kind: rule.kind,
      earn: rule.earn,
      thresholdMinor: rule.thresholdMinor,
      validHours: rule.validHours,
      active: rule.active,
      ...titles,
      prizes: out,
    });
  };
  return (
    <li className="money__row ticket-rule" data-testid="operator.tickets.rule" data-id={rule.id}>
      <strong>{t(`ticket_kind_${rule.kind}`)}</strong> <span>{t(`ticket_earn_${rule.earn}`)}</span>
      <InputField
        label={t('ticket_title_en')}
        testId="operator.tickets.title-en"
        maxLength={80}
        value={titles.titleEn}
        disabled={!canWriteTexts && !canWrite}
        onValue={(v) => setTitles((x) => ({ ...x, titleEn: v }))}
      />
      <InputField
        label={t('ticket_title_bn')}
        testId="operator.tickets.title-bn"
        maxLength={80}
        value={titles.titleBn}
        disabled={!canWriteTexts && !canWrite}
        onValue={(v) => setTitles((x) => ({ ...x, titleBn: v }))}
      />
      <table className="ticket-rule__prizes">
        <caption>{t('ticket_prizes_caption', { total: localDigits((total / 100).toFixed(2), i18n.language) })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('ticket_prize')}</th>
            <th scope="col">{t('ticket_amount')}</th>
            <th scope="col">{t('ticket_chance')}</th>
            <th scope="col">{t('ticket_stock')}</th>
            <th scope="col">{t('ticket_fallback_short')}</th>
          </tr>
        </thead>
        <tbody>
          {prizes.map((p, i) => (
            <tr key={i} data-testid="operator.tickets.prize">
              <td>{t(`ticket_prize_kind_${p.kind}`)}</td>
              <td>
                <input
                  className="input"
                  aria-label={t('ticket_amount')}
                  inputMode="decimal"
                  maxLength={12}
                  value={p.amount}
                  disabled={!canWrite}
                  onChange={(e) => setPrize(i, { amount: e.target.value })}
                />
              </td>
              <td>
                <input
                  className="input"
                  aria-label={t('ticket_chance')}
                  data-testid="operator.tickets.odds"
                  inputMode="decimal"
                  maxLength={6}
                  value={p.odds}
                  disabled={!canWrite}
                  onChange={(e) => setPrize(i, { odds: e.target.value })}
                />
              </td>
              <td>
                <input
                  className="input"
                  aria-label={t('ticket_stock')}
                  inputMode="numeric"
                  maxLength={8}
                  value={p.stock}
                  disabled={!canWrite || p.fallback}
                  onChange={(e) => setPrize(i, { stock: e.target.value })}
                />
              </td>
              <td>
                <input
                  type="radio"
                  name={`fallback-${rule.id}`}
                  aria-label={t('ticket_fallback_short')}
                  checked={p.fallback}
                  disabled={!canWrite}
                  onChange={() => setPrize(i, { fallback: true, stock: '' })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {canWrite && (
        <button type="button" className="btn btn--primary" data-testid="operator.tickets.save" disabled={save.isPending} onClick={submit}>
          {t('ticket_save_rule')}
        </button>
      )}
      {!canWrite && canWriteTexts && (
        <button
          type="button"
          className="btn btn--primary"
          data-testid="operator.tickets.save-texts"
          disabled={texts.isPending}
          onClick={() => texts.mutate({ id: rule.id, ...titles })}
        >
          {t('ticket_save_texts')}
        </button>
      )}
      {error && (
        <p className="form__error" role="alert" data-testid="operator.tickets.error">
          {t(error)}
        </p>
      )}
      {saved && !error && (
        <p className="form__success" role="status" data-testid="operator.tickets.saved">
          {t('ticket_saved')}
        </p>
      )}
    </li>
  );
}

/**
 * Reward ticket rules (docs/0120): every console role reads them; finance (money.write) sets the
 * prizes, their chances (summing to 100 %), stock and the fallback; content (content.write) the
 * titles. The platform checks every value again and audits each change.
 */
export default function OperatorTicketRules({ canWrite, canWriteTexts }: { canWrite: boolean; canWriteTexts: boolean }) {
  const ready = useAreaTexts('promotions', 'money');
  const { t } = useTranslation();
  const trpc = useTRPC();
  const rules = useQuery(trpc.operator.ticketRules.queryOptions(undefined, { staleTime: 0 }));
  if (!ready) return <span className="spinner" aria-busy="true" />;
  return (
    <section className="operator__section" data-testid="operator.tickets">
      <SectionHead title={t('ticket_console_title')} testId="operator.tickets" refreshText={t('op_refresh')} onRefresh={() => void rules.refetch()} />
      {rules.error && (
        <p className="form__error" role="alert">
          {t(errorKey(rules.error))}
        </p>
      )}
      <ul className="money__list">
        {rules.data?.rows.map((r) => (
          <RuleForm key={`${r.id}:${JSON.stringify(r)}`} rule={r} canWrite={canWrite} canWriteTexts={canWriteTexts} />
        ))}
      </ul>
    </section>
  );
}
