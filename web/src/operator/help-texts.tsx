import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TLanguage } from '@wl/schemas';
import { HELP_BODY_MAX, HELP_DEVICES, HELP_SECTIONS, HELP_TITLE_MAX, type THelpDevice, type THelpSectionKey } from '@wl/schemas/domain/help';
import { useTRPC } from '../api/trpc.ts';
import { useSettings } from '../app/settings-context.tsx';
import { Field, InputField } from '../accounts/form-parts.tsx';
import { HelpBody } from '../help/help-body.tsx';
import { QueryError, SelectField } from '../layout/form-controls.tsx';
import { localDateTime } from '../lib/numbers-later.ts';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { refusalKey } from './parts.tsx';
import '../styles/help.css';

const LANGUAGES: readonly TLanguage[] = ['bn', 'en'];

type TKey = { section: THelpSectionKey; language: TLanguage; device: THelpDevice };
type TDraft = { title: string; body: string };

/**
 * One text's editor: edit, then preview it as the site shows it, then save from the preview (docs/0109).
 * Keyed by the text it edits, so choosing another section, language or device starts afresh.
 */
function HelpTextEditor({ k, stored, canWrite, onSaved }: { k: TKey; stored: TDraft | null; canWrite: boolean; onSaved: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [draft, setDraft] = useState<TDraft>(() => stored ?? { title: '', body: '' });
  const [previewing, setPreviewing] = useState(!canWrite);
  const [saved, setSaved] = useState(false);
  const save = useMutation(
    trpc.operator.saveHelpText.mutationOptions({
      onSuccess: () => {
        setSaved(true);
        setPreviewing(false);
        onSaved();
      },
    }),
  );
  const changed = stored === null || draft.title !== stored.title || draft.body !== stored.body;
  const complete = draft.title.trim() !== '' && draft.body.trim() !== '';
  if (previewing) {
    return (
      <div className="form card" data-testid="operator.help.preview">
        <p className="dialog__text">{t(canWrite ? 'ophelp_preview_note' : 'ophelp_read_only')}</p>
        <article className="help__section" lang={k.language}>
          <h3>{draft.title}</h3>
          <HelpBody body={draft.body} />
        </article>
        {canWrite && (
          <div className="help-editor__actions">
            <button type="button" className="btn btn--ghost btn--small" data-testid="operator.help.edit" onClick={() => setPreviewing(false)}>
              {t('ophelp_edit')}
            </button>
            <button
              type="button"
              className="btn btn--primary btn--small"
              data-testid="operator.help.save"
              disabled={save.isPending || !changed}
              onClick={() => save.mutate({ ...k, title: draft.title, body: draft.body })}
            >
              {t('ophelp_save')}
            </button>
          </div>
        )}
        {save.error && (
          <p className="form__error" role="alert" data-testid="operator.help.error">
            {t(refusalKey(save.error))}
          </p>
        )}
      </div>
    );
  }
  return (
    <form
      className="form card"
      data-testid="operator.help.form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (complete) setPreviewing(true);
      }}
    >
      {stored === null && <p className="dialog__text">{t('ophelp_no_text')}</p>}
      <InputField
        label={t('ophelp_heading')}
        testId="operator.help.title"
        maxLength={HELP_TITLE_MAX}
        value={draft.title}
        onValue={(title) => {
          setSaved(false);
          setDraft((d) => ({ ...d, title }));
        }}
      />
      <Field label={t('ophelp_body')}>
        <textarea
          className="input"
          rows={12}
          maxLength={HELP_BODY_MAX}
          lang={k.language}
          data-testid="operator.help.body"
          value={draft.body}
          onChange={(e) => {
            setSaved(false);
            setDraft((d) => ({ ...d, body: e.target.value }));
          }}
        />
      </Field>
      <p className="field__hint">{t('ophelp_format')}</p>
      <button type="submit" className="btn btn--primary btn--small" data-testid="operator.help.preview-button" disabled={!complete || !changed}>
        {t('ophelp_preview')}
      </button>
      {saved && (
        <p className="dialog__text" role="status" data-testid="operator.help.saved">
          {t('ophelp_saved')}
        </p>
      )}
    </form>
  );
}

/**
 * The help centre's texts in the console (docs/0109): every operator who reads the config sees them;
 * the content permission edits one (section, language, device) with a preview before it is saved.
 */
export default function OperatorHelpTexts({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { language } = useSettings();
  const ready = useAreaTexts('operator');
  const [k, setK] = useState<TKey>({ section: 'about', language: 'bn', device: 'WEB' });
  const list = useQuery(trpc.operator.helpTexts.queryOptions(undefined, { staleTime: 0 }));
  if (!ready) return <div className="page-loading" aria-busy="true" />;
  const stored = list.data?.texts.find((x) => x.section === k.section && x.language === k.language && x.device === k.device) ?? null;
  const refresh = () => void qc.invalidateQueries({ queryKey: trpc.operator.helpTexts.queryKey() });
  return (
    <section data-testid="operator.help" aria-labelledby="operator-help-title">
      <h2 id="operator-help-title">{t('ophelp_title')}</h2>
      <div className="form">
        <SelectField
          label={t('ophelp_section')}
          testId="operator.help.section"
          value={k.section}
          options={HELP_SECTIONS}
          text={(s) => t(`ophelp_section_${s}`)}
          onChange={(v) => setK((x) => ({ ...x, section: v as THelpSectionKey }))}
        />
        <SelectField
          label={t('ophelp_language')}
          testId="operator.help.language"
          value={k.language}
          options={LANGUAGES}
          text={(l) => t(`ophelp_language_${l}`)}
          onChange={(v) => setK((x) => ({ ...x, language: v as TLanguage }))}
        />
        <SelectField
          label={t('ophelp_device')}
          testId="operator.help.device"
          value={k.device}
          options={HELP_DEVICES}
          text={(d) => t(`ophelp_device_${d}`)}
          onChange={(v) => setK((x) => ({ ...x, device: v as THelpDevice }))}
        />
      </div>
      <QueryError error={list.error} />
      {stored && (
        <p className="dialog__text" data-testid="operator.help.changed">
          {stored.updatedBy ? (
            <>
              {t('ophelp_last_change', { at: localDateTime(stored.updatedAt, language) })} <span translate="no">{stored.updatedBy}</span>
            </>
          ) : (
            t('ophelp_seeded')
          )}
        </p>
      )}
      {list.data && (
        <HelpTextEditor
          key={`${k.section}.${k.language}.${k.device}`}
          k={k}
          stored={stored && { title: stored.title, body: stored.body }}
          canWrite={canWrite}
          onSaved={refresh}
        />
      )}
    </section>
  );
}
