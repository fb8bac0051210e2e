import { useTranslation } from 'react-i18next';
import { useUi } from '../app/ui-context.tsx';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { Modal } from './modal.tsx';

/** The info dialog (e.g. in_need_true_account, docs/rules/accounts.md#a-25) and the confirm dialog (logout). */
export function Dialogs() {
  const { t } = useTranslation();
  const ui = useUi();
  // A protection refusal (a closed account's launch, docs/0105) is worded in the deposit area's texts,
  // the owner's emergency stop of gaming (docs/0122) in the money area's.
  useAreaTexts(...(ui.infoKey?.startsWith('protection_') ? (['deposit'] as const) : ui.infoKey?.startsWith('emergency_') ? (['money'] as const) : []));
  return (
    <>
      {ui.infoKey !== null && (
        <Modal testId="dialog.info" title={t('dialog_info_title')} onClose={ui.closeInfo} size="small">
          <p className="dialog__text">{t(ui.infoKey)}</p>
          <div className="dialog__actions">
            <button type="button" className="btn btn--primary" onClick={ui.closeInfo} data-testid="dialog.ok">
              {t('ok')}
            </button>
          </div>
        </Modal>
      )}
      {ui.confirmState !== null && (
        <Modal testId="dialog.confirm" title={t('dialog_confirm_title')} onClose={() => ui.answerConfirm(false)} size="small">
          <p className="dialog__text">{t(ui.confirmState.messageKey)}</p>
          <div className="dialog__actions">
            <button type="button" className="btn btn--ghost" onClick={() => ui.answerConfirm(false)} data-testid="dialog.cancel">
              {t('cancel')}
            </button>
            <button type="button" className="btn btn--primary" onClick={() => ui.answerConfirm(true)} data-testid="dialog.confirm.ok">
              {t('confirm')}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
