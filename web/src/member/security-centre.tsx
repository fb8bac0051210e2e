import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from '../accounts/change-password-form.tsx';
import { TotpSetup } from './totp-setup.tsx';

// Money pages are lazy chunks with their own texts (docs/rules/money.md; first-load budget, docs/0022).
const SecurityMoney = lazy(() => import('./security-money.tsx'));

/**
 * Security centre: change password (old required, docs/rules/accounts.md#a-13) and the authenticator
 * app. A chunk of its own: its forms (xstate, the schemas, the code fields) are not loaded by the
 * member centre's other pages (docs/0086).
 */
export default function SecurityCentre() {
  const { t } = useTranslation();
  return (
    <div className="member-content" data-testid="security.page">
      <section className="card">
        <h2>{t('change_password_title')}</h2>
        <ChangePasswordForm requireOldPassword onChanged={() => undefined} />
      </section>
      <TotpSetup />
      <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
        <SecurityMoney />
      </Suspense>
    </div>
  );
}
