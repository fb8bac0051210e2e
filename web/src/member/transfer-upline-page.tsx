import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TUplineResponse } from '@wl/schemas/wps/transfer-calls';
import { useTRPC, useTRPCClient } from '../api/trpc.ts';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { localDateTime } from '../lib/numbers-later.ts';
import { AccountTransferForm, useMoney } from './transfer-parts.tsx';
import { RowList } from '../layout/record-pager.tsx';
import '../styles/money.css';
import { useStepUp } from '../accounts/step-up-dialog.tsx';

type TUpline = NonNullable<TUplineResponse['upline']>;

/** The transfer form, on the flows account transfer machine; money to another account needs a fresh step-up (docs/0068). */
function UplineForm({
  upline,
  mainMinor,
  money,
  wrap,
}: {
  upline: TUpline;
  mainMinor: number;
  money: (minor: number) => string;
  wrap: ReturnType<typeof useStepUp>['wrap'];
}) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const qc = useQueryClient();
  return (
    <AccountTransferForm
      prefix="upline"
      testPrefix="upline"
      money={money}
      // The dialog asks, then the same transfer (same key) is sent again.
      call={async (request) => {
        await wrap((r: typeof request) => client.transfer.toUpline.mutate(r))(request);
        void qc.invalidateQueries({ queryKey: trpc.transfer.upline.queryKey() });
      }}
      head={
        <>
          <dl className="money__facts">
            <dt>{t('upline_to')}</dt>
            <dd data-testid="upline.agent" translate="no">
              {upline.nickname}
            </dd>
          </dl>
          <p className="money__limits" data-testid="upline.available">
            {t('upline_available', { main: money(mainMinor) })}
          </p>
        </>
      }
      remarkLabel={t('upline_remark')}
      remarkPlaceholder={t('upline_remark_placeholder')}
      submitLabel={t('upline_submit')}
      done={(amount) => t('upline_done', { amount, agent: upline.nickname })}
    />
  );
}

/**
 * Transfer to the upline (docs/rules/money.md#m-13 transferUpline): the member's own agent, shown by nickname; the
 * platform picks the target, so no other account can be named. The header balance follows the transfer.
 */
export default function TransferUplinePage() {
  const ready = useAreaTexts('money', 'wallet');
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const overview = useQuery(trpc.transfer.upline.queryOptions(undefined, { staleTime: 0 }));
  const money = useMoney();
  const stepUp = useStepUp();

  if (!ready || overview.isLoading) return <div className="page-loading" aria-busy="true" data-testid="upline.loading" />;
  const data = overview.data;
  return (
    <div className="member-content money" data-testid="upline.page">
      <section className="card">
        <h2>{t('upline_title')}</h2>
        {data && !data.upline && (
          <p className="no-data" data-testid="upline.none">
            {t('upline_none')}
          </p>
        )}
        {data?.upline && <UplineForm upline={data.upline} mainMinor={data.mainMinor} money={money} wrap={stepUp.wrap} />}
      </section>
      {data?.upline && (
        <section className="card">
          <h2>{t('upline_recent')}</h2>
          <RowList testId="upline.recent" empty={data.recent.length === 0 ? t('upline_recent_none') : null}>
            {data.recent.map((r) => (
              <li key={r.id} className="money__row" data-testid="upline.recent.item">
                <span>{money(r.amountMinor)}</span>
                <span>{r.remark}</span>
                <time dateTime={r.createdAt}>{localDateTime(r.createdAt, i18n.language)}</time>
              </li>
            ))}
          </RowList>
        </section>
      )}
      {stepUp.dialog}
    </div>
  );
}
