import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '../test/i18n.ts';
import { FALLBACK_IMAGE } from '../lib/image.ts';
import { gameFixture } from '../test/fixtures.ts';
import { GameTile } from './game-tile.tsx';

function renderTile(props: Partial<Parameters<typeof GameTile>[0]> = {}) {
  const handlers = { onPlay: vi.fn(), onTrial: vi.fn(), onToggleFavourite: vi.fn() };
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <GameTile game={gameFixture()} imageCDNs={['https://cdn.example/']} canFreeTrial isFavourite={false} {...handlers} {...props} />
    </I18nextProvider>,
  );
  return handlers;
}

describe('GameTile', () => {
  it('prefixes the icon with the CDN and falls back to the inline image on error', () => {
    renderTile();
    const img = screen.getByTestId('game-tile.image') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('https://cdn.example/icons/lucky-tiger.png');
    expect(img.getAttribute('data-fallback')).toBeNull();
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(FALLBACK_IMAGE);
    expect(img.getAttribute('data-fallback')).toBe('true');
  });

  it('shows vendor, name, play, trial and favourite controls', () => {
    const h = renderTile();
    expect(screen.getByText('PG Soft')).toBeTruthy();
    expect(screen.getByText('Lucky Tiger')).toBeTruthy();
    fireEvent.click(screen.getByTestId('game-tile.play'));
    fireEvent.click(screen.getByTestId('game-tile.trial'));
    fireEvent.click(screen.getByTestId('game-tile.favourite'));
    expect(h.onPlay).toHaveBeenCalledOnce();
    expect(h.onTrial).toHaveBeenCalledOnce();
    expect(h.onToggleFavourite).toHaveBeenCalledOnce();
  });

  it('hides Free trial when not offered', () => {
    renderTile({ canFreeTrial: false });
    expect(screen.queryByTestId('game-tile.trial')).toBeNull();
  });
});
