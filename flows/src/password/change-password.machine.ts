import { validateConfirmation, validateField, type TFieldError, type TFieldRule } from '@wl/schemas/rules/validate-field';
import { assign, setup } from 'xstate';
import { actorSlot, clean } from '../shared/actor-slot.ts';
import { storeFailure, toFlowError } from '../shared/flow-error.ts';

export type TChangePasswordInput = {
  /**
   * docs/rules/accounts.md#a-13: the old password is required unless stored. We never store a password, so the only
   * case without it is the forced change right after login, which the server allows on that
   * session alone (pass false there).
   */
  requireOldPassword: boolean;
  /** The password rule for the new password, when the server has one. */
  passwordRule?: TFieldRule | null;
};

export type TChangePasswordRequest = { oldPassword?: string; newPassword: string; confirmNewPassword: string };

export type TChangePasswordEvent = {
  type: 'password.submit';
  oldPassword?: string;
  newPassword: string;
  confirmPassword: string;
};

export type TChangePasswordContext = {
  requireOldPassword: boolean;
  passwordRule: TFieldRule | null;
  fieldErrors: Record<string, TFieldError>;
  error: string | null;
};

function errorsOf(context: TChangePasswordContext, event: TChangePasswordEvent): Record<string, TFieldError> {
  const errors: Record<string, TFieldError> = {};
  if (context.requireOldPassword) {
    const old = validateField(event.oldPassword ?? '', null, { required: true });
    if (old) errors.oldPassword = old;
  }
  const next = validateField(event.newPassword, context.passwordRule, { required: true });
  if (next) errors.newPassword = next;
  // Required messages use the rule's message (docs/rules/accounts.md#a-11), then the confirmation must match.
  const confirm =
    validateField(event.confirmPassword, context.passwordRule, { required: true }) ?? validateConfirmation(event.confirmPassword, event.newPassword);
  if (confirm) errors.confirmPassword = confirm;
  return errors;
}

/**
 * Change password of docs/rules/accounts.md#a-13 (security centre and the forced modal): old password unless not
 * required, new password by the rule, confirmation equal. Actor to provide: changePassword.
 */
export const changePasswordMachine = setup({
  types: {
    context: {} as TChangePasswordContext,
    events: {} as TChangePasswordEvent,
    input: {} as TChangePasswordInput,
  },
  actors: {
    changePassword: actorSlot<void, TChangePasswordRequest>('changePassword'),
  },
  guards: {
    invalid: ({ context, event }) => Object.keys(errorsOf(context, event)).length > 0,
  },
  actions: {
    storeErrors: assign(({ context, event }) => ({ fieldErrors: errorsOf(context, event), error: null })),
    clearErrors: assign({ fieldErrors: {}, error: null }),
    storeFailure: assign((_, { error }: { error: unknown }) => ({ error: toFlowError(error).messageKey })),
  },
}).createMachine({
  id: 'changePassword',
  context: ({ input }) => ({
    requireOldPassword: input.requireOldPassword,
    passwordRule: input.passwordRule ?? null,
    fieldErrors: {},
    error: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'password.submit': [
          { guard: 'invalid', actions: 'storeErrors' },
          { target: 'saving', actions: 'clearErrors' },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context, event }) => {
          const submit = event as TChangePasswordEvent;
          return {
            ...(context.requireOldPassword ? { oldPassword: clean(submit.oldPassword) } : {}),
            newPassword: clean(submit.newPassword),
            confirmNewPassword: clean(submit.confirmPassword),
          };
        },
        onDone: 'changed',
        onError: { target: 'editing', actions: storeFailure },
      },
    },
    changed: { type: 'final' },
  },
});
