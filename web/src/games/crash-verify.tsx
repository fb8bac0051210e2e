import { useTranslation } from 'react-i18next';
import { useMachine } from '@xstate/react';
import { crashVerifyMachine, type TCrashVerifyField, type TCrashVerifyInput } from '@wl/flows/crash/crash-verify.machine';
import { formatMultiplier } from '../lib/numbers-later.ts';
import { SeedField, VerifyForm } from './verify-form.tsx';

/** Recomputes a round's crash point in the browser from its revealed seed (flows crashVerifyMachine, schemas/games/crash.ts). */
export function CrashVerify({ initial }: { initial: TCrashVerifyInput }) {
  const { t, i18n } = useTranslation();
  const [state, send] = useMachine(crashVerifyMachine, { input: initial });
  const { input, result, invalid } = state.context;
  const field = (key: TCrashVerifyField, label: string) => (
    <SeedField label={label} testId={`crash.verify.${key}`} value={input[key]} onValue={(value) => send({ type: 'verify.change', field: key, value })} />
  );
  return (
    <VerifyForm
      testId="crash.verify"
      title={t('fair_verify_title')}
      intro={t('crash_verify_intro')}
      runLabel={t('fair_verify_run')}
      onRun={() => send({ type: 'verify.run' })}
      invalid={invalid ? t('crash_verify_invalid') : null}
      result={
        result && (
          <>
            <p data-testid="crash.verify.hash">{result.hash === input.expectedHash ? t('fair_hash_ok') : t('fair_hash_bad')}</p>
            <p data-testid="crash.verify.point">{t('crash_verify_point', { x: formatMultiplier(result.x100, i18n.language) })}</p>
          </>
        )
      }
    >
      {input.mixTickets && <p data-testid="crash.verify.tickets">{t('crash_verify_mix', { count: input.mixTickets.length })}</p>}
      {field('serverSeed', t('fair_server_seed'))}
      {field('expectedHash', t('fair_expected_hash'))}
      {field('gameCode', t('crash_game_code'))}
      {field('roundNo', t('crash_round_no'))}
    </VerifyForm>
  );
}
