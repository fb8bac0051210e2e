import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useScreenConfigState } from '../config/screen-config-context.tsx';
import { Dialogs } from '../modals/dialogs.tsx';

/** Frame of the agent pages (docs/rules/agent.md#ag-1 /agent, /agentHome): their own header, no site shell. */
export function AgentLayout() {
  const { t } = useTranslation();
  const { config, isError, retry } = useScreenConfigState();
  if (!config) {
    return (
      <div className="splash" data-testid="app.loading">
        {isError ? (
          <button type="button" className="btn btn--primary" onClick={retry}>
            {t('retry')}
          </button>
        ) : (
          <span className="spinner spinner--large" aria-label={t('loading')} />
        )}
      </div>
    );
  }
  return (
    <div className="agent-shell">
      <Outlet />
      <Dialogs />
    </div>
  );
}
