import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTRACT_TIERS_MAX, DIVIDEND_PERIODS, RATE_BP_MAX, type TContractKind, type TContractTerms, type TDividendPeriod } from '@wl/schemas/domain/contracts';
import { parseAmountInput } from '@wl/schemas/domain/money';
import { asciiDigits } from '@wl/schemas/domain/digits';
import { formatMinor } from '../lib/numbers.ts';
import { SelectField } from '../layout/form-controls.tsx';
import { InputField } from '../accounts/form-parts.tsx';

/** A rate in basis points as a percentage with two decimals (40 → "0.40%", "০.৪০%" in BN). */
export function rateText(bp: number, language: string): string {
  return `${formatMinor(bp, language)}%`;
}

/** "0.4" / "0.40" / "12" percent → basis points; null when not a percentage with at most two decimals in 0–100. */
export function parseRate(text: string): number | null {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(asciiDigits(text.trim()));
  if (!m) return null;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bp <= RATE_BP_MAX ? bp : null;
}

/** A threshold in taka: 0 or an amount (two decimals at most). */
export function parseThreshold(text: string): number | null {
  const t = asciiDigits(text.trim());
  if (t === '' || /^0+(?:\.0{1,2})?$/.test(t)) return 0;
  return parseAmountInput(t);
}

