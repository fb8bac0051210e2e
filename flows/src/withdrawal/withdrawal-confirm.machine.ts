import { REMARK_MAX_LENGTH, UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from '@wl/schemas/constants';
import { parseAmountInput } from '@wl/schemas/domain/money';
import { WITHDRAW_MESSAGES } from '@wl/schemas/domain/withdraw-messages';
import { assign, setup } from 'xstate';
import { actorSlot } from '../shared/actor-slot.ts';
import { storeFailure, toFlowError, withError } from '../shared/flow-error.ts';

/** A proof the member picked: its type as sniffed by the caller from the first bytes (never the name), and a handle the upload actor reads. */
export type TProofFile = { name: string; sizeBytes: number; sniffedType: 'image/png' | 'image/jpeg' | null; file: unknown };

/** The member's answer as sent to the server (docs/rules/money.md#m-11). */
export type TWithdrawalAnswer =
  { answer: 'received' } | { answer: 'partly_received'; receivedMinor: number; remark?: string } | { answer: 'not_received'; remark?: string };

export type TWithdrawalConfirmInput = {
  amountMinor: number;
  /** The withdrawal's status when the page showed it. */
  status: 'pending' | 'rejected' | 'paid' | 'received' | 'partly_received' | 'not_received' | 'auto_received';
};

export type TWithdrawalConfirmEvent =
  | { type: 'confirm.received' }
  | { type: 'confirm.partly'; received: string; remark?: string }
  | { type: 'confirm.notReceived' }
  | { type: 'proof.add'; file: TProofFile }
  | { type: 'proof.remove'; index: number }
  | { type: 'proof.remark'; remark: string }
  | { type: 'proof.submit' }
  | { type: 'proof.cancel' };

export type TWithdrawalConfirmContext = {
  amountMinor: number;
  /** Status when the page opened: only a paid withdrawal can be answered. */
  openedAs: TWithdrawalConfirmInput['status'];
  files: TProofFile[];
  remark: string;
  /** The remaining amount after a partly-received answer (docs/rules/money.md#m-11), once known. */
  remainingMinor: number | null;
  /** Message key of the last refusal (field or server), translated by the page. */
  error: string | null;
  answer: TWithdrawalAnswer | null;
};

/** Message keys the machine itself decides: the server's own (schemas WITHDRAW_MESSAGES). */
export const CONFIRM_ERRORS = WITHDRAW_MESSAGES;

/** Answers the server refuses for good: the window has closed, or it was answered elsewhere. */
const CLOSED: ReadonlySet<string> = new Set([WITHDRAW_MESSAGES.autoReceived, WITHDRAW_MESSAGES.windowClosed, WITHDRAW_MESSAGES.notAwaitingAnswer]);

function receivedOf(event: TWithdrawalConfirmEvent): number | null {
  return event.type === 'confirm.partly' ? parseAmountInput(event.received) : null;
}

function proofError(context: TWithdrawalConfirmContext, file: TProofFile): string | null {
  if (context.files.length >= UPLOAD_MAX_FILES) return CONFIRM_ERRORS.proofTooMany;
  if (file.sniffedType === null) return CONFIRM_ERRORS.proofWrongType;
  if (file.sizeBytes <= 0 || file.sizeBytes > UPLOAD_MAX_BYTES) return CONFIRM_ERRORS.proofTooLarge;
  return null;
}

/**
 * docs/rules/money.md#m-11 withdrawal confirmation, after the operator has paid: received; partly received (an
 * amount 0 < x < amount, the remaining amount shown); not received (1–3 png/jpg proofs ≤ 5 MB each,
 * remark ≤ 140). The server enforces the same rules and closes the window by itself (a job), so a
 * refusal that the window closed ends in `closed`. Actors to provide: uploadProofs, answer.
 */
export const withdrawalConfirmMachine = setup({
  types: {
    context: {} as TWithdrawalConfirmContext,
    events: {} as TWithdrawalConfirmEvent,
    input: {} as TWithdrawalConfirmInput,
  },
  actors: {
    uploadProofs: actorSlot<void, { files: TProofFile[] }>('uploadProofs'),
    answer: actorSlot<{ remainingMinor: number | null }, TWithdrawalAnswer>('answer'),
  },
  guards: {
    isPaid: ({ context }) => context.openedAs === 'paid',
    receivedValid: ({ context, event }) => {
      const received = receivedOf(event);
      const remarkOk = event.type !== 'confirm.partly' || (event.remark ?? '').length <= REMARK_MAX_LENGTH;
      return remarkOk && received !== null && received < context.amountMinor;
    },
    proofAcceptable: ({ context, event }) => event.type === 'proof.add' && proofError(context, event.file) === null,
    hasProof: ({ context }) => context.files.length > 0,
    proofRemarkValid: ({ context }) => context.remark.length <= REMARK_MAX_LENGTH,
    closedByServer: (_, params: { error: unknown }) => CLOSED.has(toFlowError(params.error).messageKey),
  },
  actions: {
    answerReceived: assign({ answer: { answer: 'received' }, error: null }),
    answerPartly: assign(({ event }) => {
      const e = event as Extract<TWithdrawalConfirmEvent, { type: 'confirm.partly' }>;
      const remark = (e.remark ?? '').trim();
      return { answer: { answer: 'partly_received' as const, receivedMinor: receivedOf(e)!, ...(remark ? { remark } : {}) }, error: null };
    }),
    refuseReceived: assign(({ event }) => ({
      error:
        event.type === 'confirm.partly' && (event.remark ?? '').length > REMARK_MAX_LENGTH
          ? CONFIRM_ERRORS.remarkTooLong
          : CONFIRM_ERRORS.receivedAmountInvalid,
    })),
    addProof: assign(({ context, event }) => (event.type === 'proof.add' ? { files: [...context.files, event.file], error: null } : {})),
    refuseProof: assign(({ context, event }) => (event.type === 'proof.add' ? { error: proofError(context, event.file) } : {})),
    removeProof: assign(({ context, event }) =>
      event.type === 'proof.remove' ? { files: context.files.filter((_, i) => i !== event.index), error: null } : {},
    ),
    setRemark: assign(({ event }) => (event.type === 'proof.remark' ? { remark: event.remark } : {})),
    refuseNoProof: assign({ error: CONFIRM_ERRORS.proofRequired }),
    refuseRemark: assign({ error: CONFIRM_ERRORS.remarkTooLong }),
    answerNotReceived: assign(({ context }) => {
      const remark = context.remark.trim();
      return { answer: { answer: 'not_received' as const, ...(remark ? { remark } : {}) }, error: null };
    }),
    clearProofs: assign({ files: [], remark: '', error: null }),
    storeFailure: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error).messageKey })),
    storeRemaining: assign((_, params: { remainingMinor: number | null }) => ({ remainingMinor: params.remainingMinor })),
  },
}).createMachine({
  id: 'withdrawalConfirm',
  context: ({ input }) => ({ amountMinor: input.amountMinor, openedAs: input.status, files: [], remark: '', remainingMinor: null, error: null, answer: null }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'isPaid', target: 'awaiting' }, { target: 'inactive' }],
    },
    awaiting: {
      on: {
        'confirm.received': { target: 'answering', actions: 'answerReceived' },
        'confirm.partly': [{ guard: 'receivedValid', target: 'answering', actions: 'answerPartly' }, { actions: 'refuseReceived' }],
        'confirm.notReceived': { target: 'proof', actions: 'clearProofs' },
      },
    },
    proof: {
      on: {
        'proof.add': [{ guard: 'proofAcceptable', actions: 'addProof' }, { actions: 'refuseProof' }],
        'proof.remove': { actions: 'removeProof' },
        'proof.remark': { actions: 'setRemark' },
        'proof.submit': [{ guard: 'hasProof', target: 'checkingRemark' }, { actions: 'refuseNoProof' }],
        'proof.cancel': { target: 'awaiting', actions: 'clearProofs' },
      },
    },
    checkingRemark: {
      always: [
        { guard: 'proofRemarkValid', target: 'uploading', actions: 'answerNotReceived' },
        { target: 'proof', actions: 'refuseRemark' },
      ],
    },
    uploading: {
      invoke: {
        id: 'uploadProofs',
        src: 'uploadProofs',
        input: ({ context }) => ({ files: context.files }),
        onDone: 'answering',
        onError: [
          {
            guard: { type: 'closedByServer', params: withError },
            target: 'closed',
            actions: storeFailure,
          },
          { target: 'proof', actions: storeFailure },
        ],
      },
    },
    answering: {
      invoke: {
        id: 'answer',
        src: 'answer',
        input: ({ context }) => context.answer!,
        onDone: { target: 'answered', actions: { type: 'storeRemaining', params: ({ event }) => ({ remainingMinor: event.output.remainingMinor }) } },
        onError: [
          {
            guard: { type: 'closedByServer', params: withError },
            target: 'closed',
            actions: storeFailure,
          },
          { target: 'awaiting', actions: storeFailure },
        ],
      },
    },
    /** The member answered (docs/rules/money.md). */
    answered: { type: 'final' },
    /** Not paid yet, rejected, or already answered when the page opened: nothing to answer. */
    inactive: { type: 'final' },
    /** The window closed (auto_received) or another page answered first. */
    closed: { type: 'final' },
  },
});
