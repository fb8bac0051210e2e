import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { POINTS_DEPOSIT_PLAY_THROUGH_DAYS } from '@wl/schemas/constants';
import { formatNumber } from '../lib/numbers.ts';
import { localDateTime } from '../lib/numbers-later.ts';
import { errorKey, useTRPC, useTRPCClient } from '../api/trpc.ts';
import { inputIssuesOf } from '../api/flow-errors.ts';
import { Field, FormError, InputField, PasswordField, SubmitButton } from '../accounts/form-parts.tsx';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { useSession } from '../session/session-context.tsx';
import { RewardsPage, useMinorFormat } from './rewards-parts.tsx';
import '../styles/rewards.css';

/*
 * The points mall (docs/0113, SPEC §2 /pointMall): the member's current points, the goods, and the
 * sub-pages the SPEC names: redeem history, points details, rules, goods details, exchange-rate
 * table. Opening it sends `points.reward`, which credits what the member's play and deposits earned
 * since (the job does the same every minute). Inside the member centre: it guards sign-in and trial
 * accounts, and its route costs the first load no more than one path (docs/0022).
 */

const SUB_PAGES = ['', 'history', 'details', 'rules', 'rates'] as const;
const TAB_TEXT: Readonly<Record<(typeof SUB_PAGES)[number], string>> = {
  '': 'points_tab_mall',
  history: 'points_tab_history',
  details: 'points_tab_details',
  rules: 'points_tab_rules',
  rates: 'points_tab_rates',
};
const ENTRY_TYPES = ['live', 'lott', 'pvp', 'rng', 'sports', 'deposit', 'redeem', 'convert', 'refund'] as const;
type TEntryType = (typeof ENTRY_TYPES)[number];

const newKey = (what: string) => `points-${what}-${crypto.randomUUID()}`;

/** The first refused field's message, else the refusal's. */
function refusal(err: unknown): string {
  const issue = inputIssuesOf(err)[0];
  return issue && /^[a-z][a-z0-9_]*$/.test(issue.message) && issue.message !== 'error_bad_request' ? issue.message : errorKey(err);
}

export default function PointMallPage() {
  const ready = useAreaTexts('money', 'withdraw');
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const trpc = useTRPC();
  const sub = useParams()['*'] ?? '';
  // The earn step first (it credits what play and deposits earned since), then the read, which moves nothing (docs/0100).
  const { mutate: collect, isIdle, isPending } = useMutation(trpc.points.reward.mutationOptions());
  useEffect(() => collect(), [collect]);
  const balance = useQuery(trpc.points.balance.queryOptions(undefined, { staleTime: 0, enabled: !isIdle && !isPending }));

  if (!ready || balance.isPending) return <div className="page-loading" aria-busy="true" data-testid="points.loading" />;
  if (balance.error) {
    return (
      <p className="form__error" role="alert" data-testid="points.error">
        {t(errorKey(balance.error))}
      </p>
    );
  }
  const goodsId = /^goods\/(\d{1,9})$/.exec(sub)?.[1];
  const tab = (SUB_PAGES as readonly string[]).includes(sub) ? (sub as (typeof SUB_PAGES)[number]) : null;
  return (
    <RewardsPage testId="points.page" icon="reward" title={t('points_title')}>
      <p className="rewards__current" data-testid="points.balance" data-points={balance.data?.balance ?? 0} aria-live="polite">
        {t('points_current', { points: formatNumber(balance.data?.balance ?? 0, language) })}
      </p>
      <p className="rewards__note">{t('points_never_expire')}</p>
      <nav className="points__tabs" aria-label={t('points_title')}>
        {SUB_PAGES.map((p) => (
          <Link
            key={p}
            to={p ? `/pointMall/${p}` : '/pointMall'}
            className={`menu-link${tab === p ? ' is-active' : ''}`}
            aria-current={tab === p ? 'page' : undefined}
            data-testid={`points.tab.${p || 'mall'}`}
          >
            {t(TAB_TEXT[p])}
          </Link>
        ))}
      </nav>
      {goodsId ? (
        <GoodsDetails id={Number(goodsId)} />
      ) : tab === '' ? (
        <Mall />
      ) : tab === 'history' ? (
        <RedeemHistory />
      ) : tab === 'details' ? (
        <PointsDetails />
      ) : tab === 'rules' ? (
        <Rules />
      ) : tab === 'rates' ? (
        <Rates />
      ) : (
        <p className="no-data">{t('points_not_found')}</p>
      )}
    </RewardsPage>
  );
}