/** A contract's terms as a readable list (each tier on its own line). */
export function TermsView({ terms, currency, testId }: { terms: TContractTerms; currency: string; testId?: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = (m: number) => formatMinor(m, language, currency);
  if (terms.kind === 'realtime')
    return (
      <ul className="contract-terms" data-testid={testId}>
        <li>
          {t('contract_profit_rate')}: {rateText(terms.profitRateBp, language)}
        </li>
        <li>
          {t('contract_loss_rate')}: {rateText(terms.lossRateBp, language)}
        </li>
        <li>
          {t('contract_min_single')}: {money(terms.minSingleBetMinor)}
        </li>
      </ul>
    );
  if (terms.kind === 'dividend')
    return (
      <ul className="contract-terms" data-testid={testId}>
        <li>
          {t('contract_period')}: {t(`contract_period_${terms.period}`)}
        </li>
        {terms.tiers.map((tier, i) => (
          <li key={i}>
            {t('contract_dividend_tier_line', {
              bet: money(tier.minValidBetMinor),
              loss: money(tier.minLossMinor),
              active: tier.minActive,
              rate: rateText(tier.rateBp, language),
            })}
          </li>
        ))}
      </ul>
    );
  return (
    <ul className="contract-terms" data-testid={testId}>
      {terms.tiers.map((tier, i) => (
        <li key={i}>
          {t(terms.kind === 'daily' ? 'contract_daily_tier_line' : 'contract_hourly_tier_line', {
            bet: money(tier.minBetMinor),
            rate: rateText(tier.rateBp, language),
          })}
        </li>
      ))}
    </ul>
  );
}

type TTierText = { min: string; loss: string; active: string; rate: string };
const emptyTier: TTierText = { min: '0', loss: '0', active: '1', rate: '' };

/**
 * The offer form's terms: the real-time rates and single bet amount, or a tiers editor (add and
 * remove up to 10 tiers) with the dividend's period. Answers terms, or a message key for what is wrong.
 */
export function useTermsEditor(kind: TContractKind) {
  const [profit, setProfit] = useState('');
  const [loss, setLoss] = useState('');
  const [single, setSingle] = useState('0');
  const [period, setPeriod] = useState<TDividendPeriod>('M');
  const [tiers, setTiers] = useState<TTierText[]>([{ ...emptyTier }]);
  const build = (): { terms: TContractTerms } | { problem: string } => {
    if (kind === 'realtime') {
      const p = parseRate(profit);
      const l = parseRate(loss);
      const s = parseThreshold(single);
      if (p === null || l === null) return { problem: 'contract_rate_invalid' };
      if (s === null) return { problem: 'contract_amount_invalid' };
      return { terms: { kind, profitRateBp: p, lossRateBp: l, minSingleBetMinor: s } };
    }
    const parsed = tiers.map((x) => ({
      min: parseThreshold(x.min),
      loss: parseThreshold(x.loss),
      active: /^\d{1,6}$/.test(x.active.trim()) ? Number(x.active.trim()) : null,
      rate: parseRate(x.rate),
    }));
    if (parsed.some((x) => x.rate === null || x.rate === 0)) return { problem: 'contract_rate_invalid' };
    if (parsed.some((x) => x.min === null || (kind === 'dividend' && (x.loss === null || x.active === null)))) return { problem: 'contract_amount_invalid' };
    if (kind === 'dividend')
      return {
        terms: { kind, period, tiers: parsed.map((x) => ({ minValidBetMinor: x.min!, minLossMinor: x.loss!, minActive: x.active!, rateBp: x.rate! })) },
      };
    return { terms: { kind, tiers: parsed.map((x) => ({ minBetMinor: x.min!, rateBp: x.rate! })) } };
  };
  const reset = () => {
    setProfit('');
    setLoss('');
    setSingle('0');
    setTiers([{ ...emptyTier }]);
  };
  return { kind, profit, setProfit, loss, setLoss, single, setSingle, period, setPeriod, tiers, setTiers, build, reset };
}
export type TTermsEditor = ReturnType<typeof useTermsEditor>;

/** One number of the terms (`contract.<id>`). */
function termsInput(id: string, label: string, inputMode: 'decimal' | 'numeric', maxLength: number, value: string, onValue: (value: string) => void) {
  return <InputField key={id} label={label} inputMode={inputMode} testId={`contract.${id}`} maxLength={maxLength} value={value} onValue={onValue} />;
}

/** The real-time salary's fields: test id, label, length, and the editor's value and setter. */
const REALTIME_FIELDS = [
  ['profit-rate', 'contract_profit_rate_input', 6, 'profit', 'setProfit'],
  ['loss-rate', 'contract_loss_rate_input', 6, 'loss', 'setLoss'],
  ['min-single', 'contract_min_single_input', 20, 'single', 'setSingle'],
] as const;

/** A tier's fields in the order the editor shows them for a kind: the tier's key (also in its test id), label, input mode and length. */
function tierFields(kind: TContractKind): readonly { key: keyof TTierText; label: string; inputMode: 'decimal' | 'numeric'; maxLength: number }[] {
  const min = kind === 'dividend' ? 'contract_tier_min_valid_bet' : kind === 'daily' ? 'contract_tier_min_daily_bet' : 'contract_tier_min_hourly_bet';
  return [
    { key: 'min', label: min, inputMode: 'decimal', maxLength: 20 },
    ...(kind === 'dividend'
      ? ([
          { key: 'loss', label: 'contract_tier_min_loss', inputMode: 'decimal', maxLength: 20 },
          { key: 'active', label: 'contract_tier_min_active', inputMode: 'numeric', maxLength: 6 },
        ] as const)
      : []),
    { key: 'rate', label: 'contract_tier_rate', inputMode: 'decimal', maxLength: 6 },
  ];
}

export function TermsEditor({ editor, onChange }: { editor: TTermsEditor; onChange: () => void }) {
  const { t } = useTranslation();
  const e = editor;
  const set = (fn: (v: string) => void) => (value: string) => {
    fn(value);
    onChange();
  };
  if (e.kind === 'realtime')
    return (
      <div className="money__grid">
        {REALTIME_FIELDS.map(([id, label, maxLength, value, setter]) => termsInput(id, t(label), 'decimal', maxLength, e[value], set(e[setter])))}
      </div>
    );
  const tierSet = (i: number, key: keyof TTierText) => (value: string) => {
    e.setTiers((all) => all.map((x, j) => (j === i ? { ...x, [key]: value } : x)));
    onChange();
  };
  return (
    <>
      {e.kind === 'dividend' && (
        <SelectField
          label={t('contract_period')}
          testId="contract.period"
          value={e.period}
          options={DIVIDEND_PERIODS}
          text={(p) => t(`contract_period_${p}`)}
          onChange={(v) => {
            e.setPeriod(v as TDividendPeriod);
            onChange();
          }}
        />
      )}
      <ol className="contract-tiers" data-testid="contract.tiers">
        {e.tiers.map((tier, i) => (
          <li key={i} className="money__grid contract-tiers__tier">
            {tierFields(e.kind).map((f) =>
              termsInput(`tier-${f.key}-${i}`, t(f.label, { n: i + 1 }), f.inputMode, f.maxLength, tier[f.key], tierSet(i, f.key)),
            )}
            {e.tiers.length > 1 && (
              <button
                type="button"
                className="btn btn--ghost btn--small"
                data-testid={`contract.tier-remove-${i}`}
                onClick={() => {
                  e.setTiers((all) => all.filter((_, j) => j !== i));
                  onChange();
                }}
              >
                {t('contract_tier_remove', { n: i + 1 })}
              </button>
            )}
          </li>
        ))}
      </ol>
      {e.tiers.length < CONTRACT_TIERS_MAX && (
        <button
          type="button"
          className="btn btn--ghost btn--small"
          data-testid="contract.tier-add"
          onClick={() => {
            e.setTiers((all) => [...all, { ...emptyTier }]);
            onChange();
          }}
        >
          {t('contract_tier_add')}
        </button>
      )}
    </>
  );
}
