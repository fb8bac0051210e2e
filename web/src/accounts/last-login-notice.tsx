import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../api/trpc.ts';
import { Icon } from '../layout/icons.tsx';
import { localDateTime } from '../lib/numbers-later.ts';
import '../styles/last-login.css';

/**
 * After a member's login, the login before it (docs/0104, docs/rules/protection.md#p-14): a notice
 * "Last login: <local date and time>" (or "This is your first login"), read from the protection
 * area's session answer. Its own chunk, loaded by the login popup only once a login succeeded; its
 * texts are in the `accounts` area the popup already loaded. Closed by its button or by moving to
 * another page; nothing for a trial account (the call is refused).
 */
export default function LastLoginNotice({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const { pathname } = useLocation();
  const session = useQuery(trpc.protection.session.queryOptions(undefined, { staleTime: 0, retry: false }));
  const s = session.data;
  const shownOn = useRef<string | null>(null);
  if (s && shownOn.current === null) shownOn.current = pathname;
  const gone = session.isError || (s !== undefined && s.startedAt === null) || (shownOn.current !== null && shownOn.current !== pathname);
  useEffect(() => {
    if (gone) onClose();
  }, [gone, onClose]);
  if (gone) return null;
  // The live region is there (empty) before the answer, so screen readers announce the text when it comes.
  return (
    <div role="status">
      {s && (
        <div className="last-login" data-testid="last-login">
          <p className="last-login__text" data-testid="last-login.text">
            {s.previousLoginAt ? t('last_login_at', { when: localDateTime(s.previousLoginAt, i18n.language) }) : t('last_login_first')}
          </p>
          <button type="button" className="icon-btn" aria-label={t('close')} data-testid="last-login.close" onClick={onClose}>
            <Icon name="close" />
          </button>
        </div>
      )}
    </div>
  );
}
