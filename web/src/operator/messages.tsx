import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TOperatorMessage } from '@wl/schemas/wps/operator-message-calls';
import { Field, InputField } from '../accounts/form-parts.tsx';
import { inputIssuesOf } from '../api/flow-errors.ts';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { SelectField } from '../layout/form-controls.tsx';
import { RecordPager } from '../layout/record-pager.tsx';
import { localDateTime } from '../lib/numbers-later.ts';
import '../styles/money.css';
import '../styles/operator.css';
import { newKey, refusalKey, SectionHead } from './parts.tsx';

const AUDIENCES = ['all', 'member'] as const;
type TAudience = (typeof AUDIENCES)[number];
type TDraft = { audience: TAudience; username: string; titleEn: string; titleBn: string; bodyEn: string; bodyBn: string; sendAt: string };
const EMPTY: TDraft = { audience: 'all', username: '', titleEn: '', titleBn: '', bodyEn: '', bodyBn: '', sendAt: '' };
const PAGE_SIZE = 10;

/** The server's message under the field it named, if it named this one. */
function useIssue(error: unknown) {
  const { t } = useTranslation();
  const issues = inputIssuesOf(error);
  return (field: string) => {
    const issue = issues.find((i) => i.path === field);
    return issue ? <span className="field__error">{t(issue.message)}</span> : null;
  };
}

/** One message as the console lists it: whom, when, both languages' titles, reads, and withdrawing a scheduled one. */
function MessageItem({ m, canWrite, busy, onCancel }: { m: TOperatorMessage; canWrite: boolean; busy: boolean; onCancel: (id: number) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="money__row" data-testid="operator.messages.item" data-id={m.id} data-scheduled={m.scheduled}>
      <strong translate="no">{m.titleEn}</strong>
      <span translate="no">{m.titleBn}</span>
      <span>{m.audience === 'all' ? t('opmsg_to_all') : <span translate="no">{m.username}</span>}</span>
      <span>
        {t(m.scheduled ? 'opmsg_scheduled_for' : 'opmsg_sent_at')} <time dateTime={m.sendAt}>{localDateTime(m.sendAt, i18n.language)}</time>
      </span>
      <span>{t('opmsg_reads', { count: m.reads })}</span>
      <span translate="no">{m.createdBy}</span>
      {canWrite && m.scheduled && (
        <button type="button" className="btn btn--ghost btn--small" disabled={busy} data-testid="operator.messages.cancel" onClick={() => onCancel(m.id)}>
          {t('opmsg_cancel')}
        </button>
      )}
    </li>
  );
}

/**
 * The console's messages (docs/0112): a broadcast to every member or a message to one, in EN and
 * BN, sent now or at a time; the list of what was sent and what waits, a scheduled one withdrawn
 * before its time. config.read sees the list, whitelabel.write (owner, content) sends; both audited
 * by the platform. A chunk of its own with the operator texts.
 */
