import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { DEFAULT_BONUS_TERMS, PROMOTION_KINDS, type TPromotionKind, type TPromotionTerms } from '@wl/schemas/domain/promotion-terms/index';
import { GAME_TYPES } from '@wl/schemas/domain/game-types';
import { PROMOTION_CATEGORY_CODES } from '@wl/schemas/domain/promotion-apply';
import type { TOperatorPromotion } from '@wl/schemas/wps/operator-promotion-calls';
import { useTRPC } from '../api/trpc.ts';
import { Field, InputField } from '../accounts/form-parts.tsx';
import { SelectField } from '../layout/form-controls.tsx';
import { refusalKey } from './parts.tsx';
import { termsFields, termsOf, type TTermsField } from './terms-fields.ts';

/** A kind's terms to start from: the foundation's default bonus terms and small amounts (docs/0094). */
export const TERMS_TEMPLATE: Record<TPromotionKind, TPromotionTerms> = {
  info: { kind: 'info' },
  deposit_match: { kind: 'deposit_match', deposit: 'first', percent: 100, capMinor: 500_000, minDepositMinor: 50_000, bonus: DEFAULT_BONUS_TERMS },
  sign_up: { kind: 'sign_up', amountMinor: 10_000, bonus: DEFAULT_BONUS_TERMS },
  manual_apply: { kind: 'manual_apply', maxAmountMinor: 100_000, bonus: DEFAULT_BONUS_TERMS },
  cashback: { kind: 'cashback', percent: 5, periodDays: 7, minPayoutMinor: 1_000, maxPayoutMinor: 1_000_000, autoUpToMinor: 100_000 },
  referral: { kind: 'referral', rewardMinor: 20_000, minDepositMinor: 50_000, turnoverMinor: 100_000, windowDays: 30 },
};

type TDraft = {
  titleEn: string;
  titleBn: string;
  rulesEn: string;
  rulesBn: string;
  category: (typeof PROMOTION_CATEGORY_CODES)[number];
  kind: TPromotionKind;
  terms: TTermsField[];
  startsAt: string;
  endsAt: string;
  budget: string;
  maxRecipients: string;
};

/** A datetime-local value ('2026-11-30T10:00') from an ISO instant, in the operator's time zone. */
const localInput = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const draftOf = (p: TOperatorPromotion | null): TDraft => ({
  titleEn: p?.titleEn ?? '',
  titleBn: p?.titleBn ?? '',
  rulesEn: p?.rulesEn ?? '',
  rulesBn: p?.rulesBn ?? '',
  category: p?.category ?? 'EVENT',
  kind: p?.kind ?? 'manual_apply',
  terms: termsFields(p?.terms ?? TERMS_TEMPLATE.manual_apply),
  startsAt: localInput(p?.startsAt ?? new Date().toISOString()),
  endsAt: p?.endsAt ? localInput(p.endsAt) : '',
  budget: p?.budgetMinor ? String(p.budgetMinor / 100) : '',
  maxRecipients: p?.maxRecipients ? String(p.maxRecipients) : '',
});

