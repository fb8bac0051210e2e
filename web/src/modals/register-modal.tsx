import { useTranslation } from 'react-i18next';
import { useScreenConfig } from '../config/screen-config-context.tsx';
import { openCustomerService } from '../layout/menu-actions.ts';
import { Modal } from './modal.tsx';

/**
 * Register popup for this release: lists the registration methods the merchant offers (from
 * ScreenConfig) and sends the visitor to customer service, which opens accounts until online
 * registration ships. It never shows a form that cannot submit.
 */
export function RegisterModal({ onClose, onLogin }: { onClose: () => void; onLogin: () => void }) {
  const { t } = useTranslation();
  const config = useScreenConfig();
  const tabs = config.forms.register.tabs;
  return (
    <Modal testId="register.modal" title={t('register_title')} onClose={onClose} closeTestId="register.close">
      {tabs.length > 0 && (
        <div className="tabs" role="tablist">
          {tabs.map((tab, i) => (
            <span key={tab} role="tab" aria-selected={i === 0} className={`tab${i === 0 ? ' tab--active' : ''}`} data-testid={`register.tab.${tab}`}>
              {t(`register_tab_${tab}`)}
            </span>
          ))}
        </div>
      )}
      <p className="dialog__text" data-testid="register.info">
        {t('register_contact_cs')}
      </p>
      <div className="dialog__actions">
        <button type="button" className="btn btn--ghost" onClick={onLogin} data-testid="register.login">
          {t('login')}
        </button>
        <button
          type="button"
          className="btn btn--primary"
          data-testid="register.customer-service"
          disabled={!config.links.customerService}
          onClick={() => openCustomerService(config)}
        >
          {t('customer_service')}
        </button>
      </div>
    </Modal>
  );
}
