import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TScreenConfig } from '@wl/schemas';
import { useTRPC } from '../api/trpc.ts';
import { Icon } from '../layout/icons.tsx';
import { openCustomerService } from '../layout/menu-actions.ts';

/** docs/rules/reach.md#r-10 maintenance page: title, info text, customer service button. */
export function MaintenancePage({ config }: { config: TScreenConfig }) {
  const { t } = useTranslation();
  return (
    <main className="status-page" data-testid="maintenance.page">
      <div className="status-page__card">
        <div className="status-page__icon" aria-hidden="true">
          <Icon name="maintenance" size={48} />
        </div>
        <h1>{t('maintenance_title')}</h1>
        <p>{t('maintenance_info')}</p>
        <button
          type="button"
          className="btn btn--primary"
          data-testid="maintenance.service"
          onClick={() => openCustomerService(config)}
          disabled={!config.links.customerService}
        >
          {t('customer_service')}
        </button>
      </div>
    </main>
  );
}

/** docs/rules/reach.md#r-10 region-blocked page: shows the IP (its own call: ScreenConfig is the same for everyone), info and a service button. */
export function BlockedPage({ config }: { config: TScreenConfig }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const address = useQuery(trpc.system.clientIp.queryOptions(undefined, { staleTime: 0 }));
  return (
    <main className="status-page" data-testid="blocked.page">
      <div className="status-page__card">
        <div className="status-page__icon" aria-hidden="true">
          <Icon name="blocked" size={48} />
        </div>
        <h1>{t('blocked_title')}</h1>
        <p>
          {t('blocked_ip')}:{' '}
          <strong data-testid="blocked.ip" translate="no">
            {address.data?.ip ?? '…'}
          </strong>
        </p>
        <p>{t('blocked_info')}</p>
        <button
          type="button"
          className="btn btn--primary"
          data-testid="blocked.service"
          onClick={() => openCustomerService(config)}
          disabled={!config.links.customerService}
        >
          {t('customer_service')}
        </button>
      </div>
    </main>
  );
}
