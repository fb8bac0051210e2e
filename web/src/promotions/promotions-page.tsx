import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { inferRouterOutputs } from '@trpc/server';
import { errorKey, useTRPC, type AppRouter } from '../api/trpc.ts';
import { useSettings } from '../app/settings-context.tsx';
import { AreaTexts } from '../i18n/area-texts.ts';
import { Chip } from '../home/vendor-row.tsx';
import { Icon } from '../layout/icons.tsx';
import { localDate } from '../lib/numbers-later.ts';
import '../styles/promotions.css';

// A manual-apply promotion's form (docs/0098), its own chunk: only a real member's detail page loads it.
const ApplyForm = lazy(() => import('./apply-form.tsx'));

/** A promotion as the gateway answers it (content.promotion), typed from the router. */
type TPromotion = inferRouterOutputs<AppRouter>['content']['promotion'];
type TLanguage = ReturnType<typeof useSettings>['language'];

/** Its period in the language: from–to, or from with no end date. */
function Period({ p, language }: { p: TPromotion; language: TLanguage }) {
  const { t } = useTranslation();
  const from = localDate(p.startsAt, language);
  return (
    <p className="promo__period" data-testid="promotions.period">
      {p.endsAt ? t('promotions_period', { from, to: localDate(p.endsAt, language) }) : t('promotions_period_open', { from })}
    </p>
  );
}

/** The rules, one a line as the operator wrote them (each line carries its own number). */
function Rules({ text }: { text: string }) {
  return (
    <div className="promo__rules" data-testid="promotions.rules">
      {text
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line, i) => (
          <p key={i}>{line}</p>
        ))}
    </div>
  );
}

/** Category and, before it starts, "coming soon". */
function Tags({ p }: { p: TPromotion }) {
  const { t } = useTranslation();
  return (
    <p className="promo__tags">
      <span className="chip">{t(`promotions_category_${p.category}`)}</span>
      {p.comingSoon && (
        <span className="chip promo__soon" data-testid="promotions.coming-soon">
          {t('promotions_coming_soon')}
        </span>
      )}
    </p>
  );
}

/**
 * The list's first banners show on the first screen: they load at once, the first one ahead of the
 * rest (it is the page's largest paint, docs/0086); the others wait until they come near.
 */
const EAGER_BANNERS = 2;

/** One promotion in the list: banner, title (a link to it alone), period and its rules behind a disclosure. */
function PromotionCard({ p, language, index }: { p: TPromotion; language: TLanguage; index: number }) {
  const { t } = useTranslation();
  return (
    <article className="promo" data-testid="promotions.card" data-id={p.id} data-category={p.category}>
      <img
        className="promo__banner"
        src={p.imageUrl}
        alt=""
        width={1200}
        height={360}
        loading={index < EAGER_BANNERS ? 'eager' : 'lazy'}
        fetchPriority={index === 0 ? 'high' : undefined}
        decoding="async"
      />
      <div className="promo__body">
        <Tags p={p} />
        <h3 className="promo__title">
          <Link to={`/promotions?id=${p.id}`}>{p.title}</Link>
        </h3>
        <Period p={p} language={language} />
        {p.rules && (
          <details className="promo__more">
            <summary>{t('promotions_rules')}</summary>
            <Rules text={p.rules} />
          </details>
        )}
      </div>
    </article>
  );
}

/** The list with a tab per category that has promotions (`?category=` picks one; anything else is all). */
function PromotionList({ language }: { language: TLanguage }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const q = useQuery(trpc.content.promotions.queryOptions({ language }));
  if (q.error) {
    return (
      <p className="form__error" role="alert" data-testid="promotions.error">
        {t(errorKey(q.error))}
      </p>
    );
  }
  if (!q.data) return <div className="page-loading" aria-busy="true" />;
  const list = q.data.list;
  if (list.length === 0) {
    return (
      <p className="promotions__note" data-testid="promotions.empty">
        <Icon name="promotions" /> {t('promotions_empty')}
      </p>
    );
  }
  // The server answers in tab order, so the categories come out in it too.
  const categories = [...new Set(list.map((p) => p.category))];
  const requested = params.get('category');
  const selected = categories.find((c) => c === requested) ?? '';
  const choose = (category: string) => setParams(category ? { category } : {}, { replace: true });
  const shown = selected ? list.filter((p) => p.category === selected) : list;
  return (
    <>
      <div className="chips promotions__tabs" role="tablist" aria-label={t('promotions_categories')}>
        <Chip active={selected === ''} testId="promotions.tab.all" onClick={() => choose('')}>
          {t('promotions_all')}
        </Chip>
        {categories.map((c) => (
          <Chip key={c} active={c === selected} testId={`promotions.tab.${c}`} onClick={() => choose(c)}>
            {t(`promotions_category_${c}`)}
          </Chip>
        ))}
      </div>
      <div className="promotions__list">
        {shown.map((p, index) => (
          <PromotionCard key={p.id} p={p} language={language} index={index} />
        ))}
      </div>
    </>
  );
}

/** One promotion alone (`?id=`): a link to it, the banner, its period and its rules open. */
function PromotionDetail({ id, language }: { id: number; language: TLanguage }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const q = useQuery(trpc.content.promotion.queryOptions({ id, language }, { retry: false }));
  return (
    <>
      <Link className="promotions__back" to="/promotions" data-testid="promotions.back">
        <Icon name="back" /> {t('promotions_back')}
      </Link>
      {q.error ? (
        <p className="form__error" role="alert" data-testid="promotions.error">
          {t(errorKey(q.error))}
        </p>
      ) : !q.data ? (
        <div className="page-loading" aria-busy="true" />
      ) : (
        <article className="promo promo--detail" data-testid="promotions.detail" data-id={q.data.id}>
          <img className="promo__banner" src={q.data.imageUrl} alt="" width={1200} height={360} decoding="async" />
          <div className="promo__body">
            <Tags p={q.data} />
            <h3 className="promo__title">{q.data.title}</h3>
            <Period p={q.data} language={language} />
            <h4 className="promo__rules-title">{t('promotions_rules')}</h4>
            <Rules text={q.data.rules} />
            <Suspense fallback={null}>
              <ApplyForm promotionId={q.data.id} />
            </Suspense>
          </div>
        </article>
      )}
    </>
  );
}

/**
 * /promotions (docs/rules/content.md#c-13): the promotions that have not ended, by category, each
 * with its banner, period and rules; `?id=` shows one alone. Visitors browse it too. Read-only: how
 * a promotion is claimed belongs to the bonus engine, so no button here does nothing.
 */
function Promotions() {
  const { t } = useTranslation();
  const { language } = useSettings();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return (
    <section className="promotions" data-testid="promotions.page">
      {/* h2 under the shell's h1 (the site); each promotion's title is h3. */}
      <h2 className="row__title promotions__title">{t('nav_promotions')}</h2>
      {Number.isSafeInteger(id) && id > 0 ? <PromotionDetail id={id} language={language} /> : <PromotionList language={language} />}
    </section>
  );
}

/**
 * The page with its texts, which it waits for. It loads them itself, not the route: this chunk and
 * the texts load side by side, and the list is asked for while the texts come (docs/0086).
 */
export default function PromotionsPage() {
  const trpc = useTRPC();
  const { language } = useSettings();
  const [params] = useSearchParams();
  useQuery({ ...trpc.content.promotions.queryOptions({ language }), enabled: !params.has('id') });
  return (
    <AreaTexts areas={['promotions']} fallback={<div className="page-loading" aria-busy="true" />}>
      <Promotions />
    </AreaTexts>
  );
}
