import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { QueryError } from '../layout/form-controls.tsx';
import { localDateTime } from '../lib/numbers-later.ts';
import '../styles/operator.css';

const REASON_MAX = 500;

/**
 * The console's chat room panel (docs/0117, chat.moderate): the room open or closed, the newest
 * messages (deleted ones marked) each with a delete, a member muted for some minutes, and the mutes
 * in force. Every change needs a reason; the platform audits it.
 */
export default function OperatorChat() {
  const ready = useAreaTexts('operator');
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const room = useQuery(trpc.operator.chatConsole.queryOptions(undefined, { staleTime: 0 }));
  const done = { onSuccess: () => void qc.invalidateQueries({ queryKey: trpc.operator.chatConsole.queryKey() }) };
  const mute = useMutation(trpc.operator.chatMute.mutationOptions(done));
  const remove = useMutation(trpc.operator.chatDelete.mutationOptions(done));
  const setRoom = useMutation(trpc.operator.chatRoom.mutationOptions(done));
  const [reason, setReason] = useState('');
  const [username, setUsername] = useState('');
  const [minutes, setMinutes] = useState('60');
  const error = mute.error ?? remove.error ?? setRoom.error;

  if (!ready) return <span className="spinner" />;
  const data = room.data;
  const submitMute = (e: FormEvent) => {
    e.preventDefault();
    mute.mutate({ username, minutes: Number(minutes), reason });
  };

  return (
    <section className="card operator__panel" aria-labelledby="opchat-title" data-testid="operator.chat">
      <h3 id="opchat-title">{t('opchat_title')}</h3>
      <QueryError error={room.error} />
      <label className="field" htmlFor="operator.chat.reason">
        <span className="field__label">{t('opchat_reason')}</span>
        <textarea
          id="operator.chat.reason"
          data-testid="operator.chat.reason"
          className="input"
          required
          maxLength={REASON_MAX}
          rows={2}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </label>
      {error && (
        <p className="form-error" role="alert" data-testid="operator.chat.error">
          {t(errorKey(error))}
        </p>
      )}
      {data && (
        <p data-testid="operator.chat.state" data-open={data.open}>
          {t(data.open ? 'opchat_open' : 'opchat_closed')}{' '}
          <button
            type="button"
            className="btn btn--ghost btn--small"
            data-testid="operator.chat.toggle"
            disabled={setRoom.isPending}
            onClick={() => setRoom.mutate({ open: !data.open, reason })}
          >
            {t(data.open ? 'opchat_close' : 'opchat_reopen')}
          </button>
        </p>
      )}
      <form className="operator__filters" onSubmit={submitMute} noValidate>
        <label className="field" htmlFor="operator.chat.username">
          <span className="field__label">{t('opchat_username')}</span>
          <input
            id="operator.chat.username"
            data-testid="operator.chat.username"
            className="input"
            maxLength={64}
            autoComplete="off"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        </label>
        <label className="field" htmlFor="operator.chat.minutes">
          <span className="field__label">{t('opchat_minutes')}</span>
          <input
            id="operator.chat.minutes"
            data-testid="operator.chat.minutes"
            className="input"
            inputMode="numeric"
            value={minutes}
            onChange={(e) => setMinutes(e.target.value.replace(/\D/g, '').slice(0, 5))}
          />
        </label>
        <button type="submit" className="btn btn--primary btn--small" data-testid="operator.chat.mute" disabled={mute.isPending}>
          {t('opchat_mute')}
        </button>
      </form>
      <h4>{t('opchat_mutes')}</h4>
      <ul data-testid="operator.chat.mutes">
        {data?.mutes.length === 0 && <li>{t('opchat_none')}</li>}
        {data?.mutes.map((m) => (
          <li key={m.username} data-testid="operator.chat.muted" data-username={m.username}>
            <span translate="no">{m.username}</span> {t('opchat_until', { until: localDateTime(m.until, i18n.language) })}
          </li>
        ))}
      </ul>
      <ol data-testid="operator.chat.messages">
        {data?.messages.map((m) => (
          <li key={m.id} data-testid="operator.chat.message" data-id={m.id}>
            <span translate="no">{m.author}</span>: <span translate="no">{m.text}</span>{' '}
            {m.deletedAt ? (
              <em>{t('opchat_deleted')}</em>
            ) : (
              <button
                type="button"
                className="btn btn--ghost btn--small"
                data-testid="operator.chat.delete"
                disabled={remove.isPending}
                onClick={() => remove.mutate({ messageId: m.id, reason })}
              >
                {t('opchat_delete')}
              </button>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
