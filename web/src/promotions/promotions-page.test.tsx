import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PROMOTION_CATEGORIES } from '@wl/schemas/wps/catalogue-call-set';
import { AreaTexts } from '../i18n/area-texts.ts';
import promotionsBn from '../i18n/promotions.bn.json';
import promotionsEn from '../i18n/promotions.en.json';
import { renderWithApp, type THandlers, type TOutputOf } from '../test/render.tsx';
import PromotionsPage from './promotions-page.tsx';

type TPromotion = TOutputOf<'content.promotion'>;

const promo = (over: Partial<TPromotion> & Pick<TPromotion, 'id' | 'category' | 'title'>): TPromotion => ({
  imageUrl: `/wps/assets/banner/p${over.id}.svg`,
  startsAt: '2026-03-01T00:00:00.000Z',
  endsAt: null,
  comingSoon: false,
  rules: '1. First rule.\n2. Second rule.',
  ...over,
});

const welcome = promo({ id: 1, category: 'NEW_MEMBER', title: 'Welcome bonus' });
const reload = promo({ id: 3, category: 'DEPOSIT', title: 'Daily reload', endsAt: '2026-04-30T00:00:00.000Z' });
const cricket = promo({ id: 6, category: 'EVENT', title: 'Cricket festival', comingSoon: true });

function renderPage(handlers: THandlers, path = '/promotions') {
  return renderWithApp(
    <AreaTexts areas={['promotions']} fallback={null}>
      <PromotionsPage />
    </AreaTexts>,
    { handlers, path },
  );
}

const titles = () => screen.getAllByTestId('promotions.card').map((c) => within(c).getByRole('heading').textContent);

describe('PromotionsPage (docs/rules/content.md#c-13)', () => {
  it('lists every promotion with its banner, period and rules, and filters by category tab', async () => {
    const { calls } = renderPage({ 'content.promotions': () => ({ list: [welcome, reload, cricket] }) });
    await waitFor(() => expect(titles()).toEqual(['Welcome bonus', 'Daily reload', 'Cricket festival']));
    expect(calls.find((c) => c.path === 'content.promotions')?.input).toEqual({ language: 'en' });

    const [first, second, third] = screen.getAllByTestId('promotions.card');
    expect(first!.querySelector('img')?.getAttribute('src')).toBe('/wps/assets/banner/p1.svg');
    // The first screen's banners load at once, the first (the largest paint) ahead; the rest when near (docs/0086).
    const banners = [first, second, third].map((c) => c!.querySelector('img')!);
    expect(banners.map((b) => [b.getAttribute('loading'), b.getAttribute('fetchpriority')])).toEqual([
      ['eager', 'high'],
      ['eager', null],
      ['lazy', null],
    ]);
    expect(within(first!).getByTestId('promotions.period').textContent).toBe('From 01/03/2026, no end date');
    expect(within(second!).getByTestId('promotions.period').textContent).toBe('01/03/2026 to 30/04/2026');
    expect(within(first!).getByTestId('promotions.rules').querySelectorAll('p')).toHaveLength(2);
    expect(within(third!).getByTestId('promotions.coming-soon').textContent).toBe('Coming soon');
    expect(within(first!).queryByTestId('promotions.coming-soon')).toBeNull();
    // Read-only: no button but the category tabs (claiming needs the bonus engine).
    expect(screen.queryAllByRole('button')).toEqual([]);

    // Tabs: All plus the categories that have promotions, in the server's order.
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['All', 'New members', 'Deposit', 'Events']);
    fireEvent.click(screen.getByTestId('promotions.tab.DEPOSIT'));
    await waitFor(() => expect(titles()).toEqual(['Daily reload']));
    expect(screen.getByTestId('promotions.tab.DEPOSIT').getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByTestId('promotions.tab.all'));
    await waitFor(() => expect(titles()).toHaveLength(3));
  });

  it('opens on the category in the address, and each title links to the promotion alone', async () => {
    renderPage({ 'content.promotions': () => ({ list: [welcome, reload, cricket] }) }, '/promotions?category=EVENT');
    await waitFor(() => expect(titles()).toEqual(['Cricket festival']));
    expect(screen.getByRole('link', { name: 'Cricket festival' }).getAttribute('href')).toBe('/promotions?id=6');
  });

  it('shows one promotion with its rules open for ?id=, and the server refusal for one that ended', async () => {
    const { calls } = renderPage({ 'content.promotion': ({ id }) => (id === 3 ? reload : Promise.reject(new Error('error_not_found'))) }, '/promotions?id=3');
    const detail = await screen.findByTestId('promotions.detail');
    expect(within(detail).getByRole('heading', { level: 3 }).textContent).toBe('Daily reload');
    expect(within(detail).getByTestId('promotions.rules').textContent).toContain('Second rule.');
    expect(calls.find((c) => c.path === 'content.promotion')?.input).toEqual({ id: 3, language: 'en' });
    expect(screen.getByTestId('promotions.back').getAttribute('href')).toBe('/promotions');

    renderPage({ 'content.promotion': () => Promise.reject(new Error('error_not_found')) }, '/promotions?id=99');
    expect((await screen.findByTestId('promotions.error')).textContent).toBe('Not found.');
  });

  it('says so when there are no promotions', async () => {
    renderPage({ 'content.promotions': () => ({ list: [] }) });
    expect((await screen.findByTestId('promotions.empty')).textContent).toContain('No promotions right now');
  });

  it('names every category in both languages', () => {
    for (const c of PROMOTION_CATEGORIES) {
      expect(promotionsEn, c).toHaveProperty(`promotions_category_${c}`);
      expect(promotionsBn, c).toHaveProperty(`promotions_category_${c}`);
    }
  });
});
