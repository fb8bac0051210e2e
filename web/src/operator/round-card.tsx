import { useTranslation } from 'react-i18next';
import type { TOperatorRound } from '@wl/schemas/wps/operator-rounds-calls';
import { localDateTime } from '../lib/numbers-later.ts';

/** One round: game, member and state, then its figures and its provably fair data. */
export function RoundCard({ r, gameName, money, outcome }: { r: TOperatorRound; gameName: string; money: (minor: number) => string; outcome: string }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="operator-rounds__round" data-testid={`operator.round.${r.roundId}`}>
      <p className="operator-rounds__head">
        <strong>{gameName}</strong> · {r.username ? <span translate="no">{r.username}</span> : t('oprounds_visitor')} ·{' '}
        <span data-testid="operator.round.state">{t(`oprounds_state_${r.state}`)}</span>
      </p>
      <dl className="operator-rounds__facts">
        <dt>{t('oprounds_round')}</dt>
        <dd translate="no">{r.roundId}</dd>
        <dt>{t('oprounds_played_at')}</dt>
        <dd>{localDateTime(r.playedAt, i18n.language)}</dd>
        <dt>{t('oprounds_bet')}</dt>
        <dd>{money(r.stakeMinor)}</dd>
        <dt>{t('oprounds_win')}</dt>
        <dd>{money(r.payoutMinor)}</dd>
        <dt>{t('oprounds_outcome')}</dt>
        <dd>{outcome}</dd>
        <dt>{t('oprounds_server_seed_hash')}</dt>
        <dd className="operator-rounds__hex" translate="no">
          {r.serverSeedHash}
        </dd>
        <dt>{t('oprounds_server_seed')}</dt>
        <dd className="operator-rounds__hex" translate={r.serverSeed ? 'no' : undefined}>
          {r.serverSeed ?? t('oprounds_not_revealed')}
        </dd>
        <dt>{t('oprounds_client_seed')}</dt>
        <dd className="operator-rounds__hex" translate="no">
          {r.clientSeed}
        </dd>
        <dt>{t('oprounds_nonce')}</dt>
        <dd translate="no">{r.nonce}</dd>
      </dl>
    </li>
  );
}
