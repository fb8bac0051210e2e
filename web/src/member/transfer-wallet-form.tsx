import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { TMerchantWalletResponse } from '@wl/schemas/wps/transfer-calls';
import { walletTransferMachine, type TWalletTransferRequest } from '@wl/flows/transfer/wallet-transfer.machine';
import { Field, FormSubmit } from '../accounts/form-parts.tsx';
import { AmountField, moneyFlowError, useMoneyMachineKit } from './transfer-parts.tsx';

/** The wallet machine with this page's calls; after a move the balances on the page and in the header refresh. */
function useWalletMachine() {
  const { trpc, client, qc, session, keyOf, trialRefused } = useMoneyMachineKit('wallet');
  return useMemo(() => {
    const moved = async (call: () => Promise<{ mainMinor: number }>) => {
      const r = await call().catch((err: unknown) => {
        throw moneyFlowError(err);
      });
      session.current.refreshBalance();
      void qc.invalidateQueries({ queryKey: trpc.transfer.wallets.queryKey() });
      void qc.invalidateQueries({ queryKey: trpc.transfer.consolidated.queryKey() });
      return { mainMinor: r.mainMinor };
    };
    return walletTransferMachine.provide({
      actors: {
        transfer: fromPromise(({ input }: { input: TWalletTransferRequest }) =>
          moved(() =>
            client.transfer.wallet.mutate({
              direction: input.direction,
              code: input.code,
              amountMinor: input.amountMinor,
              key: keyOf(input.attempt),
            }),
          ),
        ),
        recall: fromPromise(({ input }: { input: { attempt: number } }) => moved(() => client.transfer.recall.mutate({ key: keyOf(input.attempt) }))),
      },
      actions: { trialRefused },
    });
  }, [client, qc, trpc, session, keyOf, trialRefused]);
}

/** Multi-wallet mode: a direction, a game wallet and an amount, or "move everything back", on the flows wallet transfer machine. */
export function WalletForm({ data, money }: { data: TMerchantWalletResponse; money: (minor: number) => string }) {
  const { t } = useTranslation();
  const [state, send] = useMachine(useWalletMachine());
  const { direction, code, amount, fieldError, formError, movedMainMinor } = state.context;
  const chosen = code ?? data.wallets[0]?.code ?? '';
  const held = data.wallets.filter((w) => w.balanceMinor > 0);
  return (
    <form
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'wallet.submit', code: chosen });
      }}
      noValidate
    >
      <fieldset className="money__channels">
        <legend className="field__label">{t('wallet_direction')}</legend>
        {(['in', 'out'] as const).map((d) => (
          <label key={d} className={`money__channel${d === direction ? ' is-active' : ''}`} data-testid={`wallet.direction.${d}`}>
            <input type="radio" name="wallet-direction" value={d} checked={d === direction} onChange={() => send({ type: 'wallet.direction', direction: d })} />
            <span>{t(`wallet_direction_${d}`)}</span>
          </label>
        ))}
      </fieldset>
      <Field label={t('wallet_choose')}>
        <select className="input" data-testid="wallet.code" value={chosen} onChange={(e) => send({ type: 'wallet.code', code: e.target.value })}>
          {data.wallets.map((w) => (
            <option key={w.code} value={w.code}>
              {w.name} — {money(w.balanceMinor)}
            </option>
          ))}
        </select>
      </Field>
      <AmountField amount={amount} error={fieldError} onAmount={(text) => send({ type: 'wallet.amount', text })} testId="wallet.amount" />
      <FormSubmit errorTestId="wallet.error" error={formError} testId="wallet.submit" pending={state.matches('transferring')}>
        {t('wallet_submit')}
      </FormSubmit>
      <button
        type="button"
        className="btn btn--ghost btn--block"
        data-testid="wallet.recall"
        disabled={state.matches('recalling') || held.length === 0}
        onClick={() => send({ type: 'wallet.recall' })}
      >
        {t('wallet_recall')}
      </button>
      {movedMainMinor !== null && (
        <p className="money__hint" role="status" data-testid="wallet.done">
          {t('wallet_done', { main: money(movedMainMinor) })}
        </p>
      )}
    </form>
  );
}
