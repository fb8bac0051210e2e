import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TabBar } from '../accounts/form-parts.tsx';
import { useTRPC } from '../api/trpc.ts';
import { localDateTime } from '../lib/numbers-later.ts';
import '../styles/operator.css';
import { QueryError } from '../layout/form-controls.tsx';
import { SectionHead } from './parts.tsx';

type TChannel = 'all' | 'sms' | 'email';
const CHANNELS: readonly TChannel[] = ['all', 'sms', 'email'];

/** The message outbox (docs/0067): to whom, what for, when and whether it went out; newest first, never a code or link. */
export function OperatorOutbox() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const [channel, setChannel] = useState<TChannel>('all');
  const outbox = useQuery(trpc.operator.outbox.queryOptions({ limit: 30, ...(channel === 'all' ? {} : { channel }) }, { staleTime: 0 }));
  const messages = outbox.data?.messages ?? [];
  return (
    <section className="operator__section" data-testid="operator.outbox">
      <SectionHead title={t('operator_outbox')} testId="operator.outbox" refreshText={t('operator_outbox_refresh')} onRefresh={() => void outbox.refetch()} />
      <TabBar tabs={CHANNELS} active={channel} testIdPrefix="operator.outbox.channel" label={(c) => t(`operator_outbox_${c}`)} onSelect={setChannel} />
      <p className="dialog__text">{t('operator_outbox_hidden')}</p>
      <QueryError error={outbox.error} />
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
