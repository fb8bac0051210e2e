import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CheckCheck, Mail, MailOpen } from 'lucide-react';
import { Link } from 'react-router';
import type { TMessage } from '@wl/schemas/wps/message-calls';
import { FormError } from '../accounts/form-parts.tsx';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { useSettings } from '../app/settings-context.tsx';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { RecordPager, RowList } from '../layout/record-pager.tsx';
import { localDateTime } from '../lib/numbers-later.ts';
import '../styles/money.css';

const PAGE_SIZE = 10;

/**
 * docs/rules/content.md#c-3 member centre messageV2: the member's platform messages, newest first, ten a page. Opening
 * an unread one marks it read, and "mark all read" all of them; either refreshes member info, so the
 * header's badge drops. Titles and bodies are shown as the platform stored them (its notices are
 * already "BN · EN"; an operator's message in the page's language, docs/0112), marked translate="no" like other stored data.
 */
export default function MessagesPage() {
  const ready = useAreaTexts('records');
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [pageNo, setPageNo] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  // The operator's messages come in the page's language (docs/0112).
  const { language } = useSettings();
  const list = useQuery(trpc.messages.list.queryOptions({ pageNo, pageSize: PAGE_SIZE, language }, { staleTime: 0 }));
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: trpc.messages.list.queryKey() });
    void qc.invalidateQueries({ queryKey: trpc.member.pathKey() });
  };
  const read = useMutation(trpc.messages.read.mutationOptions({ onSettled: refresh }));
  const readAll = useMutation(trpc.messages.readAll.mutationOptions({ onSettled: refresh }));

  if (!ready) return <div className="page-loading" aria-busy="true" data-testid="messages.loading" />;
  const data = list.data;
  const error = list.error ?? read.error ?? readAll.error;

  const toggle = (m: TMessage) => {
    setOpenId((id) => (id === m.id ? null : m.id));
    if (m.readAt === null && !read.isPending) read.mutate({ id: m.id });
  };

  return (
    <div className="member-content money" data-testid="messages.page">
      <section className="card" aria-busy={list.isFetching}>
        <div className="messages__head">
          <h2>{t('msg_title')}</h2>
          {data && (
            <span className="money__hint" data-testid="messages.unread" data-count={data.unread}>
              {t('msg_unread_count', { count: data.unread })}
            </span>
          )}
        </div>
        {/* docs/0117: the chat room, for signed-in members only like this page; `?page=` keeps it off the first load's route list. */}
        <Link to="/member?page=chatRoom" className="btn btn--ghost btn--small" data-testid="messages.chat-room">
          <Mail size={16} aria-hidden="true" />
          {t('msg_chat_room')}
        </Link>
        <button
          type="button"
          className="btn btn--ghost btn--small messages__all"
          data-testid="messages.read-all"
          disabled={!data || data.unread === 0 || readAll.isPending}
          aria-busy={readAll.isPending}
          onClick={() => readAll.mutate({})}
        >
          <CheckCheck size={16} aria-hidden="true" />
          {t('msg_read_all')}
        </button>
        <FormError message={error && errorKey(error)} />
        <RowList testId="messages.rows" empty={data && data.total === 0 ? t('msg_none') : null} emptyTestId="messages.empty">
          {data?.rows.map((m) => {
            const unread = m.readAt === null;
            const open = openId === m.id;
            return (
              <li
                key={m.id}
                className={`messages__item${unread ? ' is-unread' : ''}`}
                data-testid="messages.row"
                data-id={m.id}
                data-read={unread ? 'false' : 'true'}
              >
                <button
                  type="button"
                  className="messages__toggle"
                  aria-expanded={open}
                  aria-controls={open ? `message-body-${m.id}` : undefined}
                  data-testid="messages.open"
                  onClick={() => toggle(m)}
                >
                  <span className="messages__icon" aria-hidden="true">
                    {unread ? <Mail size={18} /> : <MailOpen size={18} />}
                  </span>
                  <span className="messages__title">
                    {unread && <span className="sr-only">{t('msg_unread')} </span>}
                    <span translate="no" data-testid="messages.title">
                      {m.title}
                    </span>
                  </span>
                  <time className="money__hint" dateTime={m.time}>
                    {localDateTime(m.time, i18n.language)}
                  </time>
                </button>
                {open && (
                  <p className="messages__body" id={`message-body-${m.id}`} translate="no" data-testid="messages.body">
                    {m.body}
                  </p>
                )}
              </li>
            );
          })}
        </RowList>
        <RecordPager pageNo={pageNo} total={data?.total} pageSize={PAGE_SIZE} onPage={setPageNo} testId="messages" />
      </section>
    </div>
  );
}
