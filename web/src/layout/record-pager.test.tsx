import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import type { TLanguage } from '@wl/schemas';
import EN_CATALOGUE from '../i18n/en.ts';
import { createI18n } from '../i18n/i18n.ts';
import { pageCount, RecordPager } from './record-pager.tsx';

type TProps = Parameters<typeof RecordPager>[0];

/** Pagers in a language; the records texts are not preloaded: the pager fetches them itself. */
function renderPagers(language: TLanguage, ...pagers: Partial<TProps>[]) {
  const onPage = vi.fn<(pageNo: number) => void>();
  const i18n = createI18n(language, { en: EN_CATALOGUE });
  const ui = (list: Partial<TProps>[]) => (
    <I18nextProvider i18n={i18n}>
      {list.map((p, i) => (
        <RecordPager key={i} pageNo={1} total={45} pageSize={20} onPage={onPage} testId="records" {...p} />
      ))}
    </I18nextProvider>
  );
  const view = render(ui(pagers));
  return { ...view, onPage, rerender: (...next: Partial<TProps>[]) => view.rerender(ui(next)) };
}

describe('pageCount', () => {
  it('counts whole pages, at least one', () => {
    expect([pageCount(0, 20), pageCount(20, 20), pageCount(21, 20), pageCount(45, 20)]).toEqual([1, 1, 2, 3]);
  });
});

describe('RecordPager', () => {
  it('shows nothing while the total is unknown or the rows fit one page', async () => {
    const { container } = renderPagers('en', { total: undefined, testId: 'a' }, { total: 20, testId: 'b' }, { total: 21, testId: 'c' });
    expect((await screen.findByTestId('c.page-of')).textContent).toBe('Page 1 of 2');
    expect(container.querySelectorAll('nav')).toHaveLength(1);
    expect(screen.queryByTestId('a.page-of')).toBeNull();
    expect(screen.queryByTestId('b.page-of')).toBeNull();
  });

  it('names itself, counts pages and moves one page either way, disabled at each end', async () => {
    const { onPage, rerender } = renderPagers('en', {});
    const nav = await screen.findByRole('navigation', { name: 'Pages' });
    expect(nav.className).toBe('pager');
    expect(screen.getByTestId('records.page-of').textContent).toBe('Page 1 of 3');
    expect(screen.getByTestId('records.prev').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('records.next').hasAttribute('disabled')).toBe(false);
    fireEvent.click(screen.getByTestId('records.next'));
    expect(onPage).toHaveBeenLastCalledWith(2);

    rerender({ pageNo: 3 });
    expect(screen.getByTestId('records.page-of').textContent).toBe('Page 3 of 3');
    expect(screen.getByTestId('records.next').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('records.prev').hasAttribute('disabled')).toBe(false);
    fireEvent.click(screen.getByTestId('records.prev'));
    expect(onPage).toHaveBeenLastCalledWith(2);
    expect(onPage).toHaveBeenCalledTimes(2);
  });

  it('takes the name of the list it pages, so two pagers on one page are two distinct landmarks (axe landmark-unique)', async () => {
    renderPagers('en', { testId: 'a', list: 'Games' }, { testId: 'b', list: 'Rounds' });
    expect(await screen.findByRole('navigation', { name: 'Pages of Games' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Pages of Rounds' })).toBeTruthy();
  });

  it('writes BN with Bengali digits', async () => {
    renderPagers('bn', { pageNo: 2, total: 2500, pageSize: 20 });
    const nav = await screen.findByRole('navigation', { name: 'পৃষ্ঠা' });
    expect(screen.getByTestId('records.page-of').textContent).toBe('পৃষ্ঠা ২ / ১২৫');
    expect(nav.textContent).not.toMatch(/[0-9]/);
    expect(screen.getByTestId('records.prev').textContent).toBe('আগের');
  });

  it('keeps a page count test id a page named otherwise', async () => {
    renderPagers('en', { testId: 'operator.audit', pageTestId: 'operator.audit.page' });
    expect((await screen.findByTestId('operator.audit.page')).textContent).toBe('Page 1 of 3');
    expect(screen.getByTestId('operator.audit.next')).toBeTruthy();
    expect(screen.queryByTestId('operator.audit.page-of')).toBeNull();
  });
});
