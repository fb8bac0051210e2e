import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { parseAmountInput } from '@wl/schemas/domain/money';
import { sniffProofType } from '@wl/schemas/domain/proof';
import { BONUS_WAGER_MESSAGES } from '@wl/schemas/domain/promotion-terms/wager-messages';
import type { TWithdrawal, TWithdrawRequest } from '@wl/schemas/wps/withdraw-calls';
import { FlowError } from '@wl/flows/shared/flow-error';
import { withdrawalConfirmMachine, type TProofFile, type TWithdrawalAnswer } from '@wl/flows/withdrawal/withdrawal-confirm.machine';
import { upstreamOf, type TUpstreamDetails } from '../api/flow-errors.ts';
import { errorKey, useTRPC, useTRPCClient } from '../api/trpc.ts';
import { Field, FormError, InputField, PasswordField, SubmitButton } from '../accounts/form-parts.tsx';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { localDateTime } from '../lib/numbers-later.ts';
import { ConfirmDialog } from '../modals/confirm-dialog.tsx';
import { formatMinor } from '../lib/numbers.ts';
import { postToUploadDoor } from '../api/upload-door.ts';
import '../styles/money.css';

/** The gateway's upload door of proof files (gateway/src/upload/withdrawal-proof.route.ts). */
const PROOF_UPLOAD_PATH = '/upload/withdrawal-proof';

function newKey(): string {
  return `wd-${crypto.randomUUID()}`;
}

/** Sends one proof's bytes; the server's refusal becomes a FlowError with its message key. */
async function uploadProof(withdrawalId: number, file: Blob, language: string): Promise<void> {
  await postToUploadDoor(PROOF_UPLOAD_PATH, 'withdrawalId', withdrawalId, file, language).catch((err: unknown) => {
    throw new FlowError(err instanceof Error ? err.message : 'error_unknown');
  });
}

/**
 * The numbers a refusal names: a payout account's cooling-off (hours, minutes left) or a VIP level's
 * daily limit (docs/0100: the limit, what is left, when it resets); amounts (params ending in Minor)
 * written as money.
 */
function refusalParams(fields: TUpstreamDetails['fieldErrors'], language: string, currencySymbol: string): Record<string, string | number> | undefined {
  const params = (fields?.bankAccountId?.params ?? fields?.amountMinor?.params) as Record<string, number> | undefined;
  if (!params) return undefined;
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, k.endsWith('Minor') ? formatMinor(v, language, currencySymbol) : v]));
}

type TAction = { label: string; testId?: string; primary?: boolean; submit?: boolean; disabled?: boolean; onClick?: () => void };

/** A row of small buttons, each primary or ghost, a click or the form's submit. */
function ActionRow({ actions }: { actions: TAction[] }) {
  return (
    <div className="btn-row">
      {actions.map((a) => (
        <button
          key={a.label}
          type={a.submit ? 'submit' : 'button'}
          className={`btn ${a.primary ? 'btn--primary' : 'btn--ghost'} btn--small`}
          data-testid={a.testId}
          disabled={a.disabled}
          onClick={a.onClick}
        >
          {a.label}
        </button>
      ))}
    </div>
  );
}

