import { useTranslation } from 'react-i18next';
import { useSettings } from '../app/settings-context.tsx';

/** The Bangla / English switch of the header and the agent landing (docs/rules/content.md#c-2: bn and en); each names its language in that language (`lang`). */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <div className="lang-switch" role="group" aria-label={t('language')}>
      <button
        type="button"
        data-testid="language.bn"
        lang="bn"
        aria-pressed={settings.language === 'bn'}
        className={settings.language === 'bn' ? 'is-active' : ''}
        onClick={() => settings.setLanguage('bn')}
      >
        বাং
      </button>
      <button
        type="button"
        data-testid="language.en"
        lang="en"
        aria-pressed={settings.language === 'en'}
        className={settings.language === 'en' ? 'is-active' : ''}
        onClick={() => settings.setLanguage('en')}
      >
        EN
      </button>
    </div>
  );
}
