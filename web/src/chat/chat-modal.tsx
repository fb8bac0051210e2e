import { useTranslation } from 'react-i18next';
import { AreaTexts } from '../i18n/area-texts.ts';
import { Modal } from '../modals/modal.tsx';
import { useSession } from '../session/session-context.tsx';
import { ChatRoom } from './chat-page.tsx';

/** The modal's frame once the room's texts (the `records` area) are there: its title is one of them. */
function ChatFrame({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { token, isLoggedIn, audience } = useSession();
  // SPEC §6, §8: signed-in members only; a trial account is told a real account is needed (the
  // server refuses its sends too, docs/0117), a visitor to log in. A stored session still loading waits.
  const refusal = !isLoggedIn ? (token === null ? 'error_not_logged_in' : null) : audience === 'trial' ? 'in_need_true_account' : null;
  return (
    <Modal testId="chat-modal" title={t('chat_title')} onClose={onClose} closeTestId="chat-modal.close" size="large">
      {refusal ? (
        <p className="dialog__text" data-testid="chat-modal.refused">
          {t(refusal)}
        </p>
      ) : isLoggedIn ? (
        <ChatRoom />
      ) : (
        <div className="page-loading" aria-busy="true" />
      )}
    </Modal>
  );
}

/**
 * The chat-room modal (SPEC §2 modals; docs/0121), opened from the side menu over the page the member
 * is on: the member centre's chat page (`/member?page=chatRoom`) stays for deep links. A chunk of its
 * own with the room, out of the first load.
 */
export default function ChatModal({ onClose }: { onClose: () => void }) {
  return (
    <AreaTexts areas={['records']}>
      <ChatFrame onClose={onClose} />
    </AreaTexts>
  );
}