/** docs/rules/money.md#m-11 answer of one paid withdrawal, driven by the withdrawal confirmation machine. */
function ConfirmPanel({ withdrawal, onDone }: { withdrawal: TWithdrawal; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const client = useTRPCClient();
  const uploaded = useRef(new Set<unknown>());
  const machine = useMemo(
    () =>
      withdrawalConfirmMachine.provide({
        actors: {
          uploadProofs: fromPromise(async ({ input }: { input: { files: TProofFile[] } }) => {
            for (const f of input.files) {
              // A retry after a refused send does not upload the ones already stored.
              if (uploaded.current.has(f.file)) continue;
              await uploadProof(withdrawal.id, f.file as Blob, i18n.language);
              uploaded.current.add(f.file);
            }
          }),
          answer: fromPromise(async ({ input }: { input: TWithdrawalAnswer }) => {
            try {
              const w = await client.withdraw.confirm.mutate({ withdrawalId: withdrawal.id, ...input });
              onDone();
              return { remainingMinor: w.remainingMinor };
            } catch (err) {
              throw new FlowError(errorKey(err));
            }
          }),
        },
      }),
    [withdrawal.id],
  );
  const [state, send] = useMachine(machine, { input: { amountMinor: withdrawal.amountMinor, status: withdrawal.status } });
  const [received, setReceived] = useState('');
  const [mode, setMode] = useState<'choose' | 'partly'>('choose');
  const busy = state.matches('uploading') || state.matches('answering');
  const prefix = `withdraw.confirm.${withdrawal.id}`;

  const pick = async (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
      send({ type: 'proof.add', file: { name: file.name, sizeBytes: file.size, sniffedType: sniffProofType(head), file } });
    }
  };

  if (state.matches('answered') || state.matches('inactive')) return null;
  return (
    <div className="confirm-panel" data-testid={prefix}>
      {withdrawal.confirmDueAt && <p className="dialog__text">{t('withdraw_confirm_by', { time: localDateTime(withdrawal.confirmDueAt, i18n.language) })}</p>}
      {state.matches('awaiting') && mode === 'choose' && (
        <ActionRow
          actions={[
            { label: t('confirm_received'), testId: `${prefix}.received`, primary: true, disabled: busy, onClick: () => send({ type: 'confirm.received' }) },
            { label: t('confirm_partly'), testId: `${prefix}.partly`, onClick: () => setMode('partly') },
            { label: t('confirm_not_received'), testId: `${prefix}.not-received`, onClick: () => send({ type: 'confirm.notReceived' }) },
          ]}
        />
      )}
      {state.matches('awaiting') && mode === 'partly' && (
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'confirm.partly', received });
          }}
        >
          <InputField
            label={t('confirm_amount_received')}
            inputMode="decimal"
            testId={`${prefix}.received-amount`}
            maxLength={20}
            value={received}
            onValue={setReceived}
          />
          <ActionRow
            actions={[
              { label: t('confirm_send'), testId: `${prefix}.send`, primary: true, submit: true, disabled: busy },
              { label: t('confirm_cancel'), onClick: () => setMode('choose') },
            ]}
          />
        </form>
      )}
      {(state.matches('proof') || state.matches('uploading')) && (
        <div className="form">
          <Field label={t('confirm_proofs')}>
            <input
              className="input"
              type="file"
              accept="image/png,image/jpeg"
              multiple
              data-testid={`${prefix}.files`}
              disabled={busy}
              onChange={(e) => void pick(e.target.files).then(() => (e.target.value = ''))}
            />
          </Field>
          <ul className="plain-list" data-testid={`${prefix}.file-list`}>
            {state.context.files.map((f, i) => (
              <li key={`${f.name}-${i}`}>
                {f.name}{' '}
                <button type="button" className="link-btn" onClick={() => send({ type: 'proof.remove', index: i })}>
                  {t('confirm_remove')}
                </button>
              </li>
            ))}
          </ul>
          <Field label={t('confirm_remark')}>
            <textarea
              className="input"
              data-testid={`${prefix}.remark`}
              rows={2}
              value={state.context.remark}
              onChange={(e) => send({ type: 'proof.remark', remark: e.target.value })}
            />
          </Field>
          <ActionRow
            actions={[
              { label: t('confirm_send'), testId: `${prefix}.send`, primary: true, disabled: busy, onClick: () => send({ type: 'proof.submit' }) },
              { label: t('confirm_cancel'), disabled: busy, onClick: () => send({ type: 'proof.cancel' }) },
            ]}
          />
        </div>
      )}
      <FormError testId={`${prefix}.error`} message={state.context.error} />
    </div>
  );
}

/** One withdrawal in the member's list: status, amounts, and the answer while it is paid. */
function WithdrawalItem({ w, currency, onChanged }: { w: TWithdrawal; currency: string; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <li className="card withdrawal" data-testid={`withdraw.item.${w.id}`} data-status={w.status}>
      <div className="withdrawal__head">
        <strong>{formatMinor(w.amountMinor, language, currency)}</strong>
        <span className={`badge badge--${w.status}`} data-testid={`withdraw.item.${w.id}.status`}>
          {t(`money_status_${w.status}`)}
        </span>
      </div>
      <p className="dialog__text">
        {t('money_reference')}: {w.reference} · {w.bankName} {w.maskedNumber} · <time dateTime={w.createdAt}>{localDateTime(w.createdAt, i18n.language)}</time>
      </p>
      {w.receivedMinor !== null && (
        <p className="dialog__text">{t('withdraw_received_amount', { amount: formatMinor(w.receivedMinor, language, currency) })}</p>
      )}
      {w.remainingMinor !== null && (
        <p className="dialog__text" data-testid={`withdraw.item.${w.id}.remaining`}>
          {t('withdraw_remaining', { amount: formatMinor(w.remainingMinor, language, currency) })}
        </p>
      )}
      {w.remark && <p className="dialog__text">{w.remark}</p>}
      {w.status === 'paid' && <ConfirmPanel withdrawal={w} onDone={onChanged} />}
    </li>
  );
}

/**
 * Withdraw page (docs/0029; docs/rules/money.md#m-10 withdraw): bank account, amount (typed like
 * "1,250.50", parsed by the shared parseAmountInput), withdraw password, the merchant's limits, and
 * the member's withdrawals with the docs/rules/money.md#m-10 answer. The platform enforces every rule shown here.
 */
