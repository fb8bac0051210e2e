import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { THelpSectionKey } from '@wl/schemas';
import { Chip } from '../home/vendor-row.tsx';
import { QueryError } from '../layout/form-controls.tsx';
import { Modal } from '../modals/modal.tsx';
import { HelpBody } from './help-body.tsx';
import { useHelpCentre } from './use-help-centre.ts';
import '../styles/help.css';

/**
 * The help-centre modal (SPEC §2 modals, docs/0109): the sections the help-centre call answers, one
 * at a time behind tabs, over the page the visitor is on; a link opens the section as the /help page.
 * The shared modal frame locks the page's scrolling and gives it back on close.
 */
export default function HelpModal({ onClose, initial = 'about' }: { onClose: () => void; initial?: THelpSectionKey }) {
  const { t } = useTranslation();
  const q = useHelpCentre();
  const [chosen, setChosen] = useState<THelpSectionKey>(initial);
  const sections = q.data?.sections ?? [];
  const shown = sections.find((s) => s.section === chosen) ?? sections[0];
  return (
    <Modal testId="help-modal" title={t('help_title')} onClose={onClose} closeTestId="help-modal.close" size="large">
      <div className="chips" role="tablist" aria-label={t('help_contents')}>
        {sections.map((s) => (
          <Chip key={s.section} active={s === shown} testId={`help-modal.tab.${s.section}`} onClick={() => setChosen(s.section)}>
            {s.title}
          </Chip>
        ))}
      </div>
      {q.isPending && <div className="page-loading" aria-busy="true" />}
      <QueryError error={q.error} testId="help-modal.error" />
      {shown && (
        <section className="help-modal__section" role="tabpanel" aria-label={shown.title} data-testid={`help-modal.section.${shown.section}`}>
          <HelpBody body={shown.body} level={3} />
          <p>
            <Link to={`/help#${shown.section}`} className="link-btn" data-testid="help-modal.page" onClick={onClose}>
              {t('help_open_page')}
            </Link>
          </p>
        </section>
      )}
    </Modal>
  );
}
