import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Send } from 'lucide-react';
import type { TChatMessage } from '@wl/schemas/wps/chat-calls';
import { FormError } from '../accounts/form-parts.tsx';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { localDateTime } from '../lib/numbers-later.ts';
import '../styles/money.css';
import '../styles/chat.css';

/** The gateway's chat stream (gateway/src/live/config-streams.ts LIVE_CHAT_PATH, docs/0117). */
const LIVE_CHAT_PATH = '/live/chat';
/** Bounds the platform holds (CHAT_TEXT_MAX); the field stops there too. */
const TEXT_MAX = 300;
/** A page on another gateway instance hears nothing of its sends: read again this often too (ms). */
const REREAD_MS = 30_000;

/** The mute's end of a refusal (`data.upstream.resetAt`), if it carries one. */
function muteEnd(err: unknown): string | null {
  const data = (err as { data?: { upstream?: { resetAt?: string } | null } } | null)?.data;
  return data?.upstream?.resetAt ?? null;
}

/**
 * The chat room (SPEC §2 modal "chat room", §6 only for signed-in members; docs/0117): the lobby's
 * newest messages, older ones page by page, and a line to write. New messages and deletions arrive
 * live: the gateway's chat stream says the room changed and the page reads the newest page again.
 * Text is shown as text, never as HTML. The member centre's page (deep links) and the modal the side
 * menu opens (docs/0121) both show it, under their own heading.
 */
export function ChatRoom() {
  const ready = useAreaTexts('records');
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [older, setOlder] = useState<TChatMessage[]>([]);
  const [more, setMore] = useState<boolean | null>(null);
  const [text, setText] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const latest = useQuery(trpc.chat.history.queryOptions({}, { staleTime: 0, refetchInterval: REREAD_MS }));
  const reread = () => void qc.invalidateQueries({ queryKey: trpc.chat.history.queryKey({}) });
  const send = useMutation(trpc.chat.send.mutationOptions({ onSuccess: () => (setText(''), reread()) }));

  useEffect(() => {
    const source = new EventSource(LIVE_CHAT_PATH);
    source.onmessage = () => void qc.invalidateQueries({ queryKey: trpc.chat.history.queryKey({}) });
    return () => source.close();
  }, [qc, trpc]);

  const newest = latest.data?.messages ?? [];
  const firstId = (older[0] ?? newest[0])?.id;
  const [loadingOlder, setLoadingOlder] = useState(false);
  const loadOlder = async () => {
    if (firstId === undefined) return;
    setLoadingOlder(true);
    try {
      const page = await qc.fetchQuery(trpc.chat.history.queryOptions({ before: firstId, limit: 50 }));
      setOlder((o) => [...page.messages, ...o]);
      setMore(page.more);
    } finally {
      setLoadingOlder(false);
    }
  };

  // Keep the newest line in view as messages arrive.
  const newestId = newest.at(-1)?.id;
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [newestId]);

  if (!ready) return <div className="page-loading" aria-busy="true" data-testid="chat.loading" />;
  const data = latest.data;
  const shownIds = new Set(newest.map((m) => m.id));
  const rows = [...older.filter((m) => !shownIds.has(m.id)), ...newest];
  const hasMore = more ?? data?.more ?? false;
  const mutedUntil = muteEnd(send.error) ?? data?.mutedUntil ?? null;
  const refusal = send.error ? errorKey(send.error) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim() === '' || send.isPending) return;
    send.mutate({ text });
  };

  return (
    <div className="chat" data-testid="chat.room" aria-busy={latest.isFetching}>
      {data && !data.open && (
        <p className="money__hint" role="status" data-testid="chat.closed">
          {t('chat_room_closed')}
        </p>
      )}
      {hasMore && (
        <button type="button" className="btn btn--ghost btn--small" data-testid="chat.older" disabled={loadingOlder} onClick={() => void loadOlder()}>
          {t('chat_older')}
        </button>
      )}
      <ol className="chat__list" ref={list} data-testid="chat.messages" aria-live="polite" tabIndex={0} aria-label={t('chat_title')}>
        {data && rows.length === 0 && <li className="money__hint">{t('chat_empty')}</li>}
        {rows.map((m) => (
          <li key={m.id} className={`chat__line${m.mine ? ' is-mine' : ''}`} data-testid="chat.message" data-id={m.id}>
            <span className="chat__author" translate="no">
              {m.author}
            </span>{' '}
            <time className="chat__time" dateTime={m.at}>
              {localDateTime(m.at, i18n.language)}
            </time>
            <p className="chat__text" translate="no">
              {m.text}
            </p>
          </li>
        ))}
      </ol>
      <FormError message={latest.error ? errorKey(latest.error) : refusal === 'chat_muted' || (!refusal && mutedUntil) ? null : refusal} />
      {mutedUntil && (
        <p className="form-error" role="alert" data-testid="chat.muted">
          {t('chat_muted', { until: localDateTime(mutedUntil, i18n.language) })}
        </p>
      )}
      <form className="chat__form" onSubmit={submit} noValidate>
        <label className="field" htmlFor="chat-text">
          <span className="field__label">{t('chat_write')}</span>
          <input
            id="chat-text"
            className="input"
            data-testid="chat.text"
            maxLength={TEXT_MAX}
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        <button type="submit" className="btn btn--primary" data-testid="chat.send" disabled={send.isPending || text.trim() === ''} aria-busy={send.isPending}>
          <Send size={16} aria-hidden="true" />
          {t('chat_send')}
        </button>
      </form>
    </div>
  );
}

/** The chat room as a member-centre page (`/member?page=chatRoom`, docs/0117). */
export default function ChatPage() {
  const { t } = useTranslation();
  return (
    <div className="member-content money" data-testid="chat.page">
      <section className="card" aria-labelledby="chat-title">
        <h2 id="chat-title">{t('chat_title')}</h2>
        <ChatRoom />
      </section>
    </div>
  );
}
