import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { InputField } from '../accounts/form-parts.tsx';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { formatNumber } from '../lib/numbers.ts';
import { localDateTime } from '../lib/numbers-later.ts';
import '../styles/money.css';
import '../styles/operator.css';
import { refusalKey, SectionHead } from './parts.tsx';

/*
 * The console's points mall (docs/0113): earn rates and the exchange ratio (read by every role with
 * config.read, changed by finance: money.write), the goods (content: whitelabel.write) and the
 * orders with their states (content). The platform checks each; every change is audited there.
 */

type TCan = { moneyWrite: boolean; contentWrite: boolean };
const SOURCES = ['live', 'lott', 'pvp', 'rng', 'sports', 'deposit'] as const;
const digits = (text: string) => (/^\d{1,10}$/.test(text.trim()) ? Number(text.trim()) : NaN);

export default function OperatorPoints({ can }: { can: TCan }) {
  const ready = useAreaTexts('money', 'deposit');
  const { t } = useTranslation();
  if (!ready) return <span className="spinner" aria-busy="true" />;
  return (
    <section className="operator__section" data-testid="operator.points">
      <h2>{t('points_title')}</h2>
      <PointsSettings canWrite={can.moneyWrite} />
      <Goods canWrite={can.contentWrite} />
      {can.contentWrite && <Orders />}
    </section>
  );
}

