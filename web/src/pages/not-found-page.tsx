import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { StatusCard } from './status-card.tsx';

/** Unknown routes: a translated message and a way home. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusCard testId="not-found.page" icon="notfound" title={t('not_found_title')} inline>
      <p>{t('not_found_info')}</p>
      <Link to="/" className="btn btn--primary" data-testid="not-found.home">
        {t('back_home')}
      </Link>
    </StatusCard>
  );
}
