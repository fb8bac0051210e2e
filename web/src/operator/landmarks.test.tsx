import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { OperatorAudit } from './audit.tsx';
import OperatorGames from './games.tsx';

/**
 * axe's landmark-unique on /operator (docs/0110): with more than one list past its first page, the
 * console showed several pagers, each a navigation landmark named "Pages". Each is named by its list.
 */
describe('the console’s landmarks', () => {
  it('names every pager by its list, so no two navigation landmarks share a name', async () => {
    renderWithApp(
      <>
        <OperatorAudit />
        <OperatorGames canWrite={false} canWriteLottery={false} />
      </>,
      {
        handlers: {
          'operator.audit': () => ({ entries: [], total: 500, pageNo: 1, pageSize: 20 }),
          'operator.gameCategories': () => ({ categories: [] }),
          'operator.games': () => ({ games: [], total: 500, pageNo: 1, pageSize: 20 }),
          'operator.lotterySettings': () => ({ games: [] }),
        },
      },
    );
    await waitFor(() => expect(screen.getAllByRole('navigation')).toHaveLength(2));
    const names = screen.getAllByRole('navigation').map((n) => n.getAttribute('aria-label'));
    expect(names).toEqual(['Pages of Audit log', 'Pages of Games and categories']);
  });
});
