import { useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { ANNOUNCEMENT_SEEN_KEYS, announcementPopupMachine, type TPopupAudience } from '@wl/flows/announcement/announcement-popup.machine';
import type { TPopup } from '@wl/schemas';
import { TRIAL_TYPE } from '@wl/schemas/constants';
import { useAnnouncements } from '../home/home-data.ts';
import { useSession } from '../session/session-context.tsx';
import { readSession, writeSession } from '../session/session-storage.ts';
import { Modal } from './modal.tsx';
import { formatNumber } from '../lib/numbers.ts';

function PopupRun({ popups, audience, isFirstLogin, isTrial }: { popups: TPopup[]; audience: TPopupAudience; isFirstLogin: boolean; isTrial: boolean }) {
  const { t, i18n } = useTranslation();
  const machine = useMemo(
    () =>
      announcementPopupMachine.provide({
        actions: { persist: (_, params: { key: string }) => writeSession(params.key, 'true') },
      }),
    [],
  );
  const sessionSeen = Object.fromEntries(Object.values(ANNOUNCEMENT_SEEN_KEYS).map((k) => [k, readSession(k) === 'true']));
  const [state, send] = useMachine(machine, { input: { popups, audience, isFirstLogin, isTrial, sessionSeen } });
  if (!state.matches('showing')) return null;
  const { popups: shown, index } = state.context;
  const popup = shown[index];
  if (!popup) return null;
  return (
    <Modal testId="popup.announcement" title={popup.title} onClose={() => send({ type: 'popup.close' })} closeTestId="popup.close">
      <div className="notice__content">{popup.content}</div>
      <div className="dialog__actions">
        {shown.length > 1 && (
          <span className="pager__info">
            {formatNumber(index + 1, i18n.language)} / {formatNumber(shown.length, i18n.language)}
          </span>
        )}
        <button type="button" className="btn btn--primary" data-testid="popup.next" onClick={() => send({ type: 'popup.next' })}>
          {index + 1 < shown.length ? t('next') : t('ok')}
        </button>
      </div>
    </Modal>
  );
}

/** Announcement popup (docs/rules/content.md#c-8): once per session per audience, by the flows machine. */
export function AnnouncementPopup() {
  const session = useSession();
  const ann = useAnnouncements();
  // Wait for member info when there is a token, so a member never sees the visitor popup first.
  if (!ann.data || (session.token && !session.member)) return null;
  const audience: TPopupAudience = session.isLoggedIn ? 'user' : 'visitor';
  return (
    <PopupRun
      key={audience}
      popups={ann.data.popup}
      audience={audience}
      isFirstLogin={session.member?.firstTimeLogin === true}
      isTrial={session.member?.type === TRIAL_TYPE}
    />
  );
}