/** Creates (promotion null) or edits a promotion: words in EN and BN, category, kind and its terms, schedule, budget, recipients. */
export function PromotionEditor({ promotion, onDone }: { promotion: TOperatorPromotion | null; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [d, setD] = useState<TDraft>(() => draftOf(promotion));
  const set = (key: Exclude<keyof TDraft, 'terms'>) => (value: string) => setD((x) => ({ ...x, [key]: value }));
  const save = useMutation(trpc.operator.savePromotion.mutationOptions({ onSuccess: onDone }));
  const terms = termsOf(d.kind, d.terms);
  const chooseKind = (kind: string) => setD((x) => ({ ...x, kind: kind as TPromotionKind, terms: termsFields(TERMS_TEMPLATE[kind as TPromotionKind]) }));
  const setTerm = (i: number) => (text: string) => setD((x) => ({ ...x, terms: x.terms.map((f, j) => (j === i ? { ...f, text } : f)) }));
  // A game type names itself (its code); every other step of a field's path has its words.
  const termLabel = (path: readonly string[]) => path.map((k) => ((GAME_TYPES as readonly string[]).includes(k) ? k : t(`oppromo_term_${k}`))).join(' · ');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!terms) return;
    save.mutate({
      id: promotion?.id ?? null,
      titleEn: d.titleEn,
      titleBn: d.titleBn,
      rulesEn: d.rulesEn,
      rulesBn: d.rulesBn,
      category: d.category,
      terms,
      startsAt: new Date(d.startsAt).toISOString(),
      endsAt: d.endsAt ? new Date(d.endsAt).toISOString() : null,
      budgetMinor: d.budget.trim() ? Math.round(Number(d.budget) * 100) : null,
      maxRecipients: d.maxRecipients.trim() ? Number(d.maxRecipients) : null,
      sort: promotion?.sort ?? 0,
    });
  };
  const area = (key: 'rulesEn' | 'rulesBn', label: string) => (
    <Field label={label}>
      <textarea
        className="input"
        rows={3}
        maxLength={5000}
        data-testid={`operator.promotion-form.${key}`}
        value={d[key]}
        onChange={(e) => set(key)(e.target.value)}
      />
    </Field>
  );
  return (
    <form className="form card" data-testid="operator.promotion-form" onSubmit={onSubmit} noValidate>
      <InputField label={t('oppromo_title_en')} testId="operator.promotion-form.titleEn" maxLength={120} value={d.titleEn} onValue={set('titleEn')} />
      <InputField label={t('oppromo_title_bn')} testId="operator.promotion-form.titleBn" maxLength={120} value={d.titleBn} onValue={set('titleBn')} />
      {area('rulesEn', t('oppromo_rules_en'))}
      {area('rulesBn', t('oppromo_rules_bn'))}
      <SelectField
        label={t('oppromo_category')}
        testId="operator.promotion-form.category"
        value={d.category}
        options={PROMOTION_CATEGORY_CODES}
        text={(c) => c}
        onChange={set('category')}
      />
      <SelectField
        label={t('oppromo_kind')}
        testId="operator.promotion-form.kind"
        value={d.kind}
        options={PROMOTION_KINDS}
        text={(k) => t(`oppromo_kind_${k}`)}
        onChange={chooseKind}
      />
      <fieldset className="form" data-testid="operator.promotion-form.terms">
        <legend>{t('oppromo_terms_fields')}</legend>
        {d.terms.map((f, i) => (
          <InputField
            key={f.path.join('.')}
            label={termLabel(f.path)}
            testId={`operator.promotion-form.term.${f.path.join('.')}`}
            maxLength={14}
            value={f.text}
            onValue={setTerm(i)}
          />
        ))}
      </fieldset>
      {!terms && <p className="form__error">{t('oppromo_terms_invalid')}</p>}
      <InputField label={t('oppromo_starts')} type="datetime-local" testId="operator.promotion-form.startsAt" value={d.startsAt} onValue={set('startsAt')} />
      <InputField label={t('oppromo_ends')} type="datetime-local" testId="operator.promotion-form.endsAt" value={d.endsAt} onValue={set('endsAt')} />
      <InputField
        label={t('oppromo_budget')}
        inputMode="decimal"
        testId="operator.promotion-form.budget"
        maxLength={14}
        value={d.budget}
        onValue={set('budget')}
      />
      <InputField
        label={t('oppromo_max_recipients')}
        inputMode="numeric"
        testId="operator.promotion-form.maxRecipients"
        maxLength={8}
        value={d.maxRecipients}
        onValue={set('maxRecipients')}
      />
      {save.error && (
        <p className="form__error" role="alert" data-testid="operator.promotion-form.error">
          {t(refusalKey(save.error))}
        </p>
      )}
      <div className="btn-row">
        <button type="submit" className="btn btn--primary btn--small" data-testid="operator.promotion-form.save" disabled={save.isPending || !terms}>
          {t('oppromo_save')}
        </button>
        <button type="button" className="btn btn--ghost btn--small" onClick={onDone}>
          {t('oppromo_cancel')}
        </button>
      </div>
    </form>
  );
}
