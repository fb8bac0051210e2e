import { useTranslation } from 'react-i18next';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { installLiteApp, useLiteApp } from './lite-app.ts';

/** The lite app (docs/rules/reach.md#r-8 app download "lite"): install where the browser offers it (docs/0048). */
export default function LiteApp() {
  const { t } = useTranslation();
  const lite = useLiteApp();
  if (!useAreaTexts('site')) return null;
  return (
    <div className="app-download__lite" data-testid="app-download.lite" data-state={lite}>
      <strong>{t('lite_app_title')}</strong>
      {lite === 'installable' && (
        <button type="button" className="btn btn--primary" data-testid="app-download.lite.install" onClick={() => void installLiteApp()}>
          {t('lite_app_install')}
        </button>
      )}
      {lite === 'installed' && <p>{t('lite_app_installed')}</p>}
      {lite === 'browser-menu' && <p>{t('lite_app_browser_menu')}</p>}
    </div>
  );
}