function PointsSettings({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const settings = useQuery(trpc.operator.pointsSettings.queryOptions(undefined, { staleTime: 0 }));
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const s = settings.data;
    if (!s) return;
    setDraft({
      ...Object.fromEntries(s.rates.map((r) => [r.source, String(r.pointsPer100)])),
      exchangePoints: String(s.exchangePoints),
      exchangeMinor: String(s.exchangeMinor),
      minConvertPoints: String(s.minConvertPoints),
    });
  }, [settings.data]);
  const save = useMutation(
    trpc.operator.setPointsSettings.mutationOptions({
      onSuccess: () => setError(null),
      onError: (err: unknown) => setError(refusalKey(err)),
      onSettled: () => void qc.invalidateQueries({ queryKey: trpc.operator.pointsSettings.queryKey() }),
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = (k: string) => digits(draft[k] ?? '');
    const numbers = [...SOURCES, 'exchangePoints', 'exchangeMinor', 'minConvertPoints'].map(value);
    if (numbers.some((n) => Number.isNaN(n))) {
      setError('points_settings_invalid');
      return;
    }
    save.mutate({
      rates: SOURCES.map((source) => ({ source, pointsPer100: value(source) })),
      exchangePoints: value('exchangePoints'),
      exchangeMinor: value('exchangeMinor'),
      minConvertPoints: value('minConvertPoints'),
    });
  };
  const field = (key: string, label: string) => (
    <InputField
      key={key}
      label={label}
      inputMode="numeric"
      maxLength={10}
      readOnly={!canWrite}
      testId={`operator.points.settings.${key}`}
      value={draft[key] ?? ''}
      onValue={(v) => setDraft((d) => ({ ...d, [key]: v }))}
    />
  );
  return (
    <form className="form" onSubmit={submit} noValidate data-testid="operator.points.settings">
      <h3>{t('points_op_settings')}</h3>
      {(error ?? settings.error) && (
        <p className="form__error" role="alert" data-testid="operator.points.settings.error">
          {t(error ?? errorKey(settings.error))}
        </p>
      )}
      <div className="operator__filters">{SOURCES.map((s) => field(s, t('points_op_rate', { source: t(`points_type_${s}`) })))}</div>
      <div className="operator__filters">
        {field('exchangePoints', t('points_op_exchange_points'))}
        {field('exchangeMinor', t('points_op_exchange_minor'))}
        {field('minConvertPoints', t('points_op_min_convert'))}
      </div>
      {canWrite && (
        <button type="submit" className="btn btn--primary btn--small" disabled={save.isPending} data-testid="operator.points.settings.save">
          {t('points_op_save')}
        </button>
      )}
    </form>
  );
}

const EMPTY_GOOD = { nameEn: '', nameBn: '', descriptionEn: '', descriptionBn: '', points: '', stock: '' };

function Goods({ canWrite }: { canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const goods = useQuery(trpc.operator.pointsGoods.queryOptions(undefined, { staleTime: 0 }));
  const [draft, setDraft] = useState<typeof EMPTY_GOOD & { id?: number; active?: boolean }>(EMPTY_GOOD);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(
    trpc.operator.savePointsGoods.mutationOptions({
      onSuccess: () => {
        setError(null);
        setDraft(EMPTY_GOOD);
      },
      onError: (err: unknown) => setError(refusalKey(err)),
      onSettled: () => void qc.invalidateQueries({ queryKey: trpc.operator.pointsGoods.queryKey() }),
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const points = digits(draft.points);
    const stock = digits(draft.stock);
    if (Number.isNaN(points) || Number.isNaN(stock) || points < 1 || !draft.nameEn.trim() || !draft.nameBn.trim()) {
      setError('points_goods_invalid');
      return;
    }
    save.mutate({
      ...(draft.id === undefined ? {} : { id: draft.id }),
      nameEn: draft.nameEn,
      nameBn: draft.nameBn,
      descriptionEn: draft.descriptionEn,
      descriptionBn: draft.descriptionBn,
      points,
      stock,
      active: draft.active ?? true,
    });
  };
  const set = (key: keyof typeof EMPTY_GOOD) => (v: string) => setDraft((d) => ({ ...d, [key]: v }));
  return (
    <div data-testid="operator.points.goods">
      <SectionHead title={t('points_goods')} testId="operator.points.goods" refreshText={t('op_refresh')} onRefresh={() => void goods.refetch()} />
      <ul className="money__list">
        {(goods.data?.rows ?? []).map((g) => (
          <li key={g.id} className="money__row" data-testid="operator.points.goods.item" data-goods-id={g.id}>
            <strong>{i18n.language === 'bn' ? g.nameBn : g.nameEn}</strong>
            <span>{t('points_cost', { points: formatNumber(g.points, i18n.language) })}</span>
            <span>{t('points_stock', { stock: formatNumber(g.stock, i18n.language) })}</span>
            <span>{t(g.active ? 'points_op_active' : 'points_op_inactive')}</span>
            {canWrite && (
              <button
                type="button"
                className="btn btn--ghost btn--small"
                data-testid={`operator.points.goods.edit.${g.id}`}
                onClick={() => setDraft({ ...g, points: String(g.points), stock: String(g.stock) })}
              >
                {t('points_op_edit')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {canWrite && (
        <form className="form" onSubmit={submit} noValidate data-testid="operator.points.goods.form">
          <h3>{t(draft.id === undefined ? 'points_op_new_good' : 'points_op_edit_good')}</h3>
          <div className="operator__filters">
            <InputField label={t('points_op_name_en')} maxLength={80} testId="operator.points.goods.nameEn" value={draft.nameEn} onValue={set('nameEn')} />
            <InputField label={t('points_op_name_bn')} maxLength={80} testId="operator.points.goods.nameBn" value={draft.nameBn} onValue={set('nameBn')} />
            <InputField
              label={t('points_op_description_en')}
              maxLength={1000}
              testId="operator.points.goods.descriptionEn"
              value={draft.descriptionEn}
              onValue={set('descriptionEn')}
            />
            <InputField
              label={t('points_op_description_bn')}
              maxLength={1000}
              testId="operator.points.goods.descriptionBn"
              value={draft.descriptionBn}
              onValue={set('descriptionBn')}
            />
            <InputField
              label={t('points_points')}
              inputMode="numeric"
              maxLength={9}
              testId="operator.points.goods.points"
              value={draft.points}
              onValue={set('points')}
            />
            <InputField
              label={t('points_op_stock')}
              inputMode="numeric"
              maxLength={7}
              testId="operator.points.goods.stock"
              value={draft.stock}
              onValue={set('stock')}
            />
          </div>
          {draft.id !== undefined && (
            <label className="field">
              <input type="checkbox" checked={draft.active ?? true} onChange={(e) => setDraft((d) => ({ ...d, active: e.target.checked }))} />{' '}
              {t('points_op_active')}
            </label>
          )}
          {error && (
            <p className="form__error" role="alert" data-testid="operator.points.goods.error">
              {t(error)}
            </p>
          )}
          <button type="submit" className="btn btn--primary btn--small" disabled={save.isPending} data-testid="operator.points.goods.save">
            {t('points_op_save')}
          </button>
        </form>
      )}
    </div>
  );
}

/** The next states an order may take from where it is. */
const MOVES = { pending: ['shipped', 'rejected'], shipped: ['delivered', 'rejected'], delivered: [], rejected: [] } as const;

function Orders() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const orders = useQuery(trpc.operator.pointsOrders.queryOptions({ pageNo: 1, pageSize: 50 }, { staleTime: 0 }));
  const [error, setError] = useState<string | null>(null);
  const move = useMutation(
    trpc.operator.setPointsOrderStatus.mutationOptions({
      onSuccess: () => setError(null),
      onError: (err: unknown) => setError(refusalKey(err)),
      onSettled: () => void qc.invalidateQueries({ queryKey: trpc.operator.pointsOrders.queryKey() }),
    }),
  );
  return (
    <div data-testid="operator.points.orders">
      <SectionHead title={t('points_op_orders')} testId="operator.points.orders" refreshText={t('op_refresh')} onRefresh={() => void orders.refetch()} />
      {(error ?? orders.error) && (
        <p className="form__error" role="alert" data-testid="operator.points.orders.error">
          {t(error ?? errorKey(orders.error))}
        </p>
      )}
      {orders.isSuccess && orders.data.rows.length === 0 && <p className="no-data">{t('points_no_orders')}</p>}
      <ul className="money__list">
        {(orders.data?.rows ?? []).map((o) => (
          <li key={o.id} className="money__row" data-testid="operator.points.order" data-reference={o.reference} data-status={o.status}>
            <strong translate="no">{o.reference}</strong>
            <span translate="no">{o.username}</span>
            <span>
              {o.name} × {formatNumber(o.quantity, i18n.language)}
            </span>
            <span>{t('points_cost', { points: formatNumber(o.points, i18n.language) })}</span>
            <span translate="no">
              {o.address} · {o.mobile}
            </span>
            <span>{t(`points_order_${o.status}`)}</span>
            <time dateTime={o.updatedAt}>{localDateTime(o.updatedAt, i18n.language)}</time>
            <span className="operator__filters">
              {MOVES[o.status].map((to) => (
                <button
                  key={to}
                  type="button"
                  className={`btn btn--small ${to === 'rejected' ? 'btn--ghost' : 'btn--primary'}`}
                  disabled={move.isPending}
                  data-testid={`operator.points.order.${to}.${o.reference}`}
                  onClick={() => move.mutate({ orderId: o.id, status: to })}
                >
                  {t(`points_op_to_${to}`)}
                </button>
              ))}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
