import { useTranslation } from 'react-i18next';
import { useMachine } from '@xstate/react';
import { crashVerifyMachine, type TCrashVerifyField, type TCrashVerifyInput } from '@wl/flows/crash/crash-verify.machine';
import { formatMultiplier } from '../lib/numbers-later.ts';

/** Recomputes a round's crash point in the browser from its revealed seed (flows crashVerifyMachine, schemas/games/crash.ts). */
export function CrashVerify({ initial }: { initial: TCrashVerifyInput }) {
  const { t, i18n } = useTranslation();
  const [state, send] = useMachine(crashVerifyMachine, { input: initial });
  const { input, result, invalid } = state.context;
  const field = (key: TCrashVerifyField, label: string) => (
    <label className="fair__field">
      <span>{label}</span>
      <input
        value={input[key]}
        onChange={(e) => send({ type: 'verify.change', field: key, value: e.target.value })}
        data-testid={`crash.verify.${key}`}
        spellCheck={false}
        autoComplete="off"
      />
    </label>
  );
  return (
    <form
      className="fair__verify"
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'verify.run' });
      }}
      data-testid="crash.verify"
    >
      <h3>{t('fair_verify_title')}</h3>
      <p>{t('crash_verify_intro')}</p>
      {input.mixTickets && <p data-testid="crash.verify.tickets">{t('crash_verify_mix', { count: input.mixTickets.length })}</p>}
      {field('serverSeed', t('fair_server_seed'))}
      {field('expectedHash', t('fair_expected_hash'))}
      {field('gameCode', t('crash_game_code'))}
      {field('roundNo', t('crash_round_no'))}
      <button type="submit" className="btn btn--ghost" data-testid="crash.verify.run">
        {t('fair_verify_run')}
      </button>
      {invalid && (
        <p className="form-error" role="alert">
          {t('crash_verify_invalid')}
        </p>
      )}
      {result && (
        <div className="fair__result" aria-live="polite">
          <p data-testid="crash.verify.hash">{result.hash === input.expectedHash ? t('fair_hash_ok') : t('fair_hash_bad')}</p>
          <p data-testid="crash.verify.point">{t('crash_verify_point', { x: formatMultiplier(result.x100, i18n.language) })}</p>
        </div>
      )}
    </form>
  );
}
