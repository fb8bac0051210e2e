import { useTranslation } from 'react-i18next';
import type { TNotice } from '@wl/schemas';
import { Modal } from '../modals/modal.tsx';
import { formatNumber } from '../lib/numbers.ts';

/** Notice modal opened at an index; previous/next page through all notices. */
export function NoticeModal({
  notices,
  index,
  onIndex,
  onClose,
}: {
  notices: readonly TNotice[];
  index: number;
  onIndex: (i: number) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const notice = notices[index];
  if (!notice) return null;
  return (
    <Modal testId="notice.modal" title={notice.title} titleTestId="notice.title" onClose={onClose} closeTestId="notice.close">
      <div className="notice__content">{notice.content}</div>
      <div className="pager">
        <button type="button" className="btn btn--ghost btn--small" disabled={index === 0} onClick={() => onIndex(index - 1)} data-testid="notice.prev">
          {t('previous')}
        </button>
        <span className="pager__info">
          {formatNumber(index + 1, i18n.language)} / {formatNumber(notices.length, i18n.language)}
        </span>
        <button
          type="button"
          className="btn btn--ghost btn--small"
          disabled={index >= notices.length - 1}
          onClick={() => onIndex(index + 1)}
          data-testid="notice.next"
        >
          {t('next')}
        </button>
      </div>
    </Modal>
  );
}
