import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TMemberFeedback } from '@wl/schemas/wps/feedback-calls';
import { AppRoutes } from '../app/routes.tsx';
import { memberFixture } from '../test/fixtures.ts';
import { renderWithApp, type THandlers } from '../test/render.tsx';

/** The first render of a lazy page compiles its chunks: wait for it, not for a fixed time. */
const LAZY = { timeout: 10_000 };

/** A member's feedback as the gateway would keep it: a send adds one, support's reply is already on the first. */
function store() {
  const items: TMemberFeedback[] = [
    {
      id: 7,
      questionType: 'deposit',
      content: 'My deposit has not arrived.',
      state: 'replied',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T01:00:00.000Z',
      imageCount: 1,
      messages: [{ from: 'operator', body: 'It is in your wallet now.', at: '2026-01-01T01:00:00.000Z' }],
    },
  ];
  const handlers: THandlers = {
    'member.info': () => memberFixture({ availablePromoCount: 0 }),
    'member.balance': () => ({ balance: 0, currencySymbol: '৳' }),
    'feedback.list': () => ({ items: items.map((f) => ({ ...f })), total: items.length, pageNo: 1, pageSize: 10 }),
    'feedback.submit': (input) => {
      const sent: TMemberFeedback = {
        id: 8,
        questionType: input.questionType,
        content: input.content,
        state: 'open',
        createdAt: '2026-01-02T00:00:00.000Z',
        updatedAt: '2026-01-02T00:00:00.000Z',
        imageCount: input.imageIds.length,
        messages: [],
      };
      items.unshift(sent);
      return sent;
    },
  };
  return { items, handlers };
}

describe('feedback page (docs/0111)', () => {
  it("shows support's reply, sends only a chosen type and 10 to 500 characters, then lists the new feedback", async () => {
    sessionStorage.setItem('token', 'tok-member1');
    const s = store();
    const { calls } = renderWithApp(<AppRoutes />, { path: '/member/feedback', handlers: s.handlers });
    const reply = await screen.findByTestId('feedback.item.7', {}, LAZY);
    expect(reply.getAttribute('data-state')).toBe('replied');
    expect(screen.getByTestId('feedback.item.7.message').textContent).toContain('It is in your wallet now.');
    // A replied feedback can be written on again.
    expect(screen.getByTestId('feedback.item.7.follow-up')).toBeTruthy();

    const submit = screen.getByTestId('feedback.submit') as HTMLButtonElement;
    fireEvent.change(screen.getByTestId('feedback.content'), { target: { value: '  too short  ' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('feedback.content'), { target: { value: 'The lottery result did not show.' } });
    // No type chosen yet.
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('feedback.type'), { target: { value: 'game' } });
    expect(submit.disabled).toBe(false);
    fireEvent.change(screen.getByTestId('feedback.content'), { target: { value: 'x'.repeat(501) } });
    expect(submit.disabled).toBe(true);
    expect(screen.getByTestId('feedback.count').className).toContain('form__error');
    fireEvent.change(screen.getByTestId('feedback.content'), { target: { value: '  The lottery result did not show.  ' } });
    fireEvent.click(submit);

    await screen.findByTestId('feedback.sent');
    expect(calls.filter((c) => c.path === 'feedback.submit').map((c) => c.input)).toEqual([
      { questionType: 'game', content: 'The lottery result did not show.', imageIds: [] },
    ]);
    await waitFor(() => expect(screen.getByTestId('feedback.item.8').getAttribute('data-state')).toBe('open'));
    expect((screen.getByTestId('feedback.content') as HTMLTextAreaElement).value).toBe('');
  });
});
