import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_REPLY_MAX, FEEDBACK_STATES, type TFeedbackState } from '@wl/schemas/domain/feedback';
import type { TFeedbackInboxEntry } from '@wl/schemas/wps/feedback-calls';
import { InputField, TabBar } from '../accounts/form-parts.tsx';
import { useTRPC, useTRPCClient } from '../api/trpc.ts';
import { QueryError } from '../layout/form-controls.tsx';
import { RecordPager } from '../layout/record-pager.tsx';
import { localDateTime } from '../lib/numbers-later.ts';
import { AuthorisedImage, refusalKey, SectionHead } from './parts.tsx';
import '../styles/operator.css';

const PAGE_SIZE = 20;

/** One feedback opened (the read is audited, docs/0111): the member's words, images, the thread, and the reply and close actions (feedback.write). */
function Opened({ id, canWrite, onChanged }: { id: number; canWrite: boolean; onChanged: (state: TFeedbackState) => void }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const qc = useQueryClient();
  const item = useQuery(trpc.operator.feedbackItem.queryOptions({ id }, { staleTime: Infinity }));
  const [body, setBody] = useState('');
  const done = (answer: NonNullable<typeof item.data>) => {
    qc.setQueryData(trpc.operator.feedbackItem.queryKey({ id }), answer);
    onChanged(answer.state);
  };
  const reply = useMutation(
    trpc.operator.replyFeedback.mutationOptions({
      onSuccess: (answer) => {
        setBody('');
        done(answer);
      },
    }),
  );
  const close = useMutation(trpc.operator.closeFeedback.mutationOptions({ onSuccess: done }));
  const f = item.data;
  const error = reply.error ?? close.error;
  const trimmed = body.trim();
  const send = (e: FormEvent) => {
    e.preventDefault();
    reply.mutate({ id, body: trimmed });
  };
  if (!f) return <QueryError error={item.error} />;
  return (
    <div className="operator__feedback-open" data-testid={`operator.feedback.${id}.opened`} data-state={f.state}>
      <p className="dialog__text" translate="no" data-testid={`operator.feedback.${id}.content`}>
        {f.content}
      </p>
      {f.images.map((img, i) => (
        <AuthorisedImage
          key={img.imageId}
          load={() => client.operator.feedbackImage.query({ imageId: img.imageId })}
          label={t('opfb_image', { n: i + 1 })}
          testId={`operator.feedback.${id}.image.${i + 1}`}
        />
      ))}
      <ol className="plain-list">
        {f.messages.map((m, i) => (
          <li key={i} data-testid={`operator.feedback.${id}.message`} data-from={m.from}>
            <strong translate="no">{m.from === 'operator' ? m.operator : t('opfb_from_member')}</strong> · {localDateTime(m.at, i18n.language)}
            <p className="dialog__text" translate="no">
              {m.body}
            </p>
          </li>
        ))}
      </ol>
      {f.closedBy && <p>{t('opfb_closed_by', { name: f.closedBy })}</p>}
      {canWrite && f.state !== 'closed' && (
        <form className="form" onSubmit={send} noValidate>
          <label className="field">
            <span className="field__label">{t('opfb_reply')}</span>
            <textarea
              className="input"
              rows={3}
              maxLength={FEEDBACK_REPLY_MAX}
              data-testid={`operator.feedback.${id}.reply`}
              value={body}
              onChange={(e) => setBody(e.target.value)}
            />
          </label>
          <button
            type="submit"
            className="btn btn--primary btn--small"
            data-testid={`operator.feedback.${id}.send`}
            disabled={reply.isPending || trimmed === ''}
          >
            {t('opfb_send')}
          </button>
          <button
            type="button"
            className="btn btn--ghost btn--small"
            data-testid={`operator.feedback.${id}.close`}
            disabled={close.isPending}
            onClick={() => close.mutate({ id })}
          >
            {t('opfb_close')}
          </button>
        </form>
      )}
      {error && (
        <p className="form__error" role="alert" data-testid={`operator.feedback.${id}.error`}>
          {t(refusalKey(error))}
        </p>
      )}
    </div>
  );
}

