import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
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

/**
 * Accessible modal frame on the native `<dialog>` opened with `showModal()` (docs/0054): the browser
 * puts it in the top layer and makes the rest of the page inert, so focus stays inside and assistive
 * technology reads only the popup; Escape (the dialog's cancel event, topmost popup only) and a click
 * on the backdrop close it; focus goes back to what had it before. Locks body scroll while open.
 */
export function Modal({ testId, title, titleTestId, onClose, closeTestId, size = 'medium', children }: TModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const unlock = lockBodyScroll();
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const node = dialog.current;
    if (node && !node.open) node.showModal();
    panel.current?.focus();
    return () => {
      if (node?.open) node.close();
      unlock();
      previouslyFocused?.focus?.();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className="modal-backdrop"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <div ref={panel} className={`modal modal--${size}`} data-testid={testId} tabIndex={-1}>
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
    </dialog>
  );
}
