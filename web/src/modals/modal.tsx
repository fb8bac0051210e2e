import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../layout/icons.tsx';
import { lockBodyScroll } from '../lib/scroll-lock.ts';

/** Props of the shared modal frame. */
export type TModalProps = {
  testId: string;
  title: ReactNode;
  titleTestId?: string;
  onClose: () => void;
  closeTestId?: string;
  size?: 'small' | 'medium' | 'large';
  children: ReactNode;
};

/** Accessible modal frame: locks body scroll while open, closes on Escape and backdrop click. */
export function Modal({ testId, title, titleTestId, onClose, closeTestId, size = 'medium', children }: TModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const unlock = lockBodyScroll();
    const previouslyFocused = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      unlock();
      previouslyFocused?.focus?.();
    };
  }, []);

  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={panel}
        className={`modal modal--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
        tabIndex={-1}
      >
        <div className="modal__head">
          <h2 id={titleId} className="modal__title" data-testid={titleTestId}>
            {title}
          </h2>
          <button type="button" className="icon-btn" aria-label={t('close')} data-testid={closeTestId} onClick={onClose}>
            <Icon name="close" />
          </button>
        </div>
        <div className="modal__body">{children}</div>
      </div>
    </div>
  );
}