function Row({ f, canWrite, onChanged }: { f: TFeedbackInboxEntry; canWrite: boolean; onChanged: (state: TFeedbackState) => void }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <li className="card" data-testid={`operator.feedback.${f.id}`} data-state={f.state}>
      <p>
        <strong translate="no">{f.username}</strong> · {t(`opfb_type_${f.questionType}`)} · {localDateTime(f.createdAt, i18n.language)}
        {f.imageCount > 0 && <> · {t('opfb_images', { count: f.imageCount })}</>}
      </p>
      {!open && (
        <p className="dialog__text" translate="no">
          {f.excerpt}
        </p>
      )}
      <button
        type="button"
        className="btn btn--ghost btn--small"
        aria-expanded={open}
        data-testid={`operator.feedback.${f.id}.toggle`}
        onClick={() => setOpen((o) => !o)}
      >
        {t(open ? 'opfb_hide' : 'opfb_open')}
      </button>
      {open && <Opened id={f.id} canWrite={canWrite} onChanged={onChanged} />}
    </li>
  );
}

/** The feedback inbox (docs/0111): by state, optionally one member's; feedback.read to read, feedback.write to reply and close. */
export default function OperatorFeedback({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [state, setState] = useState<TFeedbackState>('open');
  const [typed, setTyped] = useState('');
  const [username, setUsername] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const list = useQuery(trpc.operator.feedbackInbox.queryOptions({ state, pageNo, pageSize: PAGE_SIZE, ...(username ? { username } : {}) }, { staleTime: 0 }));
  const refresh = () => void qc.invalidateQueries({ queryKey: trpc.operator.feedbackInbox.queryKey() });
  // A reply or a close changes the row where it is: the list keeps it under the tab it was found in
  // until the operator refreshes or changes tab, so the thread just answered does not vanish.
  const changed = (id: number, state: TFeedbackState) =>
    qc.setQueriesData<typeof list.data>({ queryKey: trpc.operator.feedbackInbox.queryKey() }, (old) =>
      old ? { ...old, items: old.items.map((x) => (x.id === id ? { ...x, state } : x)) } : old,
    );
  const items = list.data?.items ?? [];
  return (
    <section className="operator__section" data-testid="operator.feedback">
      <SectionHead title={t('opfb_title')} testId="operator.feedback" refreshText={t('opfb_refresh')} onRefresh={refresh} />
      <TabBar
        tabs={FEEDBACK_STATES}
        active={state}
        testIdPrefix="operator.feedback.tab"
        label={(s) => t(`opfb_state_${s}`)}
        onSelect={(s) => {
          setState(s);
          setPageNo(1);
        }}
      />
      <form
        className="operator__filters"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setUsername(typed.trim());
          setPageNo(1);
        }}
      >
        <InputField label={t('opfb_username')} testId="operator.feedback.username" maxLength={64} value={typed} onValue={setTyped} />
        <button type="submit" className="btn btn--ghost btn--small" data-testid="operator.feedback.filter">
          {t('opfb_filter')}
        </button>
      </form>
      <p className="dialog__text">{t('opfb_read_audited')}</p>
      <QueryError error={list.error} />
      {list.isSuccess && items.length === 0 && <p className="no-data">{t('opfb_empty')}</p>}
      <ul className="plain-list">
        {items.map((f) => (
          <Row key={f.id} f={f} canWrite={canWrite} onChanged={(state) => changed(f.id, state)} />
        ))}
      </ul>
      <RecordPager pageNo={pageNo} total={list.data?.total} pageSize={PAGE_SIZE} onPage={setPageNo} testId="operator.feedback" />
    </section>
  );
}
