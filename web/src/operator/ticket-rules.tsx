import { useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TOperatorRaffle, TOperatorTicketRule, TRaffleSave, TTicketPrizesSave, TTicketRuleSave } from '@wl/schemas';
import { parseAmountInput } from '@wl/schemas/domain/money';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { InputField } from '../accounts/form-parts.tsx';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { formatMinor } from '../lib/numbers.ts';
import { localDateTime, localDigits } from '../lib/numbers-later.ts';
import '../styles/money.css';
import '../styles/operator.css';
import { refusalKey, SectionHead, SelectField, Switch } from './parts.tsx';

/*
 * Reward ticket rules and raffles (docs/0120, docs/0126): every console role reads them; content
 * (content.write) writes a rule — what earns a ticket, validity, titles, switch — and the raffles;
 * finance (money.write) sets a rule's prizes, their chances (summing to 100 %), stock and the
 * fallback, for the terms it is shown. The platform checks every value again and audits each change.
 */

const KINDS = ['golden_egg', 'red_envelope', 'wheel'] as const;
const EARNS = ['login_day', 'deposit', 'turnover'] as const;
const PRIZE_KINDS = ['cash', 'bonus', 'points'] as const;

/** The basis points of a percentage typed with at most two decimals; NaN when it is not one. */
const basisPoints = (text: string) => (/^\d{1,3}(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text.trim()) * 100) : NaN);
const whole = (text: string) => (/^\d{1,8}$/.test(text.trim()) ? Number(text.trim()) : NaN);
/** Taka typed as text to minor units; empty or 0 is 0 (a raffle without a minimum). */
const minorOrZero = (text: string) => (/^\s*0*(\.0*)?\s*$/.test(text) ? 0 : parseAmountInput(text));
const taka = (minor: number) => (minor === 0 ? '' : (minor / 100).toFixed(2));
/** An instant as a datetime-local value in the browser's time, and back. */
const localInput = (at: string | number) => new Date(new Date(at).getTime() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
const DAY_MS = 86_400_000;

/** One form's outcome (a refusal's message or "saved"), kept by the row so a refreshed form does not lose it. */
function useOutcome() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [outcome, setOutcome] = useState<{ error: string | null; saved: boolean }>({ error: null, saved: false });
  return {
    outcome,
    invalid: (key: string) => setOutcome({ error: key, saved: false }),
    handlers: {
      onMutate: () => setOutcome({ error: null, saved: false }),
      onSuccess: () => setOutcome({ error: null, saved: true }),
      onError: (err: unknown) => setOutcome({ error: refusalKey(err), saved: false }),
      onSettled: () => void qc.invalidateQueries({ queryKey: trpc.operator.ticketRules.queryKey() }),
    },
  };
}

function Outcome({ outcome, testId }: { outcome: { error: string | null; saved: boolean }; testId: string }) {
  const { t } = useTranslation();
  if (outcome.error)
    return (
      <p className="form__error" role="alert" data-testid={`${testId}.error`}>
        {t(outcome.error)}
      </p>
    );
  return outcome.saved ? (
    <p className="form__success" role="status" data-testid={`${testId}.saved`}>
      {t('ticket_saved')}
    </p>
  ) : null;
}

/** What earns a rule's tickets, in words: "one per credited deposit of ৳500.00 or more · valid 72 h". */
function earningText(t: TFunction, r: Pick<TOperatorTicketRule, 'earn' | 'thresholdMinor' | 'validHours'>, lang: string) {
  const earns = t(`ticket_earns_${r.earn}`, { amount: formatMinor(r.thresholdMinor, lang, '৳') });
  return `${earns} · ${t('ticket_valid_for', { hours: localDigits(String(r.validHours), lang) })}`;
}

type TTermsDraft = {
  kind: TTicketRuleSave['kind'];
  earn: TTicketRuleSave['earn'];
  threshold: string;
  validHours: string;
  titleEn: string;
  titleBn: string;
  active: boolean;
};

const termsDraftOf = (r: TOperatorTicketRule | null): TTermsDraft =>
  r
    ? {
        kind: r.kind,
        earn: r.earn,
        threshold: taka(r.thresholdMinor),
        validHours: String(r.validHours),
        titleEn: r.titleEn,
        titleBn: r.titleBn,
        active: r.active,
      }
    : { kind: 'red_envelope', earn: 'login_day', threshold: '', validHours: '24', titleEn: '', titleBn: '', active: true };

