import { useTranslation } from 'react-i18next';
import { useMachine } from '@xstate/react';
import { crashVerifyMachine, type TCrashVerifyField, type TCrashVerifyInput } from '@wl/flows/crash/crash-verify.machine';
import { formatMultiplier } from '../lib/numbers-later.ts';
import { VerifyForm, type TVerifySpec } from './verify-form.tsx';

const CRASH_VERIFY: TVerifySpec<TCrashVerifyField> = {
  testId: 'crash.verify',
  title: 'fair_verify_title',
  intro: 'crash_verify_intro',
  run: 'fair_verify_run',
  invalid: 'crash_verify_invalid',
  hashOk: 'fair_hash_ok',
  hashBad: 'fair_hash_bad',
  fields: [
    ['serverSeed', 'fair_server_seed'],
    ['expectedHash', 'fair_expected_hash'],
    ['gameCode', 'crash_game_code'],
    ['roundNo', 'crash_round_no'],
  ],
};

/** Recomputes a round's crash point in the browser from its revealed seed (flows crashVerifyMachine, schemas/games/crash.ts). */
export function CrashVerify({ initial }: { initial: TCrashVerifyInput }) {
  const { t, i18n } = useTranslation();
  const [state, send] = useMachine(crashVerifyMachine, { input: initial });
  const { input, result, invalid } = state.context;
  return (
    <VerifyForm
      spec={CRASH_VERIFY}
      state={{ values: input, onField: (field, value) => send({ type: 'verify.change', field, value }), run: () => send({ type: 'verify.run' }), invalid }}
      note={input.mixTickets && <p data-testid="crash.verify.tickets">{t('crash_verify_mix', { count: input.mixTickets.length })}</p>}
      outcome={
        result && {
          hashOk: result.hash === input.expectedHash,
          view: <p data-testid="crash.verify.point">{t('crash_verify_point', { x: formatMultiplier(result.x100, i18n.language) })}</p>,
        }
      }
    />
  );
}
