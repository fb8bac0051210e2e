import { useTranslation } from 'react-i18next';
import { DirectRegister } from './register-center-direct.tsx';
import { Invitations } from './register-center-invitations.tsx';
import '../styles/money.css';
import '../styles/agent-reports.css';

/**
 * registerCenter (docs/rules/agent.md#ag-5): register a downline directly, and invitation links and codes with QR
 * codes and link management (docs/0051). Each part's state lives in a flows machine
 * (flows/src/register-center).
 */
export function RegisterCenterPage() {
  const { t } = useTranslation();
  return (
    <div className="agent-content money" data-testid="agent-register.page">
      <h1 className="agent-content__title">{t('rc_title')}</h1>
      <DirectRegister />
      <Invitations />
    </div>
  );
}
