import { useLocation } from 'react-router';
import { useUi } from '../app/ui-context.tsx';
import { useSession } from '../session/session-context.tsx';

/** Shows the app state a test asserts on: who is logged in, the open popup and vendor popup, the location. */
export function AppStateProbe() {
  const ui = useUi();
  const location = useLocation();
  const session = useSession();
  return (
    <>
      <span data-testid="probe.session">{session.isLoggedIn ? session.audience : 'visitor'}</span>
      <span data-testid="probe.popup">{ui.popup ?? 'none'}</span>
      <span data-testid="probe.vendor-popup">{ui.vendorPopup?.vassalage ?? 'none'}</span>
      <span data-testid="probe.location">{`${location.pathname}${location.search}`}</span>
    </>
  );
}
