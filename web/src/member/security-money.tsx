import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { FormError, FormSubmit, InputField, NewPasswordFields, PasswordField, SubmitButton, usePasswordPair } from '../accounts/form-parts.tsx';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { ContactsCard } from './security-contacts.tsx';
import { useStepUpMutation } from '../accounts/step-up-dialog.tsx';
import '../styles/money.css';
import { localDateTime } from '../lib/numbers-later.ts';

/** The withdraw password form: set the first time, change with the old one (docs/0033). */
function WithdrawPasswordForm({ isSet, onSaved }: { isSet: boolean; onSaved: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [oldPassword, setOld] = useState('');
  const passwords = usePasswordPair();
  const [saved, setSaved] = useState(false);
  // Setting or changing it needs a fresh step-up (docs/0068): the dialog asks, then the save is sent again.
  const { mutation: save, dialog } = useStepUpMutation(
    trpc.security.setWithdrawPassword.mutationOptions({
      onSuccess: () => {
        setSaved(true);
        setOld('');
        passwords.clear();
        onSaved();
      },
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    save.mutate({ ...(isSet ? { oldPassword } : {}), newPassword: passwords.newPassword, confirmNewPassword: passwords.confirmPassword });
  };
  return (
    <>
      <form className="form" onSubmit={submit} noValidate data-testid="security.withdraw-password">
        <p className="dialog__text" data-testid="security.withdraw-password-state">
          {t(isSet ? 'sec_withdraw_password_is_set' : 'sec_withdraw_password_not_set')}
        </p>
        {isSet && (
          <PasswordField label={t('sec_old_withdraw_password')} autoComplete="off" testId="security.withdraw-old" value={oldPassword} onValue={setOld} />
        )}
        <NewPasswordFields
          testIds={{ newPassword: 'security.withdraw-new', confirmPassword: 'security.withdraw-confirm' }}
          labels={{ newPassword: t('sec_new_withdraw_password'), confirmPassword: t('sec_confirm_withdraw_password') }}
          pair={passwords}
        />
        <FormError testId="security.withdraw-password-error" message={save.error ? t(errorKey(save.error)) : null} />
        {saved && (
          <p className="form__success" role="status" data-testid="security.withdraw-password-saved">
            {t('sec_saved')}
          </p>
        )}
        <SubmitButton testId="security.withdraw-password-save" pending={save.isPending}>
          {t('sec_save')}
        </SubmitButton>
      </form>
      {dialog}
    </>
  );
}

/** Bank accounts: the list, and a form while below the merchant's maximum. */
function BankAccounts({
  accounts,
  max,
  holderName,
  onAdded,
}: {
  accounts: { id: number; bankName: string; maskedNumber: string; holderName: string }[];
  max: number;
  holderName: string | null;
  onAdded: () => void;
}) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [bankName, setBankName] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [holder, setHolder] = useState(holderName ?? '');
  const { mutation: add, dialog } = useStepUpMutation(
    trpc.security.addBankAccount.mutationOptions({
      onSuccess: () => {
        setBankName('');
        setAccountNumber('');
        onAdded();
      },
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Once the member has a holder name the browser sees it only masked: the server uses its own (docs/0068).
    add.mutate({ bankName, accountNumber: accountNumber.replace(/\s+/g, ''), ...(holderName === null ? { holderName: holder } : {}) });
  };
  return (
    <div data-testid="security.banks">
      <p className="dialog__text">{t('sec_bank_count', { count: accounts.length, max })}</p>
      <ul className="plain-list" data-testid="security.bank-list">
        {accounts.map((a) => (
          <li key={a.id} data-testid={`security.bank.${a.id}`}>
            {a.bankName} {a.maskedNumber} · {a.holderName}
          </li>
        ))}
      </ul>
      {accounts.length < max && (
        <form className="form" onSubmit={submit} noValidate>
          <InputField label={t('sec_bank_name')} testId="security.bank-name" maxLength={80} value={bankName} onValue={setBankName} />
          <InputField
            label={t('sec_account_number')}
            inputMode="numeric"
            testId="security.bank-number"
            maxLength={40}
            value={accountNumber}
            onValue={setAccountNumber}
          />
          <InputField
            label={t('sec_holder_name')}
            testId="security.bank-holder"
            maxLength={100}
            value={holder}
            readOnly={holderName !== null}
            onValue={setHolder}
          />
          <FormSubmit errorTestId="security.bank-error" error={add.error ? t(errorKey(add.error)) : null} testId="security.bank-add" pending={add.isPending}>
            {t('sec_bank_add')}
          </FormSubmit>
        </form>
      )}
      {dialog}
    </div>
  );
}

/**
 * The money part of the security centre (docs/0033), a lazy chunk with its area texts: the
 * withdraw password, bound mobile and email (masked, bound with codes), bank accounts and the latest security changes.
 */
export default function SecurityMoney() {
  const { t, i18n } = useTranslation();
  const ready = useAreaTexts('money', 'withdraw');
  const trpc = useTRPC();
  const qc = useQueryClient();
  const centre = useQuery(trpc.security.centre.queryOptions(undefined, { staleTime: 0 }));
  const refresh = () => void qc.invalidateQueries({ queryKey: trpc.security.centre.queryKey() });
  if (!ready || centre.isLoading) return <div className="page-loading" aria-busy="true" />;
  if (!centre.data) return <FormError testId="security.money-error" message={t(errorKey(centre.error))} />;
  const c = centre.data;
  return (
    <>
      <section className="card">
        <h2>{t('sec_withdraw_password_title')}</h2>
        <WithdrawPasswordForm isSet={c.withdrawPasswordSet} onSaved={refresh} />
      </section>
      <ContactsCard maskedMobile={c.maskedMobile} maskedEmail={c.maskedEmail} onChanged={refresh} />
      <section className="card">
        <h2>{t('sec_bank_title')}</h2>
        <BankAccounts accounts={c.bankAccounts} max={c.bankAccountsMax} holderName={c.bankHolderName} onAdded={refresh} />
      </section>
      <section className="card" data-testid="security.changes">
        <h2>{t('sec_changes_title')}</h2>
        <ul className="plain-list">
          {c.recentChanges.map((change, i) => (
            <li key={`${change.at}-${i}`}>
              <time dateTime={change.at}>{localDateTime(change.at, i18n.language)}</time> · {t(`sec_action_${change.action.replaceAll('.', '_')}`)}
              {change.detail ? ` · ${change.detail}` : ''}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
