import type { TFormField } from '@wl/schemas';
import type { TDownlineRole } from '@wl/schemas/domain/agent-team';
import { buildRegistrationSchema, firstFieldErrors, type TFieldError } from '@wl/schemas/rules/validate-field';
import { assign, setup } from 'xstate';
import { actorSlot } from '../shared/actor-slot.ts';
import { storeFailure, type TFlowFieldError, toFlowError } from '../shared/flow-error.ts';

/** The account fields an agent fills in for a downline (the merchant's register form decides their rules). */
export const DIRECT_REGISTER_FIELDS = ['username', 'password', 'confirmPassword'] as const;
export type TDirectRegisterField = (typeof DIRECT_REGISTER_FIELDS)[number];
export type TDirectRegisterValues = Record<TDirectRegisterField, string>;

export type TDirectRegisterInput = {
  /** The merchant's register form fields (ScreenConfig forms.register.fields); only the account fields are used. */
  fields: TFormField[];
};

/** The register call: the values as typed (the platform trims and checks them again) and the role. */
export type TDirectRegisterRequest = TDirectRegisterValues & { role: TDownlineRole };

export type TDirectRegisterEvent =
  | { type: 'register.change'; field: TDirectRegisterField; value: string }
  | { type: 'register.blur'; field: TDirectRegisterField }
  | { type: 'register.role'; role: TDownlineRole }
  | { type: 'register.submit' };

export type TDirectRegisterContext = {
  fields: TFormField[];
  values: TDirectRegisterValues;
  role: TDownlineRole;
  /** Fields left or submitted once: only those show the local check's message. */
  touched: TDirectRegisterField[];
  /** First local error of each field, from the same rules the platform applies (docs/rules/accounts.md#a-11). */
  fieldErrors: Partial<Record<TDirectRegisterField, TFieldError>>;
  /** Fields the server refused; one is cleared when that field is typed in again. */
  serverErrors: Record<string, TFlowFieldError>;
  /** Form-level failure (message key) when the server named no field. */
  error: string | null;
  /** Username of the downline just registered, until the form is typed in again. */
  registered: string | null;
};

const EMPTY: TDirectRegisterValues = { username: '', password: '', confirmPassword: '' };
const ACCOUNT_FIELDS: ReadonlySet<string> = new Set(DIRECT_REGISTER_FIELDS);

function check(fields: TFormField[], values: TDirectRegisterValues) {
  const schema = buildRegistrationSchema(
    fields.filter((f) => ACCOUNT_FIELDS.has(f.field)),
    'username',
    { smsVerification: false },
  );
  // Terms and age belong to a member's own sign-up; the agent answers for the downline.
  return schema.safeParse({ ...values, termsAccepted: true, ageConfirmed: true });
}

function errorsOf(fields: TFormField[], values: TDirectRegisterValues): TDirectRegisterContext['fieldErrors'] {
  const result = check(fields, values);
  return result.success ? {} : firstFieldErrors(result.error);
}

function touch(touched: TDirectRegisterField[], field: TDirectRegisterField): TDirectRegisterField[] {
  return touched.includes(field) ? touched : [...touched, field];
}

/** The message a field shows: the server's refusal first, else the local check once the field was touched. */
export function directRegisterErrorOf(context: TDirectRegisterContext, field: TDirectRegisterField): TFlowFieldError | undefined {
  return context.serverErrors[field] ?? (context.touched.includes(field) ? context.fieldErrors[field] : undefined);
}

/**
 * registerCenter's direct registration (docs/0051): username, password and its confirmation under the
 * merchant's rules, checked here and on the platform alike (docs/rules/accounts.md#a-11), and a role. A submit touches
 * every field; only a valid form is sent. Typing goes on while the call runs. Actor to provide:
 * registerDownline (answers the registered username; throws FlowError with fieldErrors when the
 * server names fields).
 */
export const directRegisterMachine = setup({
  types: {
    context: {} as TDirectRegisterContext,
    events: {} as TDirectRegisterEvent,
    input: {} as TDirectRegisterInput,
  },
  actors: {
    registerDownline: actorSlot<{ username: string }, TDirectRegisterRequest>('registerDownline'),
  },
  guards: {
    valid: ({ context }) => check(context.fields, context.values).success,
  },
  actions: {
    change: assign(({ context, event }) => {
      if (event.type !== 'register.change') return {};
      const values = { ...context.values, [event.field]: event.value };
      const { [event.field]: _cleared, ...serverErrors } = context.serverErrors;
      return { values, fieldErrors: errorsOf(context.fields, values), touched: touch(context.touched, event.field), serverErrors, registered: null };
    }),
    blur: assign(({ context, event }) => (event.type === 'register.blur' ? { touched: touch(context.touched, event.field) } : {})),
    setRole: assign(({ event }) => (event.type === 'register.role' ? { role: event.role } : {})),
    touchAll: assign({ touched: [...DIRECT_REGISTER_FIELDS], error: null }),
    storeRegistered: assign((_, params: { username: string }) => ({
      registered: params.username,
      values: EMPTY,
      touched: [],
      serverErrors: {},
      fieldErrors: {},
    })),
    storeFailure: assign((_, params: { error: unknown }) => {
      const failure = toFlowError(params.error);
      const serverErrors = failure.details.fieldErrors ?? {};
      return { serverErrors, error: Object.keys(serverErrors).length > 0 ? null : failure.messageKey };
    }),
  },
}).createMachine({
  id: 'directRegister',
  context: ({ input }) => ({
    fields: input.fields,
    values: EMPTY,
    role: 'member',
    touched: [],
    fieldErrors: errorsOf(input.fields, EMPTY),
    serverErrors: {},
    error: null,
    registered: null,
  }),
  // The form stays editable while the call runs, as before the machine.
  on: {
    'register.change': { actions: 'change' },
    'register.blur': { actions: 'blur' },
    'register.role': { actions: 'setRole' },
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'register.submit': [{ guard: 'valid', target: 'registering', actions: 'touchAll' }, { actions: 'touchAll' }],
      },
    },
    registering: {
      invoke: {
        id: 'registerDownline',
        src: 'registerDownline',
        input: ({ context }) => ({ ...context.values, role: context.role }),
        onDone: { target: 'editing', actions: { type: 'storeRegistered', params: ({ event }) => ({ username: event.output.username }) } },
        onError: { target: 'editing', actions: storeFailure },
      },
    },
  },
});
