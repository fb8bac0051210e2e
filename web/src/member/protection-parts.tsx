import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TDepositRoom, TProtectionLimit, TProtectionLimitKind, TProtectionStatus } from '@wl/schemas/wps/protection-calls';
import { parseAmountInput } from '@wl/schemas/domain/money';
import { errorKey, useTRPC, useTRPCClient } from '../api/trpc.ts';
import { FieldAlert, TextInput } from '../accounts/form-parts.tsx';
import { formatDigits } from '../lib/numbers.ts';
import { localDateTime, minorInputText } from '../lib/numbers-later.ts';
import { useMoney } from './use-money.ts';

/** Where the member's protection page is (linked from the footer and the deposit page). */
export const PROTECTION_PAGE_PATH = '/member/responsibleGaming';

/** The member's protection status, and the calls that change it; each answers the new status, which replaces the cached one. */
export function useProtection() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const qc = useQueryClient();
  const status = useQuery(trpc.protection.limits.queryOptions(undefined, { staleTime: 10_000 }));
  const done = (next: TProtectionStatus) => {
    qc.setQueryData(trpc.protection.limits.queryKey(), next);
    void qc.invalidateQueries({ queryKey: trpc.protection.history.queryKey() });
  };
  const set = useMutation({ mutationFn: (req: { kind: TProtectionLimitKind; value: number | null }) => client.protection.set.mutate(req), onSuccess: done });
  const confirm = useMutation({ mutationFn: (kind: TProtectionLimitKind) => client.protection.confirm.mutate({ kind }), onSuccess: done });
  const cancel = useMutation({ mutationFn: (kind: TProtectionLimitKind) => client.protection.cancel.mutate({ kind }), onSuccess: done });
  const prompt = useMutation({ mutationFn: (choice: 'set' | 'skip') => client.protection.prompt.mutate({ choice }), onSuccess: done });
  return { status, set, confirm, cancel, prompt };
}

/** A limit's value as the member reads it: money in the currency, a session in minutes, in the page's digits. */
export function useLimitText(): (kind: TProtectionLimitKind, value: number | null) => string {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  return (kind, value) => {
    if (value === null) return t('rg_none');
    return kind === 'session_minutes' ? t('rg_minutes', { n: formatDigits(value, i18n.language) }) : money(value);
  };
}

/** What the member typed as a limit: minor units for money, whole minutes for a session; null when it is not one. */
export function parseLimitInput(kind: TProtectionLimitKind, text: string): number | null {
  const minor = parseAmountInput(text);
  if (minor === null) return null;
  if (kind !== 'session_minutes') return minor;
  return minor % 100 === 0 ? minor / 100 : null;
}

/** The deposit room left under the member's deposit limits and when it grows again; nothing without a deposit limit. */
export function DepositRoomNote({ room }: { room: TDepositRoom }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  if (room.roomMinor === null) return null;
  return (
    <p className="rewards__note" data-testid="protection.room" role="status">
      {t('rg_room', { room: money(room.roomMinor) })}
      {room.backAt && ` · ${t('rg_room_back', { when: localDateTime(room.backAt, i18n.language) })}`}
    </p>
  );
}

/** One limit: what is in force, a change waiting (confirm or cancel it), and a new value to save or the limit to remove. */
export function LimitRow({ limit, protection }: { limit: TProtectionLimit; protection: ReturnType<typeof useProtection> }) {
  const { t, i18n } = useTranslation();
  const text = useLimitText();
  const [typed, setTyped] = useState(limit.value === null ? '' : limit.kind === 'session_minutes' ? String(limit.value) : minorInputText(limit.value));
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const id = `rg-${limit.kind}`;
  const busy = protection.set.isPending || protection.confirm.isPending || protection.cancel.isPending;
  const save = (value: number | null) => {
    setSaved(null);
    protection.set.mutate(
      { kind: limit.kind, value },
      {
        onSuccess: (next) => {
          setProblem(null);
          setSaved(next.limits.find((l) => l.kind === limit.kind)?.pending ? 'rg_saved_pending' : 'rg_saved_now');
        },
        onError: (err) => setProblem(errorKey(err)),
      },
    );
  };
  const submit = () => {
    const value = parseLimitInput(limit.kind, typed);
    if (value === null) return setProblem('rg_value_invalid');
    save(value);
  };
  const p = limit.pending;
  const pendingValue = p && (p.value === null ? t('rg_pending_removal') : text(limit.kind, p.value));
  return (
    <li className="protection__limit" data-testid={`protection.limit.${limit.kind}`}>
      <div className="protection__head">
        <label htmlFor={id} className="protection__label">
          {t(`rg_kind_${limit.kind}`)}
        </label>
        <strong data-testid={`protection.value.${limit.kind}`}>{text(limit.kind, limit.value)}</strong>
      </div>
      {p && (
        <div className="protection__pending" data-testid={`protection.pending.${limit.kind}`}>
          <span>
            {p.confirmable
              ? t('rg_pending_due', { value: pendingValue })
              : t('rg_pending', { value: pendingValue, when: localDateTime(p.effectiveAt, i18n.language) })}
          </span>
          <span className="protection__actions">
            {p.confirmable && (
              <button type="button" className="btn btn--small" disabled={busy} onClick={() => protection.confirm.mutate(limit.kind)}>
                {t('rg_confirm')}
              </button>
            )}
            <button
              type="button"
              className="btn btn--ghost btn--small"
              data-testid={`protection.cancel.${limit.kind}`}
              disabled={busy}
              onClick={() => protection.cancel.mutate(limit.kind)}
            >
              {t('rg_cancel')}
            </button>
          </span>
        </div>
      )}
      <form
        className="protection__form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextInput
          id={id}
          testId={`protection.input.${limit.kind}`}
          inputMode="decimal"
          autoComplete="off"
          maxLength={20}
          placeholder={t('rg_new_value')}
          value={typed}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-error` : undefined}
          onValue={setTyped}
        />
        <button type="submit" className="btn btn--small" data-testid={`protection.save.${limit.kind}`} disabled={busy}>
          {t('rg_save')}
        </button>
        {limit.value !== null && (
          <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={() => save(null)}>
            {t('rg_remove')}
          </button>
        )}
      </form>
      <FieldAlert id={`${id}-error`} testId={`protection.error.${limit.kind}`} message={problem} />
      {saved && (
        <span className="rewards__done" role="status" data-testid={`protection.saved.${limit.kind}`}>
          {t(saved)}
        </span>
      )}
    </li>
  );
}

/** The deposit page's link to the protection page. */
export function ProtectionLink() {
  const { t } = useTranslation();
  return (
    <Link to={PROTECTION_PAGE_PATH} className="protection__link" data-testid="deposit.protection-link">
      {t('rg_link')}
    </Link>
  );
}
