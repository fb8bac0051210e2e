import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OPERATOR_AUDIT_ACTIONS } from '@wl/schemas/domain/operator-audit';
import { useTRPC } from '../api/trpc.ts';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { RecordPager } from '../layout/record-pager.tsx';
import { localDateTime } from '../lib/numbers-later.ts';
import '../styles/operator.css';
import { QueryError, SelectField } from '../layout/form-controls.tsx';
import { InputField } from '../accounts/form-parts.tsx';
import { SectionHead, useDraft } from './parts.tsx';

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
  return {
    ...(start && !Number.isNaN(start.getTime()) ? { from: start.toISOString() } : {}),
    ...(end && !Number.isNaN(end.getTime()) ? { to: end.toISOString() } : {}),
  };
}

const AUDIT_PAGE_SIZE = 10;
/** The action filter: '' is any action. */
const ACTION_OPTIONS: readonly string[] = ['', ...AUDIT_ACTIONS];
/** An entry as the log answers it (before and after are absent for a read). */
type TAuditEntry = { id: number; at: string; ip: string; action: string; operatorUsername: string; before?: unknown; after?: unknown };
type TAuditFilters = { actor?: string; action?: string; from?: string; to?: string };

/** Actor, action and dates; applied filters go back to the first page. A range that ends before it starts is refused here. */
function AuditFilters({ onApply }: { onApply: (filters: TAuditFilters) => void }) {
  const { t } = useTranslation();
  const [draft, set] = useDraft({ actor: '', action: '', from: '', to: '' });
  const [badRange, setBadRange] = useState(false);
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const range = auditRange(draft.from, draft.to);
    setBadRange(range === 'bad');
    if (range === 'bad') return;
    onApply({ ...(draft.actor.trim() ? { actor: draft.actor.trim() } : {}), ...(draft.action ? { action: draft.action } : {}), ...range });
  };
  return (
    <>
      <form className="operator__filters" onSubmit={apply} noValidate>
        <InputField label={t('operator_audit_actor')} testId="operator.audit.actor" value={draft.actor} maxLength={200} onValue={set('actor')} />
        <SelectField
          label={t('operator_audit_action')}
          testId="operator.audit.action"
          value={draft.action}
          options={ACTION_OPTIONS}
          text={(a) => t(a ? auditActionKey(a) : 'operator_audit_any')}
          onChange={set('action')}
        />
        <InputField label={t('operator_audit_from')} type="date" testId="operator.audit.from" value={draft.from} onValue={set('from')} />
        <InputField label={t('operator_audit_to')} type="date" testId="operator.audit.to" value={draft.to} onValue={set('to')} />
        <button type="submit" className="btn btn--primary btn--small" data-testid="operator.audit.apply">
          {t('operator_audit_filter')}
        </button>
      </form>
      {badRange && (
        <p className="form__error" role="alert" data-testid="operator.audit.bad-range">
          {t('operator_audit_bad_range')}
        </p>
      )}
    </>
  );
}

/** One change: who, when, from where, before and after. */
function AuditItem({ e }: { e: TAuditEntry }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="operator__message" data-testid="operator.audit.item">
      <div className="operator__message-head">
        <span className="chip" data-testid="operator.audit.item.action">
          {t(auditActionKey(e.action))}
        </span>
        <strong data-testid="operator.audit.item.actor" translate="no">
          {e.operatorUsername}
        </strong>
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
  );
}

/** Every operator change (docs/0010): who, when, from where, before and after; filtered by actor, action and dates, paged. */
export function OperatorAudit() {
  const { t } = useTranslation();
  const ready = useAreaTexts('operatorAudit', 'records');
  const trpc = useTRPC();
  const [filters, setFilters] = useState<TAuditFilters>({});
  const [pageNo, setPageNo] = useState(1);
  const audit = useQuery(trpc.operator.audit.queryOptions({ ...filters, pageNo, pageSize: AUDIT_PAGE_SIZE }, { staleTime: 0 }));
  if (!ready) {
    return (
      <section className="operator__section" data-testid="operator.audit" aria-busy="true">
        <span className="spinner" />
      </section>
    );
  }
  return (
    <section className="operator__section" data-testid="operator.audit">
      <SectionHead title={t('operator_audit')} testId="operator.audit" refreshText={t('operator_outbox_refresh')} onRefresh={() => void audit.refetch()} />
      <AuditFilters
        onApply={(f) => {
          setFilters(f);
          setPageNo(1);
        }}
      />
      <QueryError error={audit.error} />
      {audit.isSuccess && audit.data.entries.length === 0 && <p className="no-data">{t('operator_audit_empty')}</p>}
      <ol className="operator__outbox" tabIndex={0} aria-label={t('operator_audit')}>
        {audit.data?.entries.map((e) => (
          <AuditItem key={e.id} e={e} />
        ))}
      </ol>
      <RecordPager
        pageNo={pageNo}
        total={audit.data?.total}
        pageSize={AUDIT_PAGE_SIZE}
        onPage={setPageNo}
        testId="operator.audit"
        pageTestId="operator.audit.page"
        list={t('operator_audit')}
      />
    </section>
  );
}
