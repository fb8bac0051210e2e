import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EMERGENCY_PARTS, type TEmergencyPart } from '@wl/schemas/domain/merchant';
import type { TMemberLookup } from '@wl/schemas/wps/emergency-calls';
import { useTRPC } from '../api/trpc.ts';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { QueryError } from '../layout/form-controls.tsx';
import { formatMinor } from '../lib/numbers.ts';
import { localDateTime } from '../lib/numbers-later.ts';
import '../styles/operator.css';
import '../styles/rewards.css';

const REASON_MAX = 500;

/** One part of the site (all gaming, all money movement): running or stopped, and the owner's stop or lift with a reason. */
function PartSwitch({ part, stop }: { part: TEmergencyPart; stop: { reason: string; by: string; at: string } | undefined }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [reason, setReason] = useState('');
  const set = useMutation(trpc.operator.setEmergency.mutationOptions({ onSuccess: () => void qc.invalidateQueries({ queryKey: trpc.operator.pathKey() }) }));
  const id = `operator.emergency.${part}`;
  return (
    <form
      className="operator__filters"
      aria-labelledby={`${id}.title`}
      noValidate
      data-testid={id}
      data-stopped={stop ? 'true' : 'false'}
      onSubmit={(e) => {
        e.preventDefault();
        set.mutate({ part, stopped: !stop, reason }, { onSuccess: () => setReason('') });
      }}
    >
      <h3 id={`${id}.title`}>{t(`opemg_part_${part}`)}</h3>
      <p data-testid={`${id}.state`}>{stop ? t('opemg_stopped_since', { by: stop.by, at: localDateTime(stop.at, i18n.language) }) : t('opemg_running')}</p>
      {stop && <p className="rewards__note">{stop.reason}</p>}
      <label className="field" htmlFor={`${id}.reason`}>
        <span className="field__label">{t('opemg_reason')}</span>
        <textarea
          id={`${id}.reason`}
          data-testid={`${id}.reason`}
          className="input"
          required
          maxLength={REASON_MAX}
          rows={2}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </label>
      <QueryError error={set.error} testId={`${id}.error`} />
      <button type="submit" className="btn btn--primary btn--small" data-testid={`${id}.toggle`} disabled={set.isPending || reason.trim() === ''}>
        {t(stop ? 'opemg_lift' : 'opemg_stop')}
      </button>
    </form>
  );
}

/** The owner's emergency switch (docs/0122): stop all gaming or all money movement with a reason, and lift it. */
function EmergencySwitch() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const state = useQuery(trpc.operator.emergencyState.queryOptions(undefined, { staleTime: 0 }));
  return (
    <section aria-labelledby="opemg-title">
      <h2 id="opemg-title">{t('opemg_title')}</h2>
      <p>{t('opemg_intro')}</p>
      <QueryError error={state.error} />
      {state.data &&
        EMERGENCY_PARTS.map((part) => (
          <PartSwitch key={`${part}:${state.data.stops.some((s) => s.part === part)}`} part={part} stop={state.data.stops.find((s) => s.part === part)} />
        ))}
    </section>
  );
}

