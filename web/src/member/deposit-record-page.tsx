import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../api/trpc.ts';
import { RecordPager, RowList } from '../layout/record-pager.tsx';
import { localDateTime } from '../lib/numbers-later.ts';
import { channelName } from './deposit-parts.tsx';
import { useMoney } from './use-money.ts';

/** Other lists' page size (docs/rules/content.md). */
const PAGE_SIZE = 24;

/**
 * The member's deposit record (/member/depositRecord): every deposit order, newest first, with its
 * amount, channel, reference, status and time, paged. The deposit page keeps only the latest ten.
 */
export default function DepositRecordPage() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const money = useMoney();
  const [pageNo, setPageNo] = useState(1);
  const list = useQuery(trpc.deposit.list.queryOptions({ pageNo, pageSize: PAGE_SIZE }));
  const deposits = list.data?.deposits ?? [];
  return (
    <div className="member-content money" data-testid="deposit-record.page">
      <section className="card">
        <h2>{t('menu_deposit_record')}</h2>
        <RowList testId="deposit-record.list" emptyTestId="deposit-record.empty" empty={list.isSuccess && deposits.length === 0 ? t('deposit_none') : null}>
          {deposits.map((d) => (
            <li key={d.id} className="money__row" data-testid="deposit-record.item" data-reference={d.reference}>
              <span className="money__reference" translate="no" aria-label={t('money_reference')}>
                {d.reference}
              </span>
              <span data-testid="deposit-record.amount">{money(d.amountMinor)}</span>
              <span>{channelName(t, { code: d.channelCode, name: d.channelName })}</span>
              <span className={`chip money-status money-status--${d.status}`} data-testid="deposit-record.status" data-status={d.status}>
                {t(`money_status_${d.status}`)}
              </span>
              <time dateTime={d.createdAt}>{localDateTime(d.createdAt, i18n.language)}</time>
            </li>
          ))}
        </RowList>
        <RecordPager pageNo={pageNo} total={list.data?.total} pageSize={PAGE_SIZE} onPage={setPageNo} testId="deposit-record" />
      </section>
    </div>
  );
}
