import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { TDeposit, TDepositChannel } from '@wl/schemas';

/** The channel's name in the page language (brand names have a Bengali spelling), else the server's. */
export function channelName(t: TFunction, c: { code: string; name: string }): string {
  return t(`deposit_channel_${c.code}`, { defaultValue: c.name });
}

function StatusChip({ status }: { status: TDeposit['status'] }) {
  const { t } = useTranslation();
  return (
    <span className={`chip money-status money-status--${status}`} data-testid="deposit.status" data-status={status}>
      {t(`money_status_${status}`)}
    </span>
  );
}

/** The order made on this visit: reference, amount, channel, status, and what happens next while pending. */
export function DepositOrder({ order, channels, money }: { order: TDeposit; channels: TDepositChannel[]; money: (minor: number) => string }) {
  const { t } = useTranslation();
  const name = channelName(t, { code: order.channelCode, name: order.channelName });
  return (
    <section className="card money__order" data-testid="deposit.order" aria-live="polite">
      <h2>{t('deposit_order_title')}</h2>
      <dl className="money__facts">
        <dt>{t('money_reference')}</dt>
        <dd className="money__reference" data-testid="deposit.reference">
          {order.reference}
        </dd>
        <dt>{t('money_amount')}</dt>
        <dd data-testid="deposit.order-amount">{money(order.amountMinor)}</dd>
        <dt>{t('deposit_channel')}</dt>
        <dd>{name}</dd>
      </dl>
      <StatusChip status={order.status} />
      {order.status === 'pending' && (
        <p className="money__hint">
          {channels.find((c) => c.code === order.channelCode)?.autoSettleSeconds != null
            ? t('deposit_order_simulated')
            : t('deposit_order_hint', { channel: name })}
        </p>
      )}
    </section>
  );
}

/** The member's latest deposits. */
export function RecentDeposits({ deposits, loaded, money }: { deposits: TDeposit[]; loaded: boolean; money: (minor: number) => string }) {
  const { t } = useTranslation();
  return (
    <section className="card">
      <h2>{t('deposit_recent')}</h2>
      {loaded && deposits.length === 0 && <p className="no-data">{t('deposit_none')}</p>}
      <ul className="money__list" data-testid="deposit.recent">
        {deposits.map((d) => (
          <li key={d.id} className="money__row" data-testid="deposit.recent.item" data-reference={d.reference}>
            <span className="money__reference">{d.reference}</span>
            <span>{money(d.amountMinor)}</span>
            <span className={`chip money-status money-status--${d.status}`}>{t(`money_status_${d.status}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
