import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTRPC } from '../api/trpc.ts';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { formatMinor } from '../lib/numbers.ts';
import { useSession } from '../session/session-context.tsx';
import { Icon } from './icons.tsx';

/**
 * The header's rebate prompt (docs/0091): shown only while the platform says a rebate is really
 * claimable (rewards.rebates above zero), linking to the manualRebate page. The page's claim
 * refreshes the same query, so the prompt goes as soon as the rebate is paid. Never asked for a
 * trial account, which cannot claim.
 */
export function RebatePrompt() {
  const { i18n } = useTranslation();
  const trpc = useTRPC();
  const session = useSession();
  const real = session.audience === 'member' || session.audience === 'agent';
  const rebates = useQuery(trpc.rewards.rebates.queryOptions(undefined, { enabled: real, staleTime: 60_000, retry: false }));
  const total = rebates.data?.totalMinor ?? 0;
  if (!real || total <= 0) return null;
  return <ReadyRebate amount={formatMinor(total, i18n.language, session.balance?.currencySymbol ?? '')} />;
}

/** The prompt itself, with the money texts fetched only when there is a rebate to show (none in the first load). */
function ReadyRebate({ amount }: { amount: string }) {
  const { t } = useTranslation();
  if (!useAreaTexts('money')) return null;
  return (
    <Link to="/member/manualRebate" className="chip rebate-prompt" data-testid="header.rebate" aria-label={t('rebate_ready_label', { amount })}>
      <Icon name="rebate" size={14} /> {t('rebate_ready', { amount })}
    </Link>
  );
}
