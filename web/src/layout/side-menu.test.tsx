import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TMenuEntry, TScreenConfig } from '@wl/schemas';
import { useUi } from '../app/ui-context.tsx';
import ChatModal from '../chat/chat-modal.tsx';
import { memberFixture, screenConfigFixture } from '../test/fixtures.ts';
import { renderWithApp, type THandlers } from '../test/render.tsx';
import { Header } from './header.tsx';
import { SideMenu } from './side-menu.tsx';

/** The words the gateway's composer writes into the config (docs/0121), read as the routes test reads its list. */
function navLabels(language: 'bn' | 'en'): Record<string, string> {
  const file = resolve(dirname(fileURLToPath(import.meta.url)), `../../../gateway/src/composer/nav-labels.${language}.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

/** A member's header and side menu as the composer writes them, labels in the language. */
function memberConfig(language: 'bn' | 'en'): TScreenConfig {
  const words = navLabels(language);
  const route = (key: string, labelKey: string, path: string): TMenuEntry => ({
    key,
    labelKey,
    label: words[labelKey],
    icon: key,
    target: { type: 'route', path },
    isAvailable: true,
  });
  const action = (key: string, labelKey: string, name: 'chatRoom' | 'theme' | 'logout'): TMenuEntry => ({
    key,
    labelKey,
    label: words[labelKey],
    icon: key,
    target: { type: 'action', action: name },
    isAvailable: true,
  });
  const base = screenConfigFixture({ audience: 'member', language });
  return {
    ...base,
    header: {
      entries: [
        { kind: 'home', key: 'home', labelKey: 'nav_home', label: words.nav_home, path: '/', isAvailable: true },
        { kind: 'promotions', key: 'promotions', labelKey: 'nav_promotions', label: words.nav_promotions, path: '/promotions', isAvailable: true },
      ],
    },
    sideMenu: {
      sections: [
        { key: 'wallet', entries: [route('deposit', 'menu_deposit', '/member/depositv2'), route('withdraw', 'menu_withdraw', '/member/withdraw')] },
        {
          key: 'rewards',
          entries: [
            route('rewardCenter', 'menu_reward_centre', '/member/rewardCenter'),
            route('pointMall', 'menu_point_mall', '/pointMall'),
            action('chatRoom', 'menu_chat_room', 'chatRoom'),
          ],
        },
        {
          key: 'memberCentre',
          labelKey: 'menu_section_member_centre',
          label: words.menu_section_member_centre,
          entries: [route('messages', 'menu_messages', '/member/messageV2')],
        },
        { key: 'settings', entries: [action('theme', 'menu_theme', 'theme'), action('logout', 'menu_sign_out', 'logout')] },
      ],
    },
  };
}

/** What the page reads out: its text and every accessible name and title. */
function shownWords(): string {
  const attributes = [...document.querySelectorAll('[aria-label], [title]')].map(
    (el) => `${el.getAttribute('aria-label') ?? ''} ${el.getAttribute('title') ?? ''}`,
  );
  return `${document.body.textContent ?? ''} ${attributes.join(' ')}`;
}

/** An i18n key as it would show when its text is missing: snake_case words. */
const RAW_KEY = /\b[a-z]+(?:_[a-zA-Z0-9]+)+\b/;

const signedIn: THandlers = {
  'member.info': () => memberFixture(),
  'member.balance': () => ({ balance: 0, currencySymbol: '৳' }),
  'chat.history': () => ({ messages: [], more: false, open: true, mutedUntil: null }),
};

/** The chat modal where the app shell puts it: open while the popup is the chat room. */
function ChatWhenOpen() {
  const ui = useUi();
  return ui.popup === 'chat' ? <ChatModal onClose={ui.closePopup} /> : null;
}

// happy-dom has no EventSource: the chat room's live stream (docs/0117) hears nothing here.
beforeEach(() =>
  vi.stubGlobal(
    'EventSource',
    class {
      onmessage = null;
      close() {}
    },
  ),
);
afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('navigation words come with the config, not the first load (docs/0121)', () => {
  it.each(['bn', 'en'] as const)('the header and side menu show words in %s, never keys', async (language) => {
    sessionStorage.setItem('token', 'tok-123456789');
    const { i18n } = renderWithApp(
      <>
        <Header />
        <SideMenu collapsed={false} onToggle={() => undefined} />
      </>,
      { config: memberConfig(language), handlers: signedIn },
    );
    // BN with only the first load's texts (the app's default), EN with its chunk.
    if (language === 'bn') {
      i18n.removeResourceBundle('en', 'translation');
      await act(() => i18n.changeLanguage('bn'));
    }
    await waitFor(() => expect(screen.getByTestId('header.balance')).toBeTruthy());
    const words = navLabels(language);
    expect(screen.getByTestId('side-menu.entry.pointMall').textContent).toBe(words.menu_point_mall);
    expect(screen.getByTestId('side-menu.entry.chatRoom').textContent).toBe(words.menu_chat_room);
    expect(screen.getByTestId('header.entry.promotions').textContent).toBe(words.nav_promotions);
    expect(screen.getByText(words.menu_section_member_centre ?? '')).toBeTruthy();
    expect(shownWords().match(RAW_KEY)).toBeNull();
    if (language === 'bn') expect(screen.getByTestId('side-menu.entry.chatRoom').textContent).toMatch(/^[\u0980-\u09FF ]+$/);
  });

  it('the points mall entry links its page; the chat room entry opens the chat modal over the page', async () => {
    sessionStorage.setItem('token', 'tok-123456789');
    renderWithApp(
      <>
        <Header />
        <SideMenu collapsed={false} onToggle={() => undefined} />
        <ChatWhenOpen />
      </>,
      { config: memberConfig('en'), handlers: signedIn },
    );
    expect(screen.getByTestId('side-menu.entry.pointMall').getAttribute('href')).toBe('/pointMall');
    // Signed in (the member's info has loaded) before the action is chosen: a visitor is asked to log in.
    await waitFor(() => expect(screen.getByTestId('header.balance')).toBeTruthy());
    fireEvent.click(screen.getByTestId('side-menu.entry.chatRoom'));
    const modal = await screen.findByTestId('chat-modal');
    expect(modal.querySelector('h2')?.textContent).toBe('Chat room');
    expect(await screen.findByTestId('chat.room')).toBeTruthy();
    fireEvent.click(screen.getByTestId('chat-modal.close'));
    await waitFor(() => expect(screen.queryByTestId('chat-modal')).toBeNull());
  });

  it('a trial account is told in words that the chat room needs a real account', async () => {
    sessionStorage.setItem('token', 'tok-123456789');
    renderWithApp(<ChatModal onClose={() => undefined} />, { handlers: { ...signedIn, 'member.info': () => memberFixture({ type: 4 }) } });
    expect((await screen.findByTestId('chat-modal.refused')).textContent).toBe('A real account is needed for this. Please register a real account.');
    expect(screen.queryByTestId('chat.room')).toBeNull();
  });
});