/** Content's form of a rule, for a new one (`rule` null) or to change one. */
function RuleTermsForm({ rule, testId, onSaved }: { rule: TOperatorTicketRule | null; testId: string; onSaved?: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const { outcome, invalid, handlers } = useOutcome();
  const [d, setD] = useState(() => termsDraftOf(rule));
  const set =
    <K extends keyof TTermsDraft>(k: K) =>
    (v: TTermsDraft[K]) =>
      setD((x) => ({ ...x, [k]: v }));
  const save = useMutation(
    trpc.operator.saveTicketRule.mutationOptions({
      ...handlers,
      onSuccess: () => {
        handlers.onSuccess();
        if (!rule) setD(termsDraftOf(null));
        onSaved?.();
      },
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const threshold = d.earn === 'login_day' ? 0 : parseAmountInput(d.threshold);
    const validHours = whole(d.validHours);
    if (threshold === null || Number.isNaN(validHours) || !d.titleEn.trim() || !d.titleBn.trim()) return invalid('ticket_rule_form_invalid');
    save.mutate({
      ...(rule ? { id: rule.id } : {}),
      kind: d.kind,
      earn: d.earn,
      thresholdMinor: threshold,
      validHours,
      titleEn: d.titleEn,
      titleBn: d.titleBn,
      active: d.active,
    });
  };
  return (
    <form className="form ticket-form" onSubmit={submit} noValidate data-testid={testId}>
      <SelectField
        label={t('ticket_console_kind')}
        testId={`${testId}.kind`}
        value={d.kind}
        options={KINDS.map((k) => [k, t(`ticket_kind_${k}`)])}
        onValue={set('kind')}
      />
      <SelectField
        label={t('ticket_console_earn')}
        testId={`${testId}.earn`}
        value={d.earn}
        options={EARNS.map((k) => [k, t(`ticket_earn_${k}`)])}
        onValue={set('earn')}
      />
      {d.earn !== 'login_day' && (
        <InputField
          label={t(d.earn === 'deposit' ? 'ticket_console_least_deposit' : 'ticket_console_turnover_step')}
          testId={`${testId}.threshold`}
          inputMode="decimal"
          maxLength={12}
          value={d.threshold}
          onValue={set('threshold')}
        />
      )}
      <InputField
        label={t('ticket_console_valid_hours')}
        testId={`${testId}.hours`}
        inputMode="numeric"
        maxLength={3}
        value={d.validHours}
        onValue={set('validHours')}
      />
      <InputField label={t('ticket_title_en')} testId={`${testId}.title-en`} maxLength={80} value={d.titleEn} onValue={set('titleEn')} />
      <InputField label={t('ticket_title_bn')} testId={`${testId}.title-bn`} maxLength={80} value={d.titleBn} onValue={set('titleBn')} />
      <Switch testId={`${testId}.active`} label={t('ticket_console_running')} checked={d.active} onChange={set('active')} />
      <button type="submit" className="btn btn--primary" data-testid={`${testId}.submit`} disabled={save.isPending}>
        {t(rule ? 'ticket_save_rule' : 'ticket_console_create')}
      </button>
      <Outcome outcome={outcome} testId={testId} />
    </form>
  );
}

/** A prize as the form edits it: amounts in taka (cash, bonus) or points, odds in percent; `saved` rows keep their kind. */
type TPrizeDraft = { kind: (typeof PRIZE_KINDS)[number]; amount: string; multiple: string; odds: string; stock: string; fallback: boolean; saved: boolean };

const prizeDraftsOf = (r: TOperatorTicketRule): TPrizeDraft[] =>
  // Every position, odds 0 included: the prizes are written by position (docs/0120).
  r.prizes.map((p) => ({
    kind: p.kind,
    amount: p.kind === 'points' ? String(p.amount) : (p.amount / 100).toFixed(2),
    multiple: p.turnoverMultiple === null ? '5' : String(p.turnoverMultiple),
    odds: (p.oddsBp / 100).toFixed(2),
    stock: p.stock === null ? '' : String(p.stock),
    fallback: p.fallback,
    saved: true,
  }));

/** The prizes as the platform takes them, or null when a value is not one. */
function prizesOf(drafts: readonly TPrizeDraft[]): TTicketPrizesSave['prizes'] | null {
  const out: TTicketPrizesSave['prizes'] = [];
  for (const p of drafts) {
    const amount = p.kind === 'points' ? whole(p.amount) : parseAmountInput(p.amount);
    const oddsBp = basisPoints(p.odds);
    const multiple = p.kind === 'bonus' ? whole(p.multiple) : null;
    const stock = p.stock.trim() === '' ? null : whole(p.stock);
    if (amount === null || Number.isNaN(amount) || amount <= 0 || Number.isNaN(oddsBp) || Number.isNaN(multiple) || Number.isNaN(stock)) return null;
    out.push({ kind: p.kind, amount, turnoverMultiple: multiple, oddsBp, stock, fallback: p.fallback });
  }
  return out;
}

/** Finance's form of a rule's prizes, for the terms version it shows (a change by content meanwhile is refused). */
function PrizesForm({ rule, onOutcome }: { rule: TOperatorTicketRule; onOutcome: ReturnType<typeof useOutcome> }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const [prizes, setPrizes] = useState(() => prizeDraftsOf(rule));
  const save = useMutation(trpc.operator.setTicketPrizes.mutationOptions(onOutcome.handlers));
  const setPrize = (i: number, patch: Partial<TPrizeDraft>) =>
    setPrizes((ps) => ps.map((p, j) => (j === i ? { ...p, ...patch } : patch.fallback ? { ...p, fallback: false } : p)));
  const add = () =>
    setPrizes((ps) => [
      ...ps,
      { kind: 'cash', amount: '', multiple: '5', odds: ps.length === 0 ? '100' : '0', stock: '', fallback: ps.length === 0, saved: false },
    ]);
  const total = prizes.reduce((a, p) => a + (basisPoints(p.odds) || 0), 0);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const out = prizesOf(prizes);
    if (!out || out.length === 0) return onOutcome.invalid('ticket_form_invalid');
    save.mutate({ id: rule.id, termsVersion: rule.termsVersion, prizes: out });
  };
  return (
    <form className="form ticket-form" onSubmit={submit} noValidate data-testid="operator.tickets.prizes">
      <p aria-live="polite" data-testid="operator.tickets.total">
        {t('ticket_prizes_caption', { total: localDigits((total / 100).toFixed(2), i18n.language) })}
      </p>
      {prizes.map((p, i) => (
        <fieldset key={i} className="ticket-prize" data-testid="operator.tickets.prize">
          <legend>{t('ticket_console_prize_n', { n: localDigits(String(i + 1), i18n.language) })}</legend>
          {p.saved ? (
            <span className="ticket-prize__kind">{t(`ticket_prize_kind_${p.kind}`)}</span>
          ) : (
            <SelectField
              label={t('ticket_prize')}
              testId="operator.tickets.prize-kind"
              value={p.kind}
              options={PRIZE_KINDS.map((k) => [k, t(`ticket_prize_kind_${k}`)])}
              onValue={(kind) => setPrize(i, { kind })}
            />
          )}
          <InputField
            label={t(p.kind === 'points' ? 'ticket_console_points' : 'ticket_amount')}
            testId="operator.tickets.amount"
            inputMode="decimal"
            maxLength={12}
            value={p.amount}
            onValue={(amount) => setPrize(i, { amount })}
          />
          {p.kind === 'bonus' && (
            <InputField
              label={t('reward_code_multiple')}
              testId="operator.tickets.multiple"
              inputMode="numeric"
              maxLength={2}
              value={p.multiple}
              onValue={(multiple) => setPrize(i, { multiple })}
            />
          )}
          <InputField
            label={t('ticket_console_chance')}
            testId="operator.tickets.odds"
            inputMode="decimal"
            maxLength={6}
            value={p.odds}
            onValue={(odds) => setPrize(i, { odds })}
          />
          <InputField
            label={t('ticket_stock')}
            testId="operator.tickets.stock"
            inputMode="numeric"
            maxLength={8}
            value={p.stock}
            disabled={p.fallback}
            onValue={(stock) => setPrize(i, { stock })}
          />
          <label className="ticket-prize__fallback">
            <input
              type="radio"
              name={`fallback-${rule.id}`}
              data-testid="operator.tickets.fallback"
              checked={p.fallback}
              onChange={() => setPrize(i, { fallback: true, stock: '' })}
            />
            {t('ticket_fallback_short')}
          </label>
          {!p.saved && (
            <button type="button" className="btn btn--ghost btn--small" onClick={() => setPrizes((ps) => ps.filter((_, j) => j !== i))}>
              {t('ticket_console_remove_prize')}
            </button>
          )}
        </fieldset>
      ))}
      {prizes.length < 20 && (
        <button type="button" className="btn" data-testid="operator.tickets.add-prize" onClick={add}>
          {t('ticket_console_add_prize')}
        </button>
      )}
      <button type="submit" className="btn btn--primary" data-testid="operator.tickets.save" disabled={save.isPending}>
        {t('ticket_console_save_prizes')}
      </button>
    </form>
  );
}

/** A disclosure for content's edit forms: the button shows and hides them. */
function Editor({ label, testId, children }: { label: string; testId: string; children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn--small" aria-expanded={open} data-testid={testId} onClick={() => setOpen((o) => !o)}>
        {label}
      </button>
      {open && children(() => setOpen(false))}
    </>
  );
}

function RuleRow({ rule, canContent, canMoney }: { rule: TOperatorTicketRule; canContent: boolean; canMoney: boolean }) {
  const { t, i18n } = useTranslation();
  const bn = i18n.language.startsWith('bn');
  const prizes = useOutcome();
  return (
    <li className="money__row ticket-rule" data-testid="operator.tickets.rule" data-id={rule.id} data-priced={rule.priced}>
      <strong>{bn ? rule.titleBn : rule.titleEn}</strong>
      <span>{t(`ticket_kind_${rule.kind}`)}</span>
      <span>{earningText(t, rule, i18n.language)}</span>
      <span>{t(rule.active ? 'mission_console_on' : 'mission_console_off')}</span>
      <span className={rule.priced ? undefined : 'form__error'} data-testid="operator.tickets.state">
        {t(rule.priced ? 'ticket_console_priced' : 'ticket_console_unpriced')}
      </span>
      {canContent && (
        <Editor label={t('ticket_console_edit')} testId="operator.tickets.edit">
          {(close) => <RuleTermsForm rule={rule} testId="operator.tickets.terms" onSaved={close} />}
        </Editor>
      )}
      {canMoney && <PrizesForm key={`${rule.termsVersion}:${JSON.stringify(rule.prizes)}`} rule={rule} onOutcome={prizes} />}
      {canMoney && <Outcome outcome={prizes.outcome} testId="operator.tickets.prizes" />}
      {!canMoney && rule.prizes.length > 0 && (
        <span>
          {rule.prizes
            .filter((p) => p.oddsBp > 0)
            .map((p) => `${t(`ticket_prize_kind_${p.kind}`)} ${localDigits((p.oddsBp / 100).toFixed(2), i18n.language)}%`)
            .join(' · ')}
        </span>
      )}
    </li>
  );
}

type TRaffleDraft = { ruleId: string; titleEn: string; titleBn: string; minDeposit: string; startsAt: string; endsAt: string };

const raffleDraftOf = (r: TOperatorRaffle | null, rules: readonly TOperatorTicketRule[]): TRaffleDraft =>
  r
    ? {
        ruleId: String(r.ruleId),
        titleEn: r.titleEn,
        titleBn: r.titleBn,
        minDeposit: taka(r.minDepositMinor),
        startsAt: localInput(r.startsAt),
        endsAt: localInput(r.endsAt),
      }
    : {
        ruleId: String(rules[0]?.id ?? ''),
        titleEn: '',
        titleBn: '',
        minDeposit: '',
        startsAt: localInput(Date.now()),
        endsAt: localInput(Date.now() + 7 * DAY_MS),
      };

/** Content's form of a raffle, new (`raffle` null) or to change one. */
function RaffleForm({
  raffle,
  rules,
  testId,
  onSaved,
}: {
  raffle: TOperatorRaffle | null;
  rules: readonly TOperatorTicketRule[];
  testId: string;
  onSaved?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const bn = i18n.language.startsWith('bn');
  const trpc = useTRPC();
  const { outcome, invalid, handlers } = useOutcome();
  const [d, setD] = useState(() => raffleDraftOf(raffle, rules));
  const set = (k: keyof TRaffleDraft) => (v: string) => setD((x) => ({ ...x, [k]: v }));
  const save = useMutation(
    trpc.operator.saveRaffle.mutationOptions({
      ...handlers,
      onSuccess: () => {
        handlers.onSuccess();
        if (!raffle) setD(raffleDraftOf(null, rules));
        onSaved?.();
      },
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const minDepositMinor = minorOrZero(d.minDeposit);
    const starts = new Date(d.startsAt);
    const ends = new Date(d.endsAt);
    if (minDepositMinor === null || !d.ruleId || Number.isNaN(starts.getTime()) || !(ends > starts) || !d.titleEn.trim() || !d.titleBn.trim())
      return invalid('raffle_form_invalid');
    const input: TRaffleSave = {
      ...(raffle ? { id: raffle.id } : {}),
      ruleId: Number(d.ruleId),
      titleEn: d.titleEn,
      titleBn: d.titleBn,
      minDepositMinor,
      startsAt: starts.toISOString(),
      endsAt: ends.toISOString(),
    };
    save.mutate(input);
  };
  return (
    <form className="form ticket-form" onSubmit={submit} noValidate data-testid={testId}>
      <SelectField
        label={t('raffle_console_rule')}
        testId={`${testId}.rule`}
        value={d.ruleId}
        options={rules.map((r) => [String(r.id), bn ? r.titleBn : r.titleEn])}
        onValue={set('ruleId')}
      />
      <InputField label={t('ticket_title_en')} testId={`${testId}.title-en`} maxLength={80} value={d.titleEn} onValue={set('titleEn')} />
      <InputField label={t('ticket_title_bn')} testId={`${testId}.title-bn`} maxLength={80} value={d.titleBn} onValue={set('titleBn')} />
      <InputField
        label={t('raffle_console_min_deposit')}
        testId={`${testId}.min-deposit`}
        inputMode="decimal"
        maxLength={12}
        value={d.minDeposit}
        onValue={set('minDeposit')}
      />
      <InputField label={t('raffle_console_starts')} type="datetime-local" testId={`${testId}.starts`} value={d.startsAt} onValue={set('startsAt')} />
      <InputField label={t('raffle_console_ends')} type="datetime-local" testId={`${testId}.ends`} value={d.endsAt} onValue={set('endsAt')} />
      <button type="submit" className="btn btn--primary" data-testid={`${testId}.submit`} disabled={save.isPending || rules.length === 0}>
        {t(raffle ? 'raffle_console_save' : 'ticket_console_create')}
      </button>
      <Outcome outcome={outcome} testId={testId} />
    </form>
  );
}

function RaffleRow({ raffle, rules, canContent }: { raffle: TOperatorRaffle; rules: readonly TOperatorTicketRule[]; canContent: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const bn = lang.startsWith('bn');
  const rule = rules.find((r) => r.id === raffle.ruleId);
  return (
    <li className="money__row" data-testid="operator.raffles.item" data-id={raffle.id}>
      <strong>{bn ? raffle.titleBn : raffle.titleEn}</strong>
      {rule && <span>{bn ? rule.titleBn : rule.titleEn}</span>}
      <span>
        <time dateTime={raffle.startsAt}>{localDateTime(raffle.startsAt, lang)}</time> –{' '}
        <time dateTime={raffle.endsAt}>{localDateTime(raffle.endsAt, lang)}</time>
      </span>
      <span>{t('raffle_console_needs', { amount: formatMinor(raffle.minDepositMinor, lang, '৳') })}</span>
      <span>{t('raffle_console_entries', { n: localDigits(String(raffle.entries), lang) })}</span>
      {canContent && (
        <Editor label={t('ticket_console_edit')} testId="operator.raffles.edit">
          {(close) => <RaffleForm raffle={raffle} rules={rules} testId="operator.raffles.change" onSaved={close} />}
        </Editor>
      )}
    </li>
  );
}

/** The console's panel: rules (content's form to create one, each rule's edit and prizes) and raffles. */
export default function OperatorTicketRules({ canContent, canMoney }: { canContent: boolean; canMoney: boolean }) {
  const ready = useAreaTexts('promotions', 'money');
  const { t } = useTranslation();
  const trpc = useTRPC();
  const list = useQuery(trpc.operator.ticketRules.queryOptions(undefined, { staleTime: 0 }));
  if (!ready) return <span className="spinner" aria-busy="true" />;
  const rules = list.data?.rows ?? [];
  return (
    <section className="operator__section" data-testid="operator.tickets">
      <SectionHead title={t('ticket_console_title')} testId="operator.tickets" refreshText={t('op_refresh')} onRefresh={() => void list.refetch()} />
      <p>{t('ticket_console_how')}</p>
      {list.error && (
        <p className="form__error" role="alert">
          {t(errorKey(list.error))}
        </p>
      )}
      {canContent && (
        <details className="ticket-new">
          <summary data-testid="operator.tickets.new-open">{t('ticket_console_new')}</summary>
          <RuleTermsForm rule={null} testId="operator.tickets.new" />
        </details>
      )}
      <ul className="money__list">
        {rules.map((r) => (
          <RuleRow key={r.id} rule={r} canContent={canContent} canMoney={canMoney} />
        ))}
      </ul>
      <h3>{t('raffle_title')}</h3>
      {canContent && rules.length > 0 && (
        <details className="ticket-new">
          <summary data-testid="operator.raffles.new-open">{t('raffle_console_new')}</summary>
          <RaffleForm raffle={null} rules={rules} testId="operator.raffles.new" />
        </details>
      )}
      {list.isSuccess && list.data.raffles.length === 0 && <p className="no-data">{t('raffle_console_none')}</p>}
      <ul className="money__list">
        {(list.data?.raffles ?? []).map((r) => (
          <RaffleRow key={r.id} raffle={r} rules={rules} canContent={canContent} />
        ))}
      </ul>
    </section>
  );
}
