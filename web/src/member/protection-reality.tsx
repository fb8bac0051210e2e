import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { REALITY_CHECK_MINUTES } from '@wl/schemas/domain/protection';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { formatDigits } from '../lib/numbers.ts';

type TInterval = (typeof REALITY_CHECK_MINUTES)[number];

/**
 * The responsible gaming page's reality check (docs/0104): the interval in force (the member's own,
 * or the site's default), chosen from 15, 30 or 60 minutes, or off. The server stops play when it
 * falls due until the member answers it on the game page.
 */
export function RealityCheckSection() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const session = useQuery(trpc.protection.session.queryOptions(undefined, { staleTime: 0 }));
  const [choice, setChoice] = useState<string | null>(null);
  const save = useMutation(
    trpc.protection.realityCheck.mutationOptions({
      onSuccess: (answer) => {
        queryClient.setQueryData(trpc.protection.session.queryKey(), answer);
        setChoice(null);
      },
    }),
  );
  const current = session.data?.realityCheck;
  const value = choice ?? (current?.intervalMinutes ? String(current.intervalMinutes) : 'off');
  return (
    <section className="card" aria-labelledby="rg-reality" data-testid="protection.reality">
      <h3 id="rg-reality">{t('rg_reality_title')}</h3>
      <p className="rewards__note">{t('rg_reality_text')}</p>
      {current && !current.own && current.intervalMinutes !== null && <p className="rewards__note">{t('rg_reality_default')}</p>}
      <form
        className="protection__reality"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ intervalMinutes: value === 'off' ? null : (Number(value) as TInterval) });
        }}
      >
        <label htmlFor="rg-reality-interval">{t('rg_reality_interval')}</label>
        <select id="rg-reality-interval" data-testid="protection.reality.interval" value={value} onChange={(e) => setChoice(e.target.value)}>
          <option value="off">{t('rg_reality_off')}</option>
          {REALITY_CHECK_MINUTES.map((m) => (
            <option key={m} value={String(m)}>
              {t('rg_minutes', { n: formatDigits(m, i18n.language) })}
            </option>
          ))}
        </select>
        <button type="submit" className="btn btn--primary btn--small" data-testid="protection.reality.save" disabled={save.isPending}>
          {t('rg_reality_save')}
        </button>
        {save.isSuccess && choice === null && (
          <span role="status" data-testid="protection.reality.saved">
            {t('rg_saved_now')}
          </span>
        )}
        {save.error && (
          <span className="form__error" role="alert">
            {t(errorKey(save.error))}
          </span>
        )}
      </form>
    </section>
  );
}
