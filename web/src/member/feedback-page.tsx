import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_CONTENT_MIN,
  FEEDBACK_MAX_IMAGES,
  FEEDBACK_REPLY_MAX,
  FEEDBACK_TYPES,
  type TFeedbackType,
} from '@wl/schemas/domain/feedback';
import type { TMemberFeedback } from '@wl/schemas/wps/feedback-calls';
import { FormError } from '../accounts/form-parts.tsx';
import { inputIssuesOf } from '../api/flow-errors.ts';
import { postToUploadDoor } from '../api/upload-door.ts';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { ImagePicker, useImageDrafts } from '../forms/image-drafts.tsx';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { RecordPager, RowList } from '../layout/record-pager.tsx';
import { localDateTime } from '../lib/numbers-later.ts';
import '../styles/money.css';
import '../styles/feedback.css';

/** The gateway's upload door of feedback images (gateway/src/upload/feedback-image.route.ts): no id, the feedback is sent after them. */
const FEEDBACK_IMAGE_UPLOAD_PATH = '/upload/feedback-image';
const PAGE_SIZE = 10;

/** A refusal's message key: the first field the server named (a bound of the content), else the refusal's own. */
const refusal = (err: unknown): string => inputIssuesOf(err)[0]?.message ?? errorKey(err);

