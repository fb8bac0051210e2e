import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Header } from '../layout/header.tsx';
import { renderWithApp } from '../test/render.tsx';
import { applyTheme, readTheme } from './theme.ts';

describe('theme', () => {
  it('defaults to dark and persists a choice', () => {
    expect(readTheme()).toBe('dark');
    applyTheme('light');
    expect(readTheme()).toBe('light');
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
  });

  it('the header toggle flips <html data-theme> and stores it', () => {
    document.documentElement.setAttribute('data-theme', 'dark');
    renderWithApp(<Header />);
    fireEvent.click(screen.getByTestId('theme.toggle'));
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
    fireEvent.click(screen.getByTestId('theme.toggle'));
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
  });
});
