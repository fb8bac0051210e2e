import { useTranslation } from 'react-i18next';
import type { TAdjustment, TMoneySettingChange } from '@wl/schemas';
import { formatMinor } from '../lib/numbers.ts';

/** Approve and reject for one queued item (`<testId>.approve.<id>`, `.reject.<id>`). */
function DecideButtons({ testId, id, busy, onDecide }: { testId: string; id: number; busy: boolean; onDecide: (approve: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <span className="operator__filters">
      <button type="button" className="btn btn--primary btn--small" disabled={busy} data-testid={`${testId}.approve.${id}`} onClick={() => onDecide(true)}>
        {t('op_approve')}
      </button>
      <button type="button" className="btn btn--ghost btn--small" disabled={busy} data-testid={`${testId}.reject.${id}`} onClick={() => onDecide(false)}>
        {t('op_reject')}
      </button>
    </span>
  );
}

/** An adjustment in the queue or among the recent ones. */
export function AdjustmentRow({ a, canDecide, onDecide, busy }: { a: TAdjustment; canDecide: boolean; onDecide?: (approve: boolean) => void; busy: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const statusKey = a.status === 'applied' ? 'adjust_status_applied' : `money_status_${a.status}`;
  return (
    <li className="money__row" data-testid="operator.adjustments.item" data-id={a.id}>
      <strong translate="no">{a.username}</strong>
      <span>{formatMinor(a.amountMinor, language)}</span>
      <span className="operator__message-body">{a.reason}</span>
      <span>{t('op_adjust_requested_by', { name: a.requestedBy })}</span>
      <span className={`chip money-status money-status--${a.status}`}>{t(statusKey)}</span>
      {canDecide && onDecide && <DecideButtons testId="operator.adjustments" id={a.id} busy={busy} onDecide={onDecide} />}
    </li>
  );
}

const CHANNEL_FIELD_KEYS: Record<string, string> = {
  minMinor: 'op_settings_channel_min',
  maxMinor: 'op_settings_channel_max',
  quickAmountsMinor: 'op_settings_channel_quick',
  autoSettleSeconds: 'op_settings_channel_auto',
  enabled: 'op_settings_channel_enabled',
};

/** One value of a settings change as the console shows it. */
function settingValue(field: string, v: TMoneySettingChange['items'][number]['before'], t: (k: string) => string, language: string): string {
  if (v === null) return '—';
  if (typeof v === 'boolean') return t(v ? 'op_on' : 'op_off');
  if (Array.isArray(v)) return v.map((x) => formatMinor(x, language)).join(', ');
  return field.endsWith('Minor') ? formatMinor(v, language) : String(v);
}

/** A pending change of the four-eyes limits or channels: a second owner approves or rejects it (docs/0066). */
export function SettingChangeRow({
  c,
  canDecide,
  onDecide,
  busy,
}: {
  c: TMoneySettingChange;
  canDecide: boolean;
  onDecide: (approve: boolean) => void;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <li className="money__row" data-testid="operator.settings-changes.item" data-id={c.id}>
      <strong>{t('op_settings_change_title')}</strong>
      <ul className="operator__message-body">
        {c.items.map((item) => (
          <li key={`${item.channelCode ?? ''}.${item.field}`}>
            {item.channelCode
              ? `${t(`deposit_channel_${item.channelCode}`, { defaultValue: item.channelCode })} · ${t(CHANNEL_FIELD_KEYS[item.field] ?? item.field)}`
              : t(`op_settings_${item.field}`)}
            : {settingValue(item.field, item.before, t, language)} → {settingValue(item.field, item.after, t, language)}
          </li>
        ))}
      </ul>
      <span>{t('op_adjust_requested_by', { name: c.requestedBy })}</span>
      <span className="chip money-status money-status--pending">{t('op_settings_change_waits')}</span>
      {canDecide && <DecideButtons testId="operator.settings-changes" id={c.id} busy={busy} onDecide={onDecide} />}
    </li>
  );
}