/** The send form (docs/0111): a question type, the content with a live counter, up to three images uploaded as they are picked. */
function FeedbackForm({ onSent }: { onSent: () => void }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const [questionType, setQuestionType] = useState<TFeedbackType | ''>('');
  const [content, setContent] = useState('');
  const [sent, setSent] = useState(false);
  const remove = useMutation(trpc.feedback.removeImage.mutationOptions());
  const drafts = useImageDrafts({
    max: FEEDBACK_MAX_IMAGES,
    taken: 0,
    upload: async (file) => (await postToUploadDoor<{ imageId: string }>(FEEDBACK_IMAGE_UPLOAD_PATH, null, null, file, i18n.language)).imageId,
    remove: (imageId) => remove.mutate({ imageId }),
  });
  const submit = useMutation(
    trpc.feedback.submit.mutationOptions({
      onSuccess: () => {
        drafts.clear();
        setContent('');
        setQuestionType('');
        setSent(true);
        onSent();
      },
    }),
  );
  const trimmed = content.trim();
  const fits = trimmed.length >= FEEDBACK_CONTENT_MIN && trimmed.length <= FEEDBACK_CONTENT_MAX;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (questionType === '') return;
    submit.mutate({ questionType, content: trimmed, imageIds: drafts.imageIds });
  };
  return (
    <form className="form feedback__form" onSubmit={onSubmit} noValidate data-testid="feedback.form">
      <label className="field">
        <span className="field__label">{t('fb_type')}</span>
        <select
          className="input"
          data-testid="feedback.type"
          value={questionType}
          onChange={(e) => {
            setQuestionType(e.target.value as TFeedbackType | '');
            setSent(false);
          }}
        >
          <option value="">{t('fb_type_choose')}</option>
          {FEEDBACK_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`fb_type_${type}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">{t('fb_content')}</span>
        <textarea
          className="input feedback__text"
          rows={5}
          data-testid="feedback.content"
          value={content}
          aria-describedby="feedback-count"
          onChange={(e) => {
            setContent(e.target.value);
            setSent(false);
          }}
        />
      </label>
      <p
        id="feedback-count"
        className={`feedback__count${trimmed.length > FEEDBACK_CONTENT_MAX ? ' form__error' : ''}`}
        aria-live="polite"
        data-testid="feedback.count"
      >
        {t('fb_content_count', { count: trimmed.length })}
      </p>
      <ImagePicker drafts={drafts} max={FEEDBACK_MAX_IMAGES} busy={submit.isPending} testIdPrefix="feedback" />
      <FormError testId="feedback.error" message={submit.error && refusal(submit.error)} />
      {sent && (
        <p className="feedback__sent" role="status" data-testid="feedback.sent">
          {t('fb_sent')}
        </p>
      )}
      <button
        type="submit"
        className="btn btn--primary btn--block"
        data-testid="feedback.submit"
        disabled={submit.isPending || drafts.uploading || questionType === '' || !fits}
      >
        {t('fb_send')}
      </button>
    </form>
  );
}

/** The member writes again on its own feedback (not closed): it then waits for an answer again. */
function FollowUp({ id, onSent }: { id: number; onSent: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [body, setBody] = useState('');
  const send = useMutation(
    trpc.feedback.followUp.mutationOptions({
      onSuccess: () => {
        setBody('');
        onSent();
      },
    }),
  );
  const trimmed = body.trim();
  return (
    <form
      className="form feedback__follow-up"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send.mutate({ id, body: trimmed });
      }}
    >
      <label className="field">
        <span className="field__label">{t('fb_follow_up')}</span>
        <textarea
          className="input feedback__text"
          rows={2}
          data-testid={`feedback.item.${id}.follow-up`}
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
      </label>
      <FormError testId={`feedback.item.${id}.follow-up-error`} message={send.error && refusal(send.error)} />
      <button
        type="submit"
        className="btn btn--ghost btn--small"
        data-testid={`feedback.item.${id}.follow-up-send`}
        disabled={send.isPending || trimmed === '' || trimmed.length > FEEDBACK_REPLY_MAX}
      >
        {t('fb_follow_up_send')}
      </button>
    </form>
  );
}

/** One feedback: its type, state and time, the words sent, then the thread (the support team's replies and the member's follow-ups). */
function FeedbackItem({ f, onChanged }: { f: TMemberFeedback; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="feedback__item" data-testid={`feedback.item.${f.id}`} data-state={f.state}>
      <div className="feedback__head">
        <span className="chip">{t(`fb_type_${f.questionType}`)}</span>
        <span className={`feedback__state is-${f.state}`} data-testid={`feedback.item.${f.id}.state`}>
          {t(`fb_state_${f.state}`)}
        </span>
        <time className="money__hint" dateTime={f.createdAt}>
          {localDateTime(f.createdAt, i18n.language)}
        </time>
      </div>
      <p className="feedback__body" translate="no">
        {f.content}
      </p>
      {f.imageCount > 0 && <p className="money__hint">{t('fb_images_count', { count: f.imageCount })}</p>}
      {f.messages.length > 0 && (
        <ol className="feedback__thread" aria-label={t('fb_thread')}>
          {f.messages.map((m, i) => (
            <li key={i} className={`feedback__message is-${m.from}`} data-testid={`feedback.item.${f.id}.message`} data-from={m.from}>
              <span className="feedback__who">{t(m.from === 'operator' ? 'fb_from_support' : 'fb_from_you')}</span>
              <time className="money__hint" dateTime={m.at}>
                {localDateTime(m.at, i18n.language)}
              </time>
              <p className="feedback__body" translate="no">
                {m.body}
              </p>
            </li>
          ))}
        </ol>
      )}
      {f.state === 'replied' && <FollowUp id={f.id} onSent={onChanged} />}
    </li>
  );
}

/**
 * Feedback and complaints (SPEC §1, §3; member centre `feedback`, docs/0111): the form, then the
 * member's own feedback, newest first, with the support team's replies. Trial accounts never reach
 * it (the member centre's guard), and the platform refuses them anyway.
 */
export default function FeedbackPage() {
  const ready = useAreaTexts('site', 'promotions');
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [pageNo, setPageNo] = useState(1);
  const list = useQuery(trpc.feedback.list.queryOptions({ pageNo, pageSize: PAGE_SIZE }, { staleTime: 0 }));
  const refresh = () => void qc.invalidateQueries({ queryKey: trpc.feedback.list.queryKey() });
  if (!ready) return <div className="page-loading" aria-busy="true" data-testid="feedback.loading" />;
  const data = list.data;
  return (
    <div className="member-content money feedback" data-testid="feedback.page">
      <section className="card" aria-labelledby="feedback-title">
        <h2 id="feedback-title">{t('fb_title')}</h2>
        <p className="money__hint">{t('fb_intro')}</p>
        <FeedbackForm onSent={refresh} />
      </section>
      <section className="card" aria-labelledby="feedback-mine" aria-busy={list.isFetching}>
        <h2 id="feedback-mine">{t('fb_mine')}</h2>
        <FormError message={list.error && errorKey(list.error)} />
        <RowList testId="feedback.list" empty={data && data.total === 0 ? t('fb_none') : null} emptyTestId="feedback.empty">
          {data?.items.map((f) => (
            <FeedbackItem key={f.id} f={f} onChanged={refresh} />
          ))}
        </RowList>
        <RecordPager pageNo={pageNo} total={data?.total} pageSize={PAGE_SIZE} onPage={setPageNo} testId="feedback" />
      </section>
    </div>
  );
}
