import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useUi } from '../app/ui-context.tsx';
import { GameGrid } from '../home/game-grid.tsx';
import { gameFixture } from '../test/fixtures.ts';
import { renderWithApp } from '../test/render.tsx';

function PopupProbe() {
  return <span data-testid="probe.popup">{useUi().popup ?? 'none'}</span>;
}

const open = window.open;
afterEach(() => {
  window.open = open;
});

describe('useLaunch from a tile (SPEC §6)', () => {
  it('a visitor starts a free trial through catalogue.launchTrial, without the login popup', async () => {
    const tab = { location: { href: '' }, close: () => undefined };
    window.open = () => tab as unknown as Window;
    const { calls } = renderWithApp(
      <>
        <GameGrid games={[gameFixture({ nodeId: 'g-1', hasFreeTrial: true })]} />
        <PopupProbe />
      </>,
      { handlers: { 'catalogue.launchTrial': () => ({ url: '/wps/game/demo/g-1?ticket=t' }) } },
    );
    // Tiles render a task after their games arrive (useQueuedReveal).
    fireEvent.click(await screen.findByTestId('game-tile.trial'));
    await waitFor(() => expect(tab.location.href).toBe('/wps/game/demo/g-1?ticket=t'));
    expect(calls.filter((c) => c.path.startsWith('catalogue.launch')).map((c) => [c.path, c.input])).toEqual([['catalogue.launchTrial', { nodeId: 'g-1' }]]);
    expect(screen.getByTestId('probe.popup').textContent).toBe('none');
  });

  it('a visitor choosing Play now gets the login popup and no launch call', async () => {
    const { calls } = renderWithApp(
      <>
        <GameGrid games={[gameFixture({ nodeId: 'g-1', hasFreeTrial: true })]} />
        <PopupProbe />
      </>,
    );
    fireEvent.click(await screen.findByTestId('game-tile.play'));
    await waitFor(() => expect(screen.getByTestId('probe.popup').textContent).toBe('login'));
    expect(calls.filter((c) => c.path.startsWith('catalogue.launch'))).toEqual([]);
  });
});
