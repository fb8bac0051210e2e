import { useTranslation } from 'react-i18next';
import { AreaTexts } from '../i18n/area-texts.ts';
import { leaveConfigPreview } from './config-preview.ts';

/**
 * The bar over a draft's preview (docs/0131): says whose view this is and leads back to the console.
 * Its texts are the console's (only an operator ever sees it), loaded with it.
 */
function Bar({ id }: { id: number }) {
  const { t } = useTranslation();
  return (
    <div className="preview-bar" role="status" data-testid="config-preview.bar">
      <span>{t('opcfg_preview_bar', { id })}</span>{' '}
      <a
        className="preview-bar__leave"
        href="/operator"
        data-testid="config-preview.leave"
        onClick={() => {
          leaveConfigPreview();
        }}
      >
        {t('opcfg_preview_leave')}
      </a>
    </div>
  );
}

export default function PreviewBar({ id }: { id: number }) {
  return (
    <AreaTexts areas={['operator']}>
      <Bar id={id} />
    </AreaTexts>
  );
}
