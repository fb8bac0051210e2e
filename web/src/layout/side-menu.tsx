import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QR_SIZE } from '@wl/schemas/constants';
import type { TMenuEntry } from '@wl/schemas';
import { useSettings } from '../app/settings-context.tsx';
import { useQrImage } from '../lib/use-qr-image.ts';
import { useScreenConfig } from '../config/screen-config-context.tsx';
import { Icon } from './icons.tsx';
import { MenuEntryView, MenuIcon } from './menu-entry.tsx';

/** The lite app's entry, loaded with the panel (docs/0048). */
const LiteApp = lazy(() => import('../lite/lite-app-entry.tsx'));

/**
 * docs/rules/content.md#c-5's iOS link with the language. It never carries a session token (docs/0016): a QR image
 * is readable by anyone who sees the screen, so a token in it would hand the session over; the app
 * asks the member to log in. Any `token` the configured link brings is dropped.
 */
export function iosDownloadUrl(base: string, language: string): string {
  if (!base) return '';
  try {
    // Resolved as a link on this page would be (an opaque origin, 'null', is no base at all).
    const url = new URL(base, window.location.href);
    url.searchParams.delete('token');
    url.searchParams.set('language', language);
    return url.toString();
  } catch {
    return '';
  }
}

function QrCode({ value, label }: { value: string; label: string }) {
  const src = useQrImage(value);
  return (
    <figure className="qr">
      {src ? <img src={src} alt={label} width={QR_SIZE} height={QR_SIZE} data-testid="app-download.qr" /> : <span className="qr__placeholder" />}
      <figcaption>{label}</figcaption>
    </figure>
  );
}

/** One side-menu entry with its icon. */
function SideEntry({ entry }: { entry: TMenuEntry }) {
  return <MenuEntryView entry={entry} testId={`side-menu.entry.${entry.key}`} icon={<MenuIcon name={entry.icon} />} />;
}

/** App download entry: QR codes for iOS and Android show on hover or focus (docs/rules/content.md#c-3 Side menu). */
function AppDownload({ entry }: { entry: TMenuEntry }) {
  const { t } = useTranslation();
  const config = useScreenConfig();
  const { language } = useSettings();
  const [open, setOpen] = useState(false);
  return (
    <div
      className="app-download"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
    >
      <SideEntry entry={entry} />
      {open && entry.isAvailable && (
        <div className="app-download__panel" data-testid="app-download.panel">
          <QrCode value={iosDownloadUrl(config.links.appIos, language)} label="iOS" />
          <QrCode value={config.links.appAndroid} label="Android" />
          <p className="app-download__hint">{t('app_download_hint')}</p>
          <Suspense fallback={null}>
            <LiteApp />
          </Suspense>
        </div>
      )}
    </div>
  );
}

/** Language select entry (docs/rules/content.md#c-3 Side menu). */
function LanguageEntry({ entry }: { entry: TMenuEntry }) {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <label className="menu-link" data-testid={`side-menu.entry.${entry.key}`}>
      <MenuIcon name={entry.icon} />
      <span className="menu-link__text">{entry.label ?? (entry.labelKey ? t(entry.labelKey) : t('language'))}</span>
      <select
        className="select"
        value={settings.language}
        onChange={(e) => settings.setLanguage(e.target.value === 'en' ? 'en' : 'bn')}
        aria-label={t('language')}
      >
        <option value="bn">বাংলা</option>
        <option value="en">English</option>
      </select>
    </label>
  );
}

/** Collapsible side menu rendered from ScreenConfig sections (docs/rules/content.md#c-3 Side menu). */
export function SideMenu({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const config = useScreenConfig();
  return (
    <aside id="side-menu" className={`side-menu${collapsed ? ' side-menu--collapsed' : ''}`} data-testid="side-menu" aria-label={t('side_menu')}>
      <button
        type="button"
        className="side-menu__toggle"
        data-testid="side-menu.toggle"
        aria-expanded={!collapsed}
        aria-label={t(collapsed ? 'menu_expand' : 'menu_collapse')}
        onClick={onToggle}
      >
        <Icon name={collapsed ? 'expand' : 'collapse'} size={16} />
      </button>
      {config.sideMenu.sections.map((section) => (
        <div className="side-menu__section" key={section.key}>
          {section.labelKey && !collapsed && <h3 className="side-menu__heading">{section.label ?? t(section.labelKey)}</h3>}
          {section.entries.map((entry) => {
            if (entry.target.type === 'action' && entry.target.action === 'appDownload') {
              return <AppDownload key={entry.key} entry={entry} />;
            }
            if (entry.target.type === 'action' && entry.target.action === 'language' && entry.isAvailable && !collapsed) {
              return <LanguageEntry key={entry.key} entry={entry} />;
            }
            return <SideEntry key={entry.key} entry={entry} />;
          })}
        </div>
      ))}
    </aside>
  );
}