function usePointsConfig() {
  const trpc = useTRPC();
  return useQuery(trpc.points.config.queryOptions(undefined, { staleTime: 10_000 }));
}

/** The goods on offer, and the conversion of points to cash. */
function Mall() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const config = usePointsConfig();
  if (!config.data) return <div className="page-loading" aria-busy="true" />;
  return (
    <>
      <h3>{t('points_goods')}</h3>
      {config.data.goods.length === 0 ? (
        <p className="no-data">{t('points_no_goods')}</p>
      ) : (
        <ul className="rewards__levels" data-testid="points.goods">
          {config.data.goods.map((g) => (
            <li key={g.id} className="rewards__level" data-testid="points.goods.item" data-goods-id={g.id}>
              <h4>{g.name}</h4>
              <p>{t('points_cost', { points: formatNumber(g.points, language) })}</p>
              <p className="rewards__note">
                {g.stock > 0 ? t('points_stock', { count: g.stock, stock: formatNumber(g.stock, language) }) : t('points_sold_out')}
              </p>
              <Link to={`/pointMall/goods/${g.id}`} className="btn btn--primary" data-testid={`points.goods.open.${g.id}`}>
                {t('points_goods_details')}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Convert exchangePoints={config.data.exchangePoints} exchangeMinor={config.data.exchangeMinor} minPoints={config.data.minConvertPoints} />
    </>
  );
}

/** Points to cash at the operator's ratio: one key per attempt, so a resend is the same conversion. */
function Convert({ exchangePoints, exchangeMinor, minPoints }: { exchangePoints: number; exchangeMinor: number; minPoints: number }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const trpc = useTRPC();
  const client = useTRPCClient();
  const qc = useQueryClient();
  const session = useSession();
  const money = useMinorFormat();
  const [points, setPoints] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const key = useRef(newKey('convert'));
  const convert = useMutation({
    mutationFn: (n: number) => client.points.convert.mutate({ points: n, key: key.current }),
    onSuccess: () => {
      key.current = newKey('convert');
      setPoints('');
      session.refreshBalance();
    },
    onSettled: () => qc.invalidateQueries({ queryKey: trpc.points.pathKey() }),
  });
  if (exchangePoints === 0) return <p className="rewards__note">{t('points_convert_closed')}</p>;
  const n = Number(points);
  const cash = Number.isSafeInteger(n) && n > 0 ? Math.floor((n * exchangeMinor) / exchangePoints) : 0;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{1,10}$/.test(points) || n < minPoints) {
      setLocalError('points_convert_below_minimum');
      return;
    }
    setLocalError(null);
    convert.mutate(n);
  };
  const error = localError ?? (convert.error ? refusal(convert.error) : null);
  return (
    <form className="form" onSubmit={submit} noValidate data-testid="points.convert">
      <h3>{t('points_convert_title')}</h3>
      <p className="rewards__note">
        {t('points_ratio', { points: formatNumber(exchangePoints, language), amount: money(exchangeMinor) })}{' '}
        {t('points_convert_min', { points: formatNumber(minPoints, language) })}
      </p>
      <InputField label={t('points_convert_points')} inputMode="numeric" maxLength={10} testId="points.convert.points" value={points} onValue={setPoints} />
      {cash > 0 && <p className="rewards__note">{t('points_convert_gives', { amount: money(cash) })}</p>}
      <FormError testId="points.convert.error" message={error} params={{ min: formatNumber(minPoints, language) }} />
      {convert.data && (
        <p className="rewards__done" role="status" data-testid="points.convert.done">
          {t('points_converted', { points: formatNumber(convert.data.points, language), amount: money(convert.data.amountMinor) })}
        </p>
      )}
      <SubmitButton testId="points.convert.submit" pending={convert.isPending}>
        {t('points_convert_submit')}
      </SubmitButton>
    </form>
  );
}

/** One good with its redeem form: quantity, receiving address, mobile and the withdraw password (SPEC §5). */
function GoodsDetails({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const trpc = useTRPC();
  const client = useTRPCClient();
  const qc = useQueryClient();
  const config = usePointsConfig();
  const [quantity, setQuantity] = useState(1);
  const [address, setAddress] = useState('');
  const [mobile, setMobile] = useState('');
  const [password, setPassword] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const key = useRef(newKey('redeem'));
  const redeem = useMutation({
    mutationFn: () =>
      client.points.redeem.mutate({ goodsId: id, quantity, address: address.trim(), mobile: mobile.trim(), withdrawPassword: password, key: key.current }),
    onSuccess: () => {
      key.current = newKey('redeem');
      setPassword('');
    },
    onSettled: () => qc.invalidateQueries({ queryKey: trpc.points.pathKey() }),
  });
  if (!config.data) return <div className="page-loading" aria-busy="true" />;
  const good = config.data.goods.find((g) => g.id === id);
  if (!good) return <p className="no-data">{t('points_goods_unavailable')}</p>;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem =
      address.trim().length < 5 || address.trim().length > 140
        ? 'points_address_invalid'
        : !/^\+?[0-9]{7,15}$/.test(mobile.trim())
          ? 'points_mobile_invalid'
          : password === ''
            ? 'points_password_required'
            : null;
    setLocalError(problem);
    if (!problem) redeem.mutate();
  };
  const error = localError ?? (redeem.error ? refusal(redeem.error) : null);
  return (
    <section data-testid="points.goods.details" data-goods-id={id}>
      <h3>{good.name}</h3>
      <p>{good.description}</p>
      <p className="rewards__current">{t('points_cost', { points: formatNumber(good.points, language) })}</p>
      <p className="rewards__note">
        {good.stock > 0 ? t('points_stock', { count: good.stock, stock: formatNumber(good.stock, language) }) : t('points_sold_out')}
      </p>
      {redeem.data ? (
        <p className="rewards__done" role="status" data-testid="points.redeem.done" data-reference={redeem.data.order.reference}>
          {t('points_redeemed', { reference: redeem.data.order.reference })}{' '}
          <Link to="/pointMall/history" data-testid="points.redeem.history">
            {t('points_tab_history')}
          </Link>
        </p>
      ) : (
        <form className="form" onSubmit={submit} noValidate data-testid="points.redeem">
          <Field label={t('points_quantity')}>
            <select className="input" data-testid="points.redeem.quantity" value={quantity} onChange={(e) => setQuantity(Number(e.target.value))}>
              {[1, 2, 3, 4, 5].map((q) => (
                <option key={q} value={q}>
                  {formatNumber(q, language)}
                </option>
              ))}
            </select>
          </Field>
          <InputField
            label={t('points_address')}
            testId="points.redeem.address"
            maxLength={140}
            autoComplete="street-address"
            value={address}
            onValue={setAddress}
          />
          <InputField
            label={t('points_mobile')}
            testId="points.redeem.mobile"
            inputMode="tel"
            maxLength={16}
            autoComplete="tel"
            value={mobile}
            onValue={setMobile}
          />
          <PasswordField label={t('withdraw_password')} autoComplete="off" testId="points.redeem.password" value={password} onValue={setPassword} />
          <FormError testId="points.redeem.error" message={error} />
          <SubmitButton testId="points.redeem.submit" pending={redeem.isPending} disabled={redeem.isPending || good.stock === 0}>
            {t('points_redeem_submit', { points: formatNumber(good.points * quantity, language) })}
          </SubmitButton>
        </form>
      )}
    </section>
  );
}

/** The member's orders and their states, newest first. */
function RedeemHistory() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const trpc = useTRPC();
  const orders = useQuery(trpc.points.redeemList.queryOptions({ pageNo: 1, pageSize: 50 }, { staleTime: 0 }));
  if (!orders.data) return <div className="page-loading" aria-busy="true" />;
  if (orders.data.rows.length === 0) return <p className="no-data">{t('points_no_orders')}</p>;
  return (
    <ul className="rewards__levels" data-testid="points.orders">
      {orders.data.rows.map((o) => (
        <li key={o.id} className="rewards__level" data-testid="points.order" data-reference={o.reference} data-status={o.status}>
          <h3>{o.name}</h3>
          <dl>
            <dt>{t('points_reference')}</dt>
            <dd>{o.reference}</dd>
            <dt>{t('points_quantity')}</dt>
            <dd>{formatNumber(o.quantity, language)}</dd>
            <dt>{t('points_points')}</dt>
            <dd>{formatNumber(o.points, language)}</dd>
            <dt>{t('points_address')}</dt>
            <dd>{o.address}</dd>
            <dt>{t('points_status')}</dt>
            <dd data-testid="points.order.status">{t(`points_order_${o.status}`)}</dd>
            <dt>{t('points_time')}</dt>
            <dd>{localDateTime(o.updatedAt, language)}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** Every change of the member's points, newest first, of one type when chosen. */
function PointsDetails() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const trpc = useTRPC();
  const [type, setType] = useState<TEntryType | ''>('');
  const history = useQuery(trpc.points.history.queryOptions({ pageNo: 1, pageSize: 50, ...(type ? { type } : {}) }, { staleTime: 0 }));
  return (
    <>
      <Field label={t('points_type')}>
        <select className="input" data-testid="points.details.type" value={type} onChange={(e) => setType(e.target.value as TEntryType | '')}>
          <option value="">{t('points_type_all')}</option>
          {ENTRY_TYPES.map((e) => (
            <option key={e} value={e}>
              {t(`points_type_${e}`)}
            </option>
          ))}
        </select>
      </Field>
      {!history.data ? (
        <div className="page-loading" aria-busy="true" />
      ) : history.data.rows.length === 0 ? (
        <p className="no-data">{t('points_no_entries')}</p>
      ) : (
        <table className="rewards__table" data-testid="points.entries">
          <thead>
            <tr>
              <th scope="col">{t('points_type')}</th>
              <th scope="col">{t('points_changed')}</th>
              <th scope="col">{t('points_balance_after')}</th>
              <th scope="col">{t('points_time')}</th>
            </tr>
          </thead>
          <tbody>
            {history.data.rows.map((r) => (
              <tr key={r.id} data-testid="points.entry" data-type={r.type}>
                <th scope="row">
                  {t(`points_type_${r.type}`)}
                  <br />
                  <small>{r.reference}</small>
                </th>
                <td>{(r.points > 0 ? '+' : '−') + formatNumber(Math.abs(r.points), language)}</td>
                <td>{formatNumber(r.balance, language)}</td>
                <td>{localDateTime(r.createdAt, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** How points are earned and spent, with the operator's rates. */
function Rules() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = useMinorFormat();
  const config = usePointsConfig();
  if (!config.data) return <div className="page-loading" aria-busy="true" />;
  return (
    <section data-testid="points.rules">
      <p>{t('points_rules_earn', { days: formatNumber(POINTS_DEPOSIT_PLAY_THROUGH_DAYS, language) })}</p>
      <table className="rewards__table">
        <thead>
          <tr>
            <th scope="col">{t('points_source')}</th>
            <th scope="col">{t('points_per_100', { amount: money(100_00) })}</th>
          </tr>
        </thead>
        <tbody>
          {config.data.rates.map((r) => (
            <tr key={r.source}>
              <th scope="row">{t(`points_type_${r.source}`)}</th>
              <td>{formatNumber(r.pointsPer100, language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{t('points_rules_valid')}</p>
      <p>{t('points_rules_redeem')}</p>
      <p>{t('points_never_expire')}</p>
    </section>
  );
}

/** What points are worth in cash at the operator's ratio, for a few amounts. */
function Rates() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = useMinorFormat();
  const config = usePointsConfig();
  if (!config.data) return <div className="page-loading" aria-busy="true" />;
  const { exchangePoints, exchangeMinor, minConvertPoints } = config.data;
  if (exchangePoints === 0) return <p className="rewards__note">{t('points_convert_closed')}</p>;
  const amounts = [1, 10, 100, 1000].map((m) => Math.max(minConvertPoints, exchangePoints) * m);
  return (
    <table className="rewards__table" data-testid="points.rates">
      <thead>
        <tr>
          <th scope="col">{t('points_points')}</th>
          <th scope="col">{t('points_cash')}</th>
        </tr>
      </thead>
      <tbody>
        {amounts.map((p) => (
          <tr key={p}>
            <th scope="row">{formatNumber(p, language)}</th>
            <td>{money(Math.floor((p * exchangeMinor) / exchangePoints))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
