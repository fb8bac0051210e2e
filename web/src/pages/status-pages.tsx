import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TScreenConfig } from '@wl/schemas';
import { useTRPC } from '../api/trpc.ts';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { openCustomerService } from '../layout/menu-actions.ts';
import { StatusCard } from './status-card.tsx';

/** The customer service button of a page that shuts the site (disabled when the merchant has no link). */
function ServiceButton({ config, testId }: { config: TScreenConfig; testId: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="btn btn--primary"
      data-testid={testId}
      onClick={() => openCustomerService(config)}
      disabled={!config.links.customerService}
    >
      {t('customer_service')}
    </button>
  );
}

/** docs/rules/reach.md#r-10 maintenance page: title, info text, customer service button. */
export function MaintenancePage({ config }: { config: TScreenConfig }) {
  const { t } = useTranslation();
  if (!useAreaTexts('site')) return <div className="page-loading" aria-busy="true" />;
  return (
    <StatusCard testId="maintenance.page" icon="maintenance" title={t('maintenance_title')}>
      <p>{t('maintenance_info')}</p>
      <ServiceButton config={config} testId="maintenance.service" />
    </StatusCard>
  );
}

/** docs/rules/reach.md#r-10 region-blocked page: shows the IP (its own call: ScreenConfig is the same for everyone), info and a service button. */
export function BlockedPage({ config }: { config: TScreenConfig }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const address = useQuery(trpc.system.clientIp.queryOptions(undefined, { staleTime: 0 }));
  if (!useAreaTexts('site')) return <div className="page-loading" aria-busy="true" />;
  return (
    <StatusCard testId="blocked.page" icon="blocked" title={t('blocked_title')}>
      <p>
        {t('blocked_ip')}:{' '}
        <strong data-testid="blocked.ip" translate="no">
          {address.data?.ip ?? '…'}
        </strong>
      </p>
      <p>{t('blocked_info')}</p>
      <ServiceButton config={config} testId="blocked.service" />
    </StatusCard>
  );
}