/** Rows of the lookup's records: time, kind, amount. */
function RecordRows({ rows, lang, caption, testId }: { rows: TMemberLookup['transactions']; lang: string; caption: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="table-scroll">
      <table className="rewards__table" data-testid={testId}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('opemg_time')}</th>
            <th scope="col">{t('opemg_kind')}</th>
            <th scope="col">{t('opemg_amount')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={3}>{t('opemg_none')}</td>
            </tr>
          )}
          {rows.map((r) => (
            <tr key={r.id}>
              <td>{localDateTime(r.time, lang)}</td>
              <td translate="no">{r.kind}</td>
              <td>{formatMinor(r.amountMinor, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What support sees of one member: profile, balance, contact (masked per role), records and the audit trail. */
function LookupView({ m }: { m: TMemberLookup }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const c = m.contact;
  return (
    <div data-testid="operator.lookup.result">
      <dl>
        <dt>{t('opemg_username')}</dt>
        <dd translate="no" data-testid="operator.lookup.username">
          {m.username} (#{m.memberId})
        </dd>
        <dt>{t('opemg_joined')}</dt>
        <dd>{localDateTime(m.createdAt, lang)}</dd>
        <dt>{t('opemg_vip')}</dt>
        <dd translate="no">{m.vipLabel}</dd>
        <dt>{t('opemg_balance')}</dt>
        <dd data-testid="operator.lookup.balance">{formatMinor(m.balanceMinor, lang)}</dd>
        <dt>{t('opemg_mobile')}</dt>
        <dd translate="no" data-testid="operator.lookup.mobile">
          {c.mobile ?? '—'}
        </dd>
        <dt>{t('opemg_email')}</dt>
        <dd translate="no" data-testid="operator.lookup.email">
          {c.email ?? '—'}
        </dd>
        <dt>{t('opemg_banks')}</dt>
        <dd translate="no" data-testid="operator.lookup.banks">
          {c.bankAccounts.length === 0 ? '—' : c.bankAccounts.map((b) => `${b.bankName} ${b.accountNumber} (${b.holderName})`).join(', ')}
        </dd>
      </dl>
      {c.masked && (
        <p className="rewards__note" data-testid="operator.lookup.masked">
          {t('opemg_masked')}
        </p>
      )}
      <RecordRows rows={m.transactions} lang={lang} caption={t('opemg_transactions')} testId="operator.lookup.transactions" />
      <RecordRows rows={m.bets} lang={lang} caption={t('opemg_bets')} testId="operator.lookup.bets" />
      <div className="table-scroll">
        <table className="rewards__table" data-testid="operator.lookup.audit">
          <caption>{t('opemg_audit')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('opemg_time')}</th>
              <th scope="col">{t('opemg_who')}</th>
              <th scope="col">{t('opemg_action')}</th>
            </tr>
          </thead>
          <tbody>
            {m.audit.map((a, i) => (
              <tr key={`${a.at}:${i}`}>
                <td>{localDateTime(a.at, lang)}</td>
                <td translate="no">{a.operator}</td>
                <td translate="no">{a.action}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** Support's member lookup (docs/0122): by username, mobile or id; every lookup is audited by the platform. */
function MemberLookup() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState<string | null>(null);
  const found = useQuery({ ...trpc.operator.memberLookup.queryOptions({ q: q ?? '' }, { staleTime: 0, retry: false }), enabled: q !== null });
  return (
    <section aria-labelledby="oplookup-title">
      <h2 id="oplookup-title">{t('opemg_lookup_title')}</h2>
      <form
        className="operator__filters"
        role="search"
        aria-labelledby="oplookup-title"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (typed.trim()) setQ(typed.trim());
        }}
      >
        <label className="field" htmlFor="operator.lookup.q">
          <span className="field__label">{t('opemg_lookup_q')}</span>
          <input
            id="operator.lookup.q"
            data-testid="operator.lookup.q"
            className="input"
            maxLength={64}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </label>
        <button type="submit" className="btn btn--primary btn--small" data-testid="operator.lookup.find">
          {t('opemg_find')}
        </button>
      </form>
      <QueryError error={found.error} testId="operator.lookup.error" />
      {found.data && <LookupView m={found.data} />}
    </section>
  );
}

/**
 * The console's emergency and support panel (docs/0122), a chunk of its own with texts in the
 * console's `operator` area: the owner's emergency switch (emergency.write) and the member lookup
 * (member.lookup). The platform checks each permission; this only hides what it would refuse.
 */
export default function OperatorEmergency({ canSwitch, canLookup }: { canSwitch: boolean; canLookup: boolean }) {
  const ready = useAreaTexts('operator');
  if (!ready) return <span className="spinner" />;
  return (
    <section className="operator__section" data-testid="operator.emergency">
      {canSwitch && <EmergencySwitch />}
      {canLookup && <MemberLookup />}
    </section>
  );
}
