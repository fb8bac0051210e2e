import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../api/trpc.ts';
import { useScreenConfig } from '../config/screen-config-context.tsx';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { RowList } from '../layout/record-pager.tsx';
import { useSession } from '../session/session-context.tsx';
import { useMoney } from './transfer-parts.tsx';
import { WalletForm } from './transfer-wallet-form.tsx';
import '../styles/money.css';

/** Consolidated funds (docs/rules/money.md#m-14): asked for only when AGENTPOLICY3 is on (the platform checks it too). */
function ConsolidatedFunds({ money }: { money: (minor: number) => string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const funds = useQuery(trpc.transfer.consolidated.queryOptions(undefined, { staleTime: 0 }));
  if (!funds.data) return null;
  const f = funds.data;
  return (
    <section className="card" data-testid="wallet.consolidated">
      <h2>{t('consolidated_title')}</h2>
      <dl className="money__facts">
        <dt>{t('consolidated_total')}</dt>
        <dd data-testid="wallet.consolidated.total">{money(f.totalMinor)}</dd>
        <dt>{t('consolidated_main')}</dt>
        <dd>{money(f.mainMinor)}</dd>
        <dt>{t('consolidated_wallets')}</dt>
        <dd>{money(f.merchantWalletsMinor)}</dd>
        <dt>{t('consolidated_hold')}</dt>
        <dd>{money(f.withdrawalHoldMinor)}</dd>
      </dl>
    </section>
  );
}

/**
 * Wallet transfer (docs/rules/money.md#m-14 transferFund, docs/rules/money.md#m-14 GCS_merchantWallet / GCS_walletTransfer, docs/0030):
 * in single-wallet mode the main wallet only; in multi mode each game wallet with its balance, a
 * transfer either way, and "move everything back" (the flows wallet transfer machine). Consolidated
 * funds below when AGENTPOLICY3 is on.
 */
export default function TransferFundPage() {
  const ready = useAreaTexts('money', 'wallet');
  const { t } = useTranslation();
  const trpc = useTRPC();
  const session = useSession();
  const config = useScreenConfig();
  const wallets = useQuery(trpc.transfer.wallets.queryOptions(undefined, { staleTime: 0 }));
  const money = useMoney();

  if (!ready || wallets.isLoading) return <div className="page-loading" aria-busy="true" data-testid="wallet.loading" />;
  const data = wallets.data;
  const held = data?.wallets.filter((w) => w.balanceMinor > 0) ?? [];
  return (
    <div className="member-content money" data-testid="wallet.page">
      <section className="card">
        <h2>{t('wallet_title')}</h2>
        {data && (
          <dl className="money__facts">
            <dt>{t('wallet_main')}</dt>
            <dd data-testid="wallet.main">{money(data.mainMinor)}</dd>
          </dl>
        )}
        {data?.isSingle && (
          <p className="money__hint" data-testid="wallet.single">
            {t('wallet_single_note')}
          </p>
        )}
        {data && !data.isSingle && <WalletForm data={data} money={money} />}
      </section>
      {data && !data.isSingle && (
        <section className="card">
          <h2>{t('wallet_list')}</h2>
          <RowList testId="wallet.held" empty={held.length === 0 ? t('wallet_none_held') : null}>
            {held.map((w) => (
              <li key={w.code} className="money__row" data-testid={`wallet.held.${w.code}`}>
                <span>{w.name}</span>
                <span>{money(w.balanceMinor)}</span>
              </li>
            ))}
          </RowList>
        </section>
      )}
      {config.flags.AGENTPOLICY3 === true && session.audience !== 'trial' && <ConsolidatedFunds money={money} />}
    </div>
  );
}
