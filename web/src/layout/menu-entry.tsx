import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TMemberInfo, TMenuEntry } from '@wl/schemas';
import { useSettings } from '../app/settings-context.tsx';
import { formatDigits } from '../lib/numbers.ts';
import { useUi } from '../app/ui-context.tsx';
import { useScreenConfig } from '../config/screen-config-context.tsx';
import { useSession } from '../session/session-context.tsx';
import { useLogout } from '../session/use-logout.ts';
import { iconFor } from './icons.tsx';
import { openCustomerService } from './menu-actions.ts';

/** Runs a menu action (docs/rules/content.md#c-3 menus): popups, logout with confirmation, language, theme, service. */
export function useMenuAction() {
  const ui = useUi();
  const settings = useSettings();
  const config = useScreenConfig();
  const logout = useLogout();
  const { isLoggedIn } = useSession();
  return async (action: Extract<TMenuEntry['target'], { type: 'action' }>['action']) => {
    switch (action) {
      case 'login':
        ui.openLogin();
        return;
      case 'register':
        ui.openRegister();
        return;
      case 'logout':
        await logout();
        return;
      case 'language':
        settings.setLanguage(settings.language === 'bn' ? 'en' : 'bn');
        return;
      case 'theme':
        settings.toggleTheme();
        return;
      case 'customerService':
        openCustomerService(config);
        return;
      case 'chatRoom':
        // SPEC §6: signed-in only; a session that ended meanwhile is asked to log in.
        if (isLoggedIn) ui.openChat();
        else ui.openLogin();
        return;
      case 'appDownload':
        // The download panel opens on hover/focus where the entry is rendered (side menu).
        return;
    }
  };
}

/** Badge count of an entry from member info (docs/rules/content.md#c-10: mission, message and reward badges). */
export function badgeCount(entry: TMenuEntry, member: TMemberInfo | null): number {
  if (!member || !entry.badge) return 0;
  return entry.badge === 'message' ? member.unreadMessage : entry.badge === 'reward' ? member.availablePromoCount : member.missionCount;
}

/** A menu entry's icon from the config, beside its text (side menu, member centre). */
export function MenuIcon({ name }: { name: string }) {
  return (
    <span className="menu-link__icon" aria-hidden="true">
      {iconFor(name)}
    </span>
  );
}

/** Renders one menu entry; unavailable entries are disabled and never linked (house rule). */
export function MenuEntryView({
  entry,
  testId,
  className = 'menu-link',
  icon,
  onDone,
  children,
}: {
  entry: TMenuEntry;
  testId: string;
  className?: string;
  icon?: ReactNode;
  onDone?: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const run = useMenuAction();
  const { member } = useSession();
  const { language } = useSettings();
  const text = entry.label ?? (entry.labelKey ? t(entry.labelKey) : entry.key);
  const count = badgeCount(entry, member);
  const inner = (
    <>
      {icon}
      <span className="menu-link__text">{children ?? text}</span>
      {count > 0 && <span className="badge">{count > 99 ? `${formatDigits(99, language)}+` : formatDigits(count, language)}</span>}
    </>
  );
  if (!entry.isAvailable) {
    return (
      <span className={`${className} is-disabled`} role="link" aria-disabled="true" data-testid={testId} title={t('coming_soon')}>
        {inner}
      </span>
    );
  }
  const target = entry.target;
  if (target.type === 'route') {
    return (
      <Link className={className} to={target.path} data-testid={testId} onClick={onDone}>
        {inner}
      </Link>
    );
  }
  if (target.type === 'external') {
    return (
      <a className={className} href={target.url} target="_blank" rel="noopener noreferrer" data-testid={testId} onClick={onDone}>
        {inner}
      </a>
    );
  }
  return (
    <button
      type="button"
      className={className}
      data-testid={testId}
      onClick={() => {
        onDone?.();
        void run(target.action);
      }}
    >
      {inner}
    </button>
  );
}
