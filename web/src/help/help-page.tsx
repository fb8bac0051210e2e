import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useScreenConfig } from '../config/screen-config-context.tsx';
import { QueryError } from '../layout/form-controls.tsx';
import { HelpBody } from './help-body.tsx';
import { useHelpCentre } from './use-help-centre.ts';
import '../styles/help.css';

/** The terms' paragraphs, in order (texts in help.<lang>.json). */
const TERMS = ['eligibility', 'account', 'funds', 'play', 'bonuses', 'responsible', 'privacy', 'changes'] as const;

/** The terms the registration links to (#term), from the help texts: they carry the form's minimum age. */
function Terms() {
  const { t } = useTranslation();
  const config = useScreenConfig();
  return (
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
  );
}

/**
 * The help centre (docs/rules/content.md#c-12 /help, docs/0109): the sections the operator writes
 * (about us, news, beginner guide, installation guide, responsible gaming) in the page's language
 * for this device, then the terms (#term). A section is reached by its hash, as the footer links it;
 * the contents list links each.
 */
export default function HelpPage() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const q = useHelpCentre();
  const sections = q.data?.sections ?? [];
  // Once the sections are there, the hash's section is too: scroll to it (again when the hash changes).
  useEffect(() => {
    if (hash && (q.data || q.isError)) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash, q.data, q.isError]);
  return (
    <article className="help" data-testid="help.page">
      <h2 className="help__title">{t('help_title')}</h2>
      <nav className="help__toc" aria-label={t('help_contents')} data-testid="help.contents">
        <ul>
          {sections.map((s) => (
            <li key={s.section}>
              <Link to={`#${s.section}`}>{s.title}</Link>
            </li>
          ))}
          <li>
            <Link to="#term">{t('help_terms_title')}</Link>
          </li>
        </ul>
      </nav>
      {q.isPending && <div className="page-loading" aria-busy="true" />}
      <QueryError error={q.error} testId="help.error" />
      {sections.map((s) => (
        <section key={s.section} id={s.section} className="help__section" data-testid={`help.section.${s.section}`} aria-labelledby={`help-${s.section}-title`}>
          <h3 id={`help-${s.section}-title`}>{s.title}</h3>
          <HelpBody body={s.body} />
          {s.section === 'responsible' && (
            <p>
              <Link to="/member/responsibleGaming" className="link-btn" data-testid="help.responsible.limits">
                {t('help_responsible_limits')}
              </Link>
            </p>
          )}
        </section>
      ))}
      <Terms />
    </article>
  );
}
