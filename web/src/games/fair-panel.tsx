import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import type { TFairCommitment, TWlgRound, TWlgSeedResponse } from '@wl/schemas';
import { CLIENT_SEED_PATTERN, fairFloats, serverSeedHash } from '@wl/schemas/games/fair';
import { SLOT_BETS_PER_LINE_MINOR, slotSpin } from '@wl/schemas/games/slot';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { formatMinor } from '../lib/numbers.ts';
import { SlotSymbol } from './slot-symbol.tsx';
import { BetPerLineSelect } from './bet-per-line-select.tsx';
import { RoundList, useVerifyState, VerifyForm, type TVerifySpec } from './verify-form.tsx';

type TVerifyInput = { serverSeed: string; clientSeed: string; nonce: string; betPerLineMinor: number; expectedHash: string };

const SLOT_VERIFY: TVerifySpec<'serverSeed' | 'expectedHash' | 'clientSeed' | 'nonce'> = {
  testId: 'fair.verify',
  title: 'fair_verify_title',
  intro: 'fair_verify_intro',
  run: 'fair_verify_run',
  invalid: 'game_client_seed_invalid',
  hashOk: 'fair_hash_ok',
  hashBad: 'fair_hash_bad',
  fields: [
    ['serverSeed', 'fair_server_seed'],
    ['expectedHash', 'fair_expected_hash'],
    ['clientSeed', 'fair_client_seed'],
    ['nonce', 'fair_nonce_label'],
  ],
};

/** Recomputes a slot round in the browser from its seeds and nonce (the documented formula, schemas/games). */
export function VerifyView({ initial, currencySymbol }: { initial: TVerifyInput; currencySymbol: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const verify = useVerifyState(
    initial,
    (input) => /^[0-9]{1,9}$/.test(input.nonce) && CLIENT_SEED_PATTERN.test(input.clientSeed) && input.serverSeed.length > 0,
    async (input) => {
      const [floats, hash] = await Promise.all([fairFloats(input.serverSeed, input.clientSeed, Number(input.nonce), 5), serverSeedHash(input.serverSeed)]);
      return { spin: slotSpin(floats, input.betPerLineMinor), hash };
    },
  );
  const { input, setInput, result } = verify;
  return (
    <VerifyForm
      spec={SLOT_VERIFY}
      state={verify}
      outcome={
        result && {
          hashOk: result.hash === input.expectedHash,
          testId: 'fair.verify.result',
          view: (
            <>
              <div className="slot__reels slot__reels--small">
                {result.spin.grid.map((row, r) =>
                  row.map((s, c) => (
                    <div key={`${r}:${c}`} className="slot__cell">
                      <SlotSymbol symbol={s} size={18} />
                    </div>
                  )),
                )}
              </div>
              <p data-testid="fair.verify.win">
                {t('slot_win')}: {formatMinor(result.spin.winMinor, language, currencySymbol)}
              </p>
            </>
          ),
        }
      }
    >
      <BetPerLineSelect
        className="fair__field"
        value={input.betPerLineMinor}
        onChange={(betPerLineMinor) => setInput({ ...input, betPerLineMinor })}
        currencySymbol={currencySymbol}
      />
    </VerifyForm>
  );
}

/** The fairness panel: the commitment, the client seed, revealed seeds, the rounds and their verify view. */
export function FairPanel({
  token,
  fair,
  currencySymbol,
  rounds,
  onSeed,
}: {
  token: string;
  fair: TFairCommitment;
  currencySymbol: string;
  rounds: TWlgRound[];
  onSeed: (answer: TWlgSeedResponse) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const trpc = useTRPC();
  const [clientSeed, setClientSeed] = useState('');
  const [revealed, setRevealed] = useState<TWlgSeedResponse['revealed'][]>([]);
  const [verifying, setVerifying] = useState<TWlgRound | null>(null);
  const seed = useMutation(
    trpc.games.seed.mutationOptions({
      onSuccess: (answer) => {
        setRevealed((r) => [answer.revealed, ...r]);
        setClientSeed('');
        onSeed(answer);
      },
    }),
  );
  const invalid = clientSeed !== '' && !CLIENT_SEED_PATTERN.test(clientSeed);
  return (
    <section className="fair card" aria-labelledby="fair-title" data-testid="fair">
      <h2 id="fair-title">{t('fair_title')}</h2>
      <p>{t('fair_intro')}</p>
      <dl className="fair__commitment">
        <dt>{t('fair_server_seed_hash')}</dt>
        <dd data-testid="fair.hash">{fair.serverSeedHash}</dd>
        <dt>{t('fair_client_seed')}</dt>
        <dd data-testid="fair.client-seed">{fair.clientSeed}</dd>
        <dt>{t('fair_next_server_seed_hash')}</dt>
        <dd data-testid="fair.next-hash">{fair.nextServerSeedHash}</dd>
        <dt>{t('fair_nonce')}</dt>
        <dd data-testid="fair.nonce" translate="no">
          {fair.nonce}
        </dd>
      </dl>
      <form
        className="fair__seed"
        onSubmit={(e) => {
          e.preventDefault();
          if (!invalid) seed.mutate({ token, ...(clientSeed ? { clientSeed } : {}) });
        }}
      >
        <label className="fair__field">
          <span>{t('fair_client_seed')}</span>
          <input
            value={clientSeed}
            onChange={(e) => setClientSeed(e.target.value)}
            maxLength={64}
            aria-invalid={invalid}
            data-testid="fair.new-seed"
            spellCheck={false}
            autoComplete="off"
          />
        </label>
        {invalid && <p className="form-error">{t('game_client_seed_invalid')}</p>}
        {seed.isError && (
          <p className="form-error" role="alert">
            {t(errorKey(seed.error))}
          </p>
        )}
        <button type="submit" className="btn btn--ghost" disabled={seed.isPending || invalid} data-testid="fair.rotate">
          {t('fair_change_seed')}
        </button>
      </form>
      {revealed.map((r) => (
        <p key={r.serverSeedHash} className="fair__revealed" data-testid="fair.revealed">
          {t('fair_revealed', { rounds: r.rounds })}: <code>{r.serverSeed}</code>
        </p>
      ))}
      <RoundList title={t('fair_rounds')} testId="fair.rounds" empty={rounds.length === 0 ? t('fair_no_rounds') : null}>
        {rounds.map((round) => (
          <li key={round.roundId} className="fair__round" data-testid="fair.round">
            <span>{t('fair_round', { id: round.roundId, nonce: round.nonce })}</span>
            <span>
              {formatMinor(round.stakeMinor, language, currencySymbol)} → {formatMinor(round.payoutMinor, language, currencySymbol)}
            </span>
            {round.serverSeed ? (
              <button type="button" className="btn btn--ghost btn--small" data-testid="fair.round.verify" onClick={() => setVerifying(round)}>
                {t('fair_verify')}
              </button>
            ) : (
              <span className="fair__hidden">{t('fair_seed_hidden')}</span>
            )}
          </li>
        ))}
      </RoundList>
      <VerifyView
        key={verifying?.roundId ?? 'blank'}
        currencySymbol={currencySymbol}
        initial={{
          serverSeed: verifying?.serverSeed ?? '',
          clientSeed: verifying?.clientSeed ?? '',
          nonce: verifying ? String(verifying.nonce) : '',
          betPerLineMinor: verifying ? verifying.stakeMinor / 25 : SLOT_BETS_PER_LINE_MINOR[3],
          expectedHash: verifying?.serverSeedHash ?? '',
        }}
      />
    </section>
  );
}
