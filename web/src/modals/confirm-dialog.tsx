import { Modal } from './modal.tsx';

/**
 * A yes-or-no question before a step that gives something up (cancel a bonus, forfeit it to withdraw;
 * docs/0095): the shared modal frame, the question, and two buttons (`<testId>.yes`, `<testId>.no`).
 */
export function ConfirmDialog(props: {
  testId: string;
  title: string;
  text: string;
  yes: string;
  no: string;
  busy: boolean;
  onYes: () => void;
  onClose: () => void;
}) {
  return (
    <Modal testId={props.testId} title={props.title} onClose={props.onClose} size="small">
      <p className="dialog__text">{props.text}</p>
      <div className="dialog__actions">
        <button type="button" className="btn btn--primary" data-testid={`${props.testId}.yes`} disabled={props.busy} onClick={props.onYes}>
          {props.yes}
        </button>
        <button type="button" className="btn" data-testid={`${props.testId}.no`} onClick={props.onClose}>
          {props.no}
        </button>
      </div>
    </Modal>
  );
}
