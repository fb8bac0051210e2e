import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { AreaTexts } from '../i18n/area-texts.ts';
import { Modal } from '../modals/modal.tsx';
import { useSession } from '../session/session-context.tsx';
import { ChatRoom } from './chat-page.tsx';

/** A chatUrl on the site's own origin is its own room; any other (an https address the schema checked) is a vendor's. */
const isOwnRoom = (chatUrl: string) => chatUrl.startsWith('/');

/**
 * The live casino's chat (SPEC §7 launch chat, docs/0126): the launch call answers the room's
 * address; the embedded platform's is the site's own room, shown as such; a live vendor's is framed
 * here, in the modal, never in a new window. A refusal (the live category off, a session that ended)
 * is said in words.
 */
function LiveRoom() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const launched = useQuery(trpc.chat.launchChat.queryOptions(undefined, { staleTime: 0, retry: false }));
  if (launched.error)
    return (
      <p className="dialog__text" data-testid="chat-modal.refused">
        {t(errorKey(launched.error))}
      </p>
    );
  if (!launched.data) return <div className="page-loading" aria-busy="true" />;
  const { chatUrl } = launched.data;
  return isOwnRoom(chatUrl) ? (
    <ChatRoom />
  ) : (
    <iframe
      className="chat-modal__frame"
      data-testid="chat-modal.frame"
      src={chatUrl}
      title={t('chat_title')}
      sandbox="allow-scripts allow-same-origin allow-forms"
      referrerPolicy="no-referrer"
    />
  );
}

/** The modal's frame once the room's texts (the `records` area) are there: its title is one of them. */
function ChatFrame({ live, onClose }: { live: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { token, isLoggedIn, audience } = useSession();
  // SPEC §6, §8: signed-in members only; a trial account is told a real account is needed (the
  // server refuses its sends and the live chat's address too, docs/0117, docs/0126), a visitor to
  // log in. A stored session still loading waits.
  const refusal = !isLoggedIn ? (token === null ? 'error_not_logged_in' : null) : audience === 'trial' ? 'in_need_true_account' : null;
  return (
    <Modal testId="chat-modal" title={t('chat_title')} onClose={onClose} closeTestId="chat-modal.close" size="large">
      {refusal ? (
        <p className="dialog__text" data-testid="chat-modal.refused">
          {t(refusal)}
        </p>
      ) : !isLoggedIn ? (
        <div className="page-loading" aria-busy="true" />
      ) : live ? (
        <LiveRoom />
      ) : (
        <ChatRoom />
      )}
    </Modal>
  );
}

/**
 * The chat-room modal (SPEC §2 modals; docs/0121), opened from the side menu over the page the member
 * is on, or from the live casino (`live`, docs/0126): the member centre's chat page
 * (`/member?page=chatRoom`) stays for deep links. A chunk of its own with the room, out of the first load.
 */
export default function ChatModal({ live = false, onClose }: { live?: boolean; onClose: () => void }) {
  return (
    <AreaTexts areas={['records']}>
      <ChatFrame live={live} onClose={onClose} />
    </AreaTexts>
  );
}
