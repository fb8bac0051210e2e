import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TMessage } from '@wl/schemas/wps/message-calls';
import { AppRoutes } from '../app/routes.tsx';
import { memberFixture } from '../test/fixtures.ts';
import { renderWithApp, type THandlers } from '../test/render.tsx';

/** The first render of a lazy page compiles its chunks: wait for it, not for a fixed time. */
const LAZY = { timeout: 10_000 };

/** A member's messages as the gateway would keep them: reads change what the next list and member info answer. */
function inbox(count: number) {
  const rows: TMessage[] = Array.from({ length: count }, (_, i) => ({
    id: count - i,
    title: `চুক্তি ${count - i} · Contract ${count - i}`,
    body: `বার্তা · Message ${count - i}`,
    time: new Date(Date.UTC(2026, 0, 1, 0, count - i)).toISOString(),
    readAt: null,
  }));
  const unread = () => rows.filter((r) => r.readAt === null).length;
  const handlers: THandlers = {
    'member.info': () => memberFixture({ unreadMessage: unread(), availablePromoCount: 0 }),
    'member.balance': () => ({ balance: 0, currencySymbol: '৳' }),
    'messages.list': (input) => {
      const pageNo = Number(input.pageNo ?? 1);
      const pageSize = Number(input.pageSize ?? 10);
      return { rows: rows.slice((pageNo - 1) * pageSize, pageNo * pageSize).map((r) => ({ ...r })), total: rows.length, unread: unread() };
    },
    'messages.read': ({ id }) => {
      const row = rows.find((r) => r.id === id)!;
      row.readAt ??= '2026-02-01T00:00:00.000Z';
      return { id, readAt: row.readAt };
    },
    'messages.readAll': () => {
      const marked = unread();
      for (const r of rows) r.readAt ??= '2026-02-01T00:00:00.000Z';
      return { marked };
    },
  };
  return { rows, handlers };
}

describe('messages page (messageV2)', () => {
  it('lists messages as stored, unread marked; opening one reads it and the badge drops', async () => {
    sessionStorage.setItem('token', 'tok-member1');
    const box = inbox(3);
    const { calls } = renderWithApp(<AppRoutes />, { path: '/member/messageV2', handlers: box.handlers });
    const rows = await screen.findAllByTestId('messages.row', {}, LAZY);
    expect(rows).toHaveLength(3);
    expect(screen.getAllByTestId('messages.title')[0]!.textContent).toBe('চুক্তি 3 · Contract 3');
    expect(rows.every((r) => r.classList.contains('is-unread'))).toBe(true);
    expect(screen.getByTestId('messages.unread').textContent).toBe('3 unread');
    expect(screen.getByTestId('header.badge').textContent).toBe('3');
    expect(screen.queryByTestId('messages.prev')).toBeNull();

    fireEvent.click(screen.getAllByTestId('messages.open')[1]!);
    expect(screen.getByTestId('messages.body').textContent).toBe('বার্তা · Message 2');
    await waitFor(() => expect(screen.getByTestId('header.badge').textContent).toBe('2'));
    expect(calls.filter((c) => c.path === 'messages.read').map((c) => c.input)).toEqual([{ id: 2 }]);
    await waitFor(() => expect(screen.getAllByTestId('messages.row')[1]!.getAttribute('data-read')).toBe('true'));
    // Opening a read one again does not call again.
    fireEvent.click(screen.getAllByTestId('messages.open')[1]!);
    fireEvent.click(screen.getAllByTestId('messages.open')[1]!);
    expect(calls.filter((c) => c.path === 'messages.read')).toHaveLength(1);

    fireEvent.click(screen.getByTestId('messages.read-all'));
    await waitFor(() => expect(screen.queryByTestId('header.badge')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('messages.read-all').hasAttribute('disabled')).toBe(true));
    expect(screen.getAllByTestId('messages.row').every((r) => r.getAttribute('data-read') === 'true')).toBe(true);
  });

  it('pages ten at a time', async () => {
    sessionStorage.setItem('token', 'tok-member1');
    const box = inbox(12);
    renderWithApp(<AppRoutes />, { path: '/member/messageV2', handlers: box.handlers });
    expect(await screen.findAllByTestId('messages.row', {}, LAZY)).toHaveLength(10);
    expect(screen.getByTestId('messages.page-of').textContent).toBe('Page 1 of 2');
    fireEvent.click(screen.getByTestId('messages.next'));
    await waitFor(() => expect(screen.getAllByTestId('messages.row')).toHaveLength(2));
    expect(screen.getByTestId('messages.next').hasAttribute('disabled')).toBe(true);
  });

  it('says so when there is nothing', async () => {
    sessionStorage.setItem('token', 'tok-member1');
    renderWithApp(<AppRoutes />, { path: '/member/messageV2', handlers: inbox(0).handlers });
    expect((await screen.findByTestId('messages.empty', {}, LAZY)).textContent).toBe('No messages yet.');
    expect(screen.getByTestId('messages.read-all').hasAttribute('disabled')).toBe(true);
    expect(screen.queryByTestId('header.badge')).toBeNull();
  });
});