export default function WithdrawPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const ready = useAreaTexts('money', 'withdraw');
  const trpc = useTRPC();
  const qc = useQueryClient();
  const overview = useQuery(trpc.withdraw.overview.queryOptions(undefined, { staleTime: 0 }));
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: trpc.withdraw.overview.queryKey() });
    void qc.invalidateQueries({ queryKey: trpc.member.pathKey() });
  };
  const [bankAccountId, setBankAccountId] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const [key, setKey] = useState(newKey);
  const [done, setDone] = useState<string | null>(null);
  // The request refused with the forfeit warning, kept to resend with forfeitBonus once confirmed (docs/0095).
  const [forfeit, setForfeit] = useState<{ input: TWithdrawRequest; bonusMinor: number } | null>(null);
  const request = useMutation(
    trpc.withdraw.request.mutationOptions({
      onSuccess: (w) => {
        setDone(w.reference);
        setAmount('');
        setPassword('');
        setKey(newKey());
        setForfeit(null);
        refresh();
      },
      onError: (err, input) => {
        if (errorKey(err) === BONUS_WAGER_MESSAGES.forfeitWarning && !input.forfeitBonus) setForfeit({ input, bonusMinor: upstreamOf(err).bonusMinor ?? 0 });
      },
    }),
  );

  if (!ready || overview.isLoading) return <div className="page-loading" aria-busy="true" data-testid="withdraw.loading" />;
  if (!overview.data) return <FormError testId="withdraw.load-error" message={t(errorKey(overview.error))} />;
  const o = overview.data;
  const bank = bankAccountId ?? o.bankAccounts[0]?.id ?? null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    const minor = parseAmountInput(amount);
    if (minor === null) return setLocalError('amount_invalid');
    if (minor < o.minMinor) return setLocalError('withdraw_amount_below_min');
    if (minor > o.maxMinor) return setLocalError('withdraw_amount_above_max');
    if (bank === null) return setLocalError('withdraw_no_bank');
    setLocalError(null);
    request.mutate({ bankAccountId: bank, amountMinor: minor, withdrawPassword: password, idempotencyKey: key });
  };
  const warned = forfeit !== null && !request.isPending;
  const error = localError ?? (request.error && !warned ? errorKey(request.error) : null);
  // A new payout account's cooling-off names how long is left (docs/0068); a VIP level's daily limit names the limit and when it resets (docs/0100).
  const errorParams = localError === null && request.error ? refusalParams(upstreamOf(request.error).fieldErrors, language, o.currencySymbol) : undefined;
  return (
    <div className="member-content" data-testid="withdraw.page">
      <section className="card">
        <h2>{t('withdraw_title')}</h2>
        <p className="dialog__text" data-testid="withdraw.balance">
          {t('withdraw_balance', { amount: formatMinor(o.balanceMinor, language, o.currencySymbol) })}
        </p>
        <p className="dialog__text" data-testid="withdraw.limits">
          {t('withdraw_limits', {
            min: formatMinor(o.minMinor, language, o.currencySymbol),
            max: formatMinor(o.maxMinor, language, o.currencySymbol),
            used: o.usedToday,
            count: o.dailyCount,
          })}
        </p>
        {!o.withdrawPasswordSet || o.bankAccounts.length === 0 ? (
          <p className="dialog__text" data-testid="withdraw.setup-first">
            {t(!o.withdrawPasswordSet ? 'money_set_withdraw_password_first' : 'withdraw_no_bank')}{' '}
            <Link to="/member/securityCenter" data-testid="withdraw.security-link">
              {t('withdraw_security_link')}
            </Link>
          </p>
        ) : (
          <form className="form" onSubmit={submit} noValidate>
            <Field label={t('withdraw_bank_account')}>
              <select className="input" data-testid="withdraw.bank" value={bank ?? ''} onChange={(e) => setBankAccountId(Number(e.target.value))}>
                {o.bankAccounts.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.bankName} {a.maskedNumber}
                  </option>
                ))}
              </select>
            </Field>
            <InputField label={t('withdraw_amount')} inputMode="decimal" testId="withdraw.amount" maxLength={20} value={amount} onValue={setAmount} />
            <PasswordField label={t('withdraw_password')} autoComplete="off" testId="withdraw.password" value={password} onValue={setPassword} />
            <FormError testId="withdraw.error" message={error ? t(error, errorParams ?? {}) : null} />
            {done && (
              <p className="form__success" role="status" data-testid="withdraw.done">
                {t('withdraw_requested', { reference: done })}
              </p>
            )}
            <SubmitButton testId="withdraw.submit" pending={request.isPending}>
              {t('withdraw_submit')}
            </SubmitButton>
          </form>
        )}
        {forfeit && (
          <ConfirmDialog
            testId="withdraw.forfeit"
            title={t('withdraw_forfeit_title')}
            text={t('withdraw_forfeit_text', { amount: formatMinor(forfeit.bonusMinor, language, o.currencySymbol) })}
            yes={t('withdraw_forfeit_yes')}
            no={t('withdraw_forfeit_no')}
            busy={request.isPending}
            onYes={() => request.mutate({ ...forfeit.input, forfeitBonus: true })}
            onClose={() => setForfeit(null)}
          />
        )}
      </section>
      <section className="card">
        <h2>{t('withdraw_list_title')}</h2>
        {o.withdrawals.length === 0 ? (
          <p className="dialog__text">{t('withdraw_empty')}</p>
        ) : (
          <ul className="plain-list" data-testid="withdraw.list">
            {o.withdrawals.map((w) => (
              <WithdrawalItem key={w.id} w={w} currency={o.currencySymbol} onChanged={refresh} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
