import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useScreenConfig } from '../config/screen-config-context.tsx';
import '../styles/help.css';

/** The terms' paragraphs, in order (texts in help.<lang>.json). */
const TERMS = ['eligibility', 'account', 'funds', 'play', 'bonuses', 'responsible', 'privacy', 'changes'] as const;

/**
 * The help centre (docs/rules/content.md#c-12 /help; hash #term for the terms). Built minimally for docs/0054: the terms
 * the registration links to, in EN and BN. A section is reached by its hash, as the footer links it.
 */
export default function HelpPage() {
  const { t } = useTranslation();
  const config = useScreenConfig();
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);
  return (
    <article className="help" data-testid="help.page">
      <h2 className="help__title">{t('help_title')}</h2>
      <section id="term" className="help__section" data-testid="help.terms" aria-labelledby="help-term-title">
        <h3 id="help-term-title">{t('help_terms_title')}</h3>
        <p className="help__intro">{t('help_terms_intro', { name: config.merchant.name })}</p>
        <ol className="help__list">
          {TERMS.map((key) => (
            <li key={key}>
              <h4>{t(`help_terms_${key}_title`)}</h4>
              <p>{t(`help_terms_${key}`, { name: config.merchant.name, minAge: config.forms.register.minAge })}</p>
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}
