import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../layout/icons.tsx';

/** Unknown routes: a translated message and a way home. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="status-page status-page--inline" data-testid="not-found.page">
      <div className="status-page__card">
        <div className="status-page__icon" aria-hidden="true">
          <Icon name="notfound" size={48} />
        </div>
        <h1>{t('not_found_title')}</h1>
        <p>{t('not_found_info')}</p>
        <Link to="/" className="btn btn--primary" data-testid="not-found.home">
          {t('back_home')}
        </Link>
      </div>
    </div>
  );
}