export default function OperatorMessages({ canWrite }: { canWrite: boolean }) {
  const ready = useAreaTexts('operator', 'records');
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [pageNo, setPageNo] = useState(1);
  const [draft, setDraft] = useState<TDraft>(EMPTY);
  // One key per form: a double submit sends the same key, and the platform keeps one message.
  const [key, setKey] = useState(newKey);
  const list = useQuery(trpc.operator.messages.queryOptions({ pageNo, pageSize: PAGE_SIZE }, { staleTime: 0 }));
  const refresh = () => void qc.invalidateQueries({ queryKey: trpc.operator.messages.queryKey() });
  const send = useMutation(
    trpc.operator.sendMessage.mutationOptions({
      onSuccess: () => {
        setDraft(EMPTY);
        setKey(newKey());
      },
      onSettled: refresh,
    }),
  );
  const cancel = useMutation(trpc.operator.cancelMessage.mutationOptions({ onSettled: refresh }));
  const issue = useIssue(send.error);
  if (!ready) return <span className="spinner" aria-busy="true" />;
  const set = (field: keyof TDraft) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send.mutate({
      audience: draft.audience,
      username: draft.audience === 'member' ? draft.username : null,
      titleEn: draft.titleEn,
      titleBn: draft.titleBn,
      bodyEn: draft.bodyEn,
      bodyBn: draft.bodyBn,
      sendAt: draft.sendAt ? new Date(draft.sendAt).toISOString() : null,
      key,
    });
  };
  const area = (field: 'bodyEn' | 'bodyBn', label: string) => (
    <Field label={label}>
      <textarea
        className="input"
        rows={3}
        maxLength={2000}
        data-testid={`operator.messages.${field}`}
        value={draft[field]}
        onChange={(e) => set(field)(e.target.value)}
      />
      {issue(field)}
    </Field>
  );
  return (
    <section className="operator__section" data-testid="operator.messages">
      <SectionHead title={t('opmsg_title')} testId="operator.messages" refreshText={t('op_refresh')} onRefresh={refresh} />
      {canWrite && (
        <form className="form card" data-testid="operator.messages.form" onSubmit={submit} noValidate>
          <SelectField
            label={t('opmsg_audience')}
            testId="operator.messages.audience"
            value={draft.audience}
            options={AUDIENCES}
            text={(a) => t(`opmsg_audience_${a}`)}
            onChange={(a) => setDraft((d) => ({ ...d, audience: a === 'member' ? 'member' : 'all' }))}
          />
          {draft.audience === 'member' && (
            <InputField label={t('opmsg_username')} testId="operator.messages.username" maxLength={64} value={draft.username} onValue={set('username')}>
              {issue('username')}
            </InputField>
          )}
          <InputField label={t('opmsg_title_en')} testId="operator.messages.titleEn" maxLength={200} value={draft.titleEn} onValue={set('titleEn')}>
            {issue('titleEn')}
          </InputField>
          <InputField label={t('opmsg_title_bn')} testId="operator.messages.titleBn" maxLength={200} value={draft.titleBn} onValue={set('titleBn')}>
            {issue('titleBn')}
          </InputField>
          {area('bodyEn', t('opmsg_body_en'))}
          {area('bodyBn', t('opmsg_body_bn'))}
          <InputField label={t('opmsg_send_at')} type="datetime-local" testId="operator.messages.sendAt" value={draft.sendAt} onValue={set('sendAt')}>
            {issue('sendAt')}
          </InputField>
          {send.error && (
            <p className="form__error" role="alert" data-testid="operator.messages.error">
              {t(refusalKey(send.error))}
            </p>
          )}
          {send.isSuccess && (
            <p className="form__success" role="status" data-testid="operator.messages.sent">
              {t(send.data.scheduled ? 'opmsg_done_scheduled' : 'opmsg_done_sent')}
            </p>
          )}
          <button type="submit" className="btn btn--primary btn--small" data-testid="operator.messages.send" disabled={send.isPending}>
            {t(draft.sendAt ? 'opmsg_schedule' : 'opmsg_send')}
          </button>
        </form>
      )}
      {(list.error ?? cancel.error) && (
        <p className="form__error" role="alert" data-testid="operator.messages.list-error">
          {t(cancel.error ? refusalKey(cancel.error) : errorKey(list.error))}
        </p>
      )}
      {list.isSuccess && list.data.total === 0 && <p className="no-data">{t('opmsg_none')}</p>}
      <ul className="money__list" data-testid="operator.messages.list">
        {list.data?.messages.map((m) => (
          <MessageItem key={m.id} m={m} canWrite={canWrite} busy={cancel.isPending} onCancel={(id) => cancel.mutate({ id })} />
        ))}
      </ul>
      <RecordPager pageNo={pageNo} total={list.data?.total} pageSize={PAGE_SIZE} onPage={setPageNo} testId="operator.messages" />
    </section>
  );
}
