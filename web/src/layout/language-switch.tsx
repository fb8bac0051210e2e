import { useTranslation } from 'react-i18next';
import type { TLanguage } from '@wl/schemas';
import { useSettings } from '../app/settings-context.tsx';
import { useScreenConfigState } from '../config/screen-config-context.tsx';

/** Each language's short name, in that language. */
const LANGUAGES: readonly { language: TLanguage; name: string }[] = [
  { language: 'bn', name: 'বাং' },
  { language: 'en', name: 'EN' },
];

/**
 * The Bangla / English switch of the header and the agent landing (docs/rules/content.md#c-2: bn and en); each names its
 * language in that language (`lang`). It offers the brand's languages only, and is not shown for a brand of one (docs/0136).
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const settings = useSettings();
  const offered = useScreenConfigState().config?.merchant.languages;
  const shown = offered ? LANGUAGES.filter(({ language }) => offered.includes(language)) : LANGUAGES;
  if (shown.length < 2) return null;
  return (
    <div className="lang-switch" role="group" aria-label={t('language')}>
      {shown.map(({ language, name }) => (
        <button
          key={language}
          type="button"
          data-testid={`language.${language}`}
          lang={language}
          aria-pressed={settings.language === language}
          className={settings.language === language ? 'is-active' : ''}
          onClick={() => settings.setLanguage(language)}
        >
          {name}
        </button>
      ))}
    </div>
  );
}
