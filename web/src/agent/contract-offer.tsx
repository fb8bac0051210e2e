import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TContractKind } from '@wl/schemas/domain/contracts';
import type { TContract, TContractOverview } from '@wl/schemas/wps/contract-calls';
import { Field, FormError, SubmitButton } from '../accounts/form-parts.tsx';
import { useTRPC } from '../api/trpc.ts';
import { ContractCard, failure, type TAction } from './contract-card.tsx';
import { TermsEditor, useTermsEditor } from './contract-terms.tsx';
import { StatusNote } from './report-parts.tsx';

type TActing = { pending: boolean; onAct: (c: TContract, a: TAction) => void };

/** The offer to one direct downline agent: whom, and the terms (capped by my own, docs/0049). */
function OfferForm({ kind, candidates, onOffered }: { kind: TContractKind; candidates: TContractOverview['candidates']; onOffered: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const editor = useTermsEditor(kind);
  const [memberId, setMemberId] = useState<number | ''>('');
  const [offerError, setOfferError] = useState<string | null>(null);
  const [offerDone, setOfferDone] = useState<string | null>(null);
  const offer = useMutation(
    trpc.agent.contractOffer.mutationOptions({
      onSuccess: (c) => {
        setOfferDone(t('contract_offer_done', { name: c.holder.nickname }));
        editor.reset();
        onOffered();
      },
      onError: (err) => setOfferError(failure(err)),
    }),
  );
  const submitOffer = (e: FormEvent) => {
    e.preventDefault();
    setOfferDone(null);
    if (memberId === '') return setOfferError('contract_pick_downline');
    const built = editor.build();
    if ('problem' in built) return setOfferError(built.problem);
    setOfferError(null);
    offer.mutate({ memberId, terms: built.terms });
  };
  return (
    <form className="form" onSubmit={submitOffer} noValidate>
      <Field label={t('contract_downline')}>
        <select
          className="input"
          data-testid="contract.offer-member"
          value={memberId}
          onChange={(e) => {
            setMemberId(e.target.value === '' ? '' : Number(e.target.value));
            setOfferError(null);
          }}
        >
          <option value="">{t('contract_pick_downline')}</option>
          {candidates.map((c) => (
            <option key={c.memberId} value={c.memberId} disabled={c.hasOffer}>
              {`${c.nickname} (${c.username})${c.hasOffer ? ` · ${t('contract_has_offer')}` : ''}`}
            </option>
          ))}
        </select>
      </Field>
      <p className="money__hint">{t('contract_cap_hint')}</p>
      <TermsEditor
        editor={editor}
        onChange={() => {
          setOfferError(null);
          setOfferDone(null);
        }}
      />
      <FormError testId="contract.offer-error" message={offerError} />
      <SubmitButton testId="contract.offer-submit" pending={offer.isPending}>
        {t('contract_offer_submit')}
      </SubmitButton>
      <StatusNote testId="contract.offer-done" text={offerDone} />
    </form>
  );
}

/**
 * The contracts I offer my direct downline agents: the offer form (once my own contract runs), the
 * live offers and contracts with their actions, and the last ten that ended.
 */
export function OfferedContracts({ kind, data, acting, onOffered }: { kind: TContractKind; data: TContractOverview; acting: TActing; onOffered: () => void }) {
  const { t } = useTranslation();
  const live = data.offered.filter((c) => c.state === 'new' || c.state === 'accepted' || c.state === 'termination');
  const ended = data.offered.filter((c) => !live.includes(c)).slice(0, 10);
  return (
    <section className="card">
      <h2>{t('contract_offer_title')}</h2>
      {data.mine && (data.mine.state === 'accepted' || data.mine.state === 'termination') ? (
        <OfferForm kind={kind} candidates={data.candidates} onOffered={onOffered} />
      ) : (
        <p className="no-data" data-testid="contract.offer-none">
          {t('contract_offer_needs_own')}
        </p>
      )}
      <h3>{t('contract_offered')}</h3>
      {live.length === 0 && <p className="no-data">{t('contract_offered_none')}</p>}
      {live.map((c) => (
        <ContractCard key={c.id} contract={c} side="upline" testId="contract.offered" pending={acting.pending} onAct={acting.onAct} />
      ))}
      {ended.length > 0 && (
        <details>
          <summary>{t('contract_offered_ended', { count: ended.length })}</summary>
          {ended.map((c) => (
            <ContractCard key={c.id} contract={c} side="upline" testId="contract.offered-ended" pending={acting.pending} onAct={acting.onAct} />
          ))}
        </details>
      )}
    </section>
  );
}
