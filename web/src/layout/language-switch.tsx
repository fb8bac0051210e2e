import { useTranslation } from 'react-i18next';
import type { TLanguage } from '@wl/schemas';
import { useSettings } from '../app/settings-context.tsx';

/** Each language's short name, in that language. */
const LANGUAGES: readonly { language: TLanguage; name: string }[] = [
  { language: 'bn', name: 'বাং' },
  { language: 'en', name: 'EN' },
];

/** The Bangla / English switch of the header and the agent landing (docs/rules/content.md#c-2: bn and en); each names its language in that language (`lang`). */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <div className="lang-switch" role="group" aria-label={t('language')}>
      {LANGUAGES.map(({ language, name }) => (
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
