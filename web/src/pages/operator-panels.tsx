import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TSecuritySettings } from '@wl/schemas';
import { TabBar } from '../accounts/form-parts.tsx';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { RecordPager } from '../layout/record-pager.tsx';
import { asciiDigits } from '@wl/schemas/domain/digits';
import { OPERATOR_AUDIT_ACTIONS } from '@wl/schemas/domain/operator-audit';
import { localDateTime } from '../lib/numbers-later.ts';
import '../styles/operator.css';

type TChannel = 'all' | 'sms' | 'email';
const CHANNELS: readonly TChannel[] = ['all', 'sms', 'email'];

/** The message outbox (issue 3, docs/0067): to whom, what for, when and whether it went out; newest first, never a code or link. */
export function OperatorOutbox() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const [channel, setChannel] = useState<TChannel>('all');
  const outbox = useQuery(trpc.operator.outbox.queryOptions({ limit: 30, ...(channel === 'all' ? {} : { channel }) }, { staleTime: 0 }));
  const messages = outbox.data?.messages ?? [];
  return (
    <section className="operator__section" data-testid="operator.outbox">
      <div className="operator__head">
        <h2>{t('operator_outbox')}</h2>
        <button type="button" className="btn btn--ghost btn--small" data-testid="operator.outbox.refresh" onClick={() => void outbox.refetch()}>
          {t('operator_outbox_refresh')}
        </button>
      </div>
      <TabBar
        tabs={CHANNELS}
        active={channel}
        testIdPrefix="operator.outbox.channel"
        label={(c) => t(`operator_outbox_${c}`)}
        onSelect={setChannel}
      />
      <p className="dialog__text">{t('operator_outbox_hidden')}</p>
      {outbox.error && <p className="form__error" role="alert">{t(errorKey(outbox.error))}</p>}
      {outbox.isSuccess && messages.length === 0 && <p className="no-data">{t('operator_outbox_empty')}</p>}
      {/* The list scrolls on its own: it takes the keyboard's focus to scroll (axe scrollable-region-focusable). */}
      <ol className="operator__outbox" tabIndex={0} aria-label={t('operator_outbox')}>
        {messages.map((m) => (
          <li key={m.id} className="operator__message" data-testid="operator.outbox.item">
            <div className="operator__message-head">
              <span className="chip">{t(`operator_outbox_${m.channel}`)}</span>
              <span>
                {t('operator_outbox_to')}: <strong translate="no">{m.to}</strong>
              </span>
              <time dateTime={m.createdAt}>{localDateTime(m.createdAt, i18n.language)}</time>
            </div>
            {/* What was sent, what for and whether the provider took it; never its text (codes and links, docs/0067). */}
            <div className="operator__message-subject">
              <span data-testid="operator.outbox.purpose">{t(`operator_outbox_purpose_${m.purpose}`, { defaultValue: m.purpose })}</span>
              {' · '}
              <span data-testid="operator.outbox.status">{t(`operator_outbox_status_${m.status}`)}</span>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

const SECURITY_FIELDS: readonly { key: keyof TSecuritySettings; max: number }[] = [
  { key: 'captchaAfterFailures', max: 100 },
  { key: 'lockAfterFailures', max: 100 },
  { key: 'lockWindowMinutes', max: 1440 },
  { key: 'lockMinutes', max: 1440 },
  { key: 'idleTimeoutMinutes', max: 1440 },
  { key: 'sessionLifetimeHours', max: 2160 },
];

/** Whole number within 1..max, or null: the same bounds the server's schema enforces. */
export function parseThreshold(raw: string, max: number): number | null {
  const text = asciiDigits(raw.trim());
  if (!/^\d{1,4}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= max ? n : null;
}

/** Login security thresholds per merchant (issue 3: captcha and lock after failures, idle timeout). */
export function OperatorSecurity() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const current = useQuery(trpc.operator.security.queryOptions(undefined, { staleTime: 0 }));
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  const save = useMutation(
    trpc.operator.setSecurity.mutationOptions({
      onSuccess: (settings) => qc.setQueryData(trpc.operator.security.queryKey(), settings),
    }),
  );
  useEffect(() => {
    if (current.data) setDraft(Object.fromEntries(SECURITY_FIELDS.map(({ key }) => [key, String(current.data[key])])));
  }, [current.data]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const values: Partial<TSecuritySettings> = {};
    const wrong = new Set<string>();
    for (const { key, max } of SECURITY_FIELDS) {
      const n = parseThreshold(draft[key] ?? '', max);
      if (n === null) wrong.add(key);
      else values[key] = n;
    }
    setInvalid(wrong);
    if (wrong.size === 0) save.mutate(values);
  };

  return (
    <form className="operator__section form" data-testid="operator.security" onSubmit={submit} noValidate>
      <h2>{t('operator_security')}</h2>
      {SECURITY_FIELDS.map(({ key, max }) => (
        <label key={key} className="field">
          <span className="field__label">{t(`operator_security_${key}`)}</span>
          <input
            className="input"
            inputMode="numeric"
            data-testid={`operator.security.${key}`}
            value={draft[key] ?? ''}
            maxLength={4}
            aria-invalid={invalid.has(key)}
            onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
          />
          {invalid.has(key) && (
            <span className="field__error" role="alert" data-testid={`operator.security.error.${key}`}>
              {t('operator_security_range', { min: 1, max })}
            </span>
          )}
        </label>
      ))}
      {(current.error ?? save.error) && <p className="form__error" role="alert">{t(errorKey((current.error ?? save.error)!))}</p>}
      {save.isSuccess && invalid.size === 0 && (
        <p className="form__success" role="status" data-testid="operator.security.saved">
          {t('operator_security_saved')}
        </p>
      )}
      <button type="submit" className="btn btn--primary" data-testid="operator.security.save" disabled={save.isPending || !current.data}>
        {save.isPending ? <span className="spinner" /> : t('operator_security_save')}
      </button>
    </form>
  );
}

/** Actions the audit log knows (platform/src/operator); the filter offers them by name. */
export const AUDIT_ACTIONS = OPERATOR_AUDIT_ACTIONS;

/** The translation key of an audit action (dots are i18next separators, so they become underscores). */
export function auditActionKey(action: string): string {
  return `operator_audit_action_${action.replace(/\./g, '_')}`;
}

/** A yyyy-MM-dd range of the date inputs as ISO instants (local day start and end), or 'bad' when from > to. */
export function auditRange(from: string, to: string): { from?: string; to?: string } | 'bad' {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  const start = day.test(from) ? new Date(`${from}T00:00:00`) : null;
  const end = day.test(to) ? new Date(`${to}T23:59:59.999`) : null;
  if (start && end && start > end) return 'bad';
  return { ...(start && !Number.isNaN(start.getTime()) ? { from: start.toISOString() } : {}), ...(end && !Number.isNaN(end.getTime()) ? { to: end.toISOString() } : {}) };
}

const AUDIT_PAGE_SIZE = 10;

/** Every operator change (issue 6): who, when, from where, before and after; filtered by actor, action and dates, paged. */
export function OperatorAudit() {
  const { t, i18n } = useTranslation();
  const ready = useAreaTexts('operatorAudit', 'records');
  const trpc = useTRPC();
  const [draft, setDraft] = useState({ actor: '', action: '', from: '', to: '' });
  const [filters, setFilters] = useState<{ actor?: string; action?: string; from?: string; to?: string }>({});
  const [pageNo, setPageNo] = useState(1);
  const [badRange, setBadRange] = useState(false);
  const audit = useQuery(trpc.operator.audit.queryOptions({ ...filters, pageNo, pageSize: AUDIT_PAGE_SIZE }, { staleTime: 0 }));

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const range = auditRange(draft.from, draft.to);
    setBadRange(range === 'bad');
    if (range === 'bad') return;
    setFilters({ ...(draft.actor.trim() ? { actor: draft.actor.trim() } : {}), ...(draft.action ? { action: draft.action } : {}), ...range });
    setPageNo(1);
  };
  const set = (key: keyof typeof draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));

  if (!ready) {
    return (
      <section className="operator__section" data-testid="operator.audit" aria-busy="true">
        <span className="spinner" />
      </section>
    );
  }
  return (
    <section className="operator__section" data-testid="operator.audit">
      <div className="operator__head">
        <h2>{t('operator_audit')}</h2>
        <button type="button" className="btn btn--ghost btn--small" data-testid="operator.audit.refresh" onClick={() => void audit.refetch()}>
          {t('operator_outbox_refresh')}
        </button>
      </div>
      <form className="operator__filters" onSubmit={apply} noValidate>
        <label className="field">
          <span className="field__label">{t('operator_audit_actor')}</span>
          <input className="input" data-testid="operator.audit.actor" value={draft.actor} maxLength={200} onChange={set('actor')} />
        </label>
        <label className="field">
          <span className="field__label">{t('operator_audit_action')}</span>
          <select className="input" data-testid="operator.audit.action" value={draft.action} onChange={set('action')}>
            <option value="">{t('operator_audit_any')}</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {t(auditActionKey(a))}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t('operator_audit_from')}</span>
          <input className="input" type="date" data-testid="operator.audit.from" value={draft.from} onChange={set('from')} />
        </label>
        <label className="field">
          <span className="field__label">{t('operator_audit_to')}</span>
          <input className="input" type="date" data-testid="operator.audit.to" value={draft.to} onChange={set('to')} />
        </label>
        <button type="submit" className="btn btn--primary btn--small" data-testid="operator.audit.apply">
          {t('operator_audit_filter')}
        </button>
      </form>
      {badRange && (
        <p className="form__error" role="alert" data-testid="operator.audit.bad-range">
          {t('operator_audit_bad_range')}
        </p>
      )}
      {audit.error && <p className="form__error" role="alert">{t(errorKey(audit.error))}</p>}
      {audit.isSuccess && audit.data.entries.length === 0 && <p className="no-data">{t('operator_audit_empty')}</p>}
      <ol className="operator__outbox" tabIndex={0} aria-label={t('operator_audit')}>
        {audit.data?.entries.map((e) => (
          <li key={e.id} className="operator__message" data-testid="operator.audit.item">
            <div className="operator__message-head">
              <span className="chip" data-testid="operator.audit.item.action">
                {t(auditActionKey(e.action))}
              </span>
              <strong data-testid="operator.audit.item.actor" translate="no">{e.operatorUsername}</strong>
              <span>
                {t('operator_audit_ip')}: <span translate="no">{e.ip}</span>
              </span>
              <time dateTime={e.at}>{localDateTime(e.at, i18n.language)}</time>
            </div>
            <p className="operator__message-body" data-testid="operator.audit.item.change">
              {t('operator_audit_before')}: <code translate="no">{JSON.stringify(e.before)}</code>
              {'\n'}
              {t('operator_audit_after')}: <code translate="no">{JSON.stringify(e.after)}</code>
            </p>
          </li>
        ))}
      </ol>
      <RecordPager pageNo={pageNo} total={audit.data?.total} pageSize={AUDIT_PAGE_SIZE} onPage={setPageNo} testId="operator.audit" pageTestId="operator.audit.page" />
    </section>
  );
}

/** The operator's own authenticator (issue 6): set up, confirm with a code; from then on login asks for a code. */
export function OperatorTotp({ enabled, onEnabled }: { enabled: boolean; onEnabled: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const setup = useMutation(trpc.operator.totpSetup.mutationOptions());
  const enable = useMutation(trpc.operator.totpEnable.mutationOptions({ onSuccess: onEnabled }));
  const confirm = (e: FormEvent) => {
    e.preventDefault();
    const ok = /^[0-9]{6}$/.test(code.trim());
    setInvalid(!ok);
    if (ok) enable.mutate({ code: code.trim() });
  };
  return (
    <section className="operator__section" data-testid="operator.totp">
      <h2>{t('operator_totp')}</h2>
      <p data-testid="operator.totp.status">{t(enabled ? 'operator_totp_on' : 'operator_totp_off')}</p>
      {!enabled && !setup.data && (
        <button type="button" className="btn btn--ghost btn--small" data-testid="operator.totp.start" disabled={setup.isPending} onClick={() => setup.mutate()}>
          {t('operator_totp_start')}
        </button>
      )}
      {!enabled && setup.data && (
        <form className="form" onSubmit={confirm} noValidate>
          <p>{t('operator_totp_secret')}</p>
          <code data-testid="operator.totp.secret">{setup.data.secret}</code>
          <label className="field">
            <span className="field__label">{t('operator_totp_code')}</span>
            <input className="input" inputMode="numeric" data-testid="operator.totp.code" value={code} maxLength={6} autoComplete="one-time-code" onChange={(e) => setCode(e.target.value)} />
            {invalid && (
              <span className="field__error" role="alert">
                {t('operator_totp_code_invalid')}
              </span>
            )}
          </label>
          <button type="submit" className="btn btn--primary btn--small" data-testid="operator.totp.confirm" disabled={enable.isPending}>
            {t('operator_totp_confirm')}
          </button>
        </form>
      )}
      {(setup.error ?? enable.error) && <p className="form__error" role="alert">{t(errorKey((setup.error ?? enable.error)!))}</p>}
    </section>
  );
}
