import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIST_PAGE_SIZE } from '@wl/schemas/constants';
import { BUILT_IN_CHAT_URL } from '@wl/schemas/wps/chat-calls';
import type { TGame, TScreenConfig, TVendorLink } from '@wl/schemas';
import { useUi } from '../app/ui-context.tsx';
import ChatModal from '../chat/chat-modal.tsx';
import { configWithProducts, gameFixture, memberFixture, vendorLinkFixture } from '../test/fixtures.ts';
import { AppStateProbe } from '../test/probe.tsx';
import { renderWithApp, type THandlers } from '../test/render.tsx';
import GameCentrePage, { centreCategory } from './game-centre-page.tsx';

const link = vendorLinkFixture;

const lott = (vassalage: string, name: string, isGame: 'GAME' | 'VASSALAGE', gameCode: string | null): TVendorLink =>
  link(vassalage, name, { gameType: 'LOTT', isGame, gameCode, path: `/lottery?gameCode=${gameCode ?? ''}` });

function config(): TScreenConfig {
  return configWithProducts([
    { gameType: 'LIVE', label: 'Live casino', vendors: [link('EVO', 'Evolution'), link('SEXY', 'Sexy Gaming')] },
    {
      gameType: 'LOTT',
      label: 'Lottery',
      vendors: [lott('TCG_SEA', 'Sea Lottery', 'GAME', 'sea_1'), lott('OWNLOTT', 'Own Lottery', 'VASSALAGE', null)],
    },
  ]);
}

/** A catalogue of `count` games that answers catalogue.games like the gateway: filtered and paged. */
function catalogue(count: number): THandlers {
  const games: TGame[] = Array.from({ length: count }, (_, i) =>
    gameFixture({ nodeId: `g-${i + 1}`, displayName: `Game ${i + 1}`, gameName: `Game ${i + 1}`, vassalage: i % 2 === 0 ? 'EVO' : 'SEXY', gameType: 'LIVE' }),
  );
  return {
    'catalogue.games': (raw) => {
      const input = raw as { vassalage?: string; gameName?: string; pageNo: number; pageSize: number };
      const hits = games.filter(
        (g) => (!input.vassalage || g.vassalage === input.vassalage) && (!input.gameName || g.gameName.toLowerCase().includes(input.gameName.toLowerCase())),
      );
      const from = (input.pageNo - 1) * input.pageSize;
      return { games: hits.slice(from, from + input.pageSize), totalPages: Math.ceil(hits.length / input.pageSize), total: hits.length };
    },
  };
}

const gameCalls = (calls: { path: string; input: unknown }[]) =>
  calls.filter((c) => c.path === 'catalogue.games').map((c) => c.input as Record<string, unknown>);

describe('GameCentrePage', () => {
  it('titles the page with the category label and renders 24 tiles a page, then the rest', async () => {
    const { calls } = renderWithApp(<GameCentrePage gameType="LIVE" />, { config: config(), handlers: catalogue(30), path: '/live' });
    expect(screen.getByTestId('game-centre.title').textContent).toBe('Live casino');
    await waitFor(() => expect(screen.getAllByTestId('game-tile')).toHaveLength(LIST_PAGE_SIZE));
    expect(screen.getByTestId('pager.info').textContent).toBe('1 / 2');
    // Default: every vendor of the category.
    expect(gameCalls(calls)[0]).toEqual({ gameType: 'LIVE', pageNo: 1, pageSize: LIST_PAGE_SIZE, language: 'en' });
    expect(screen.getByTestId('game-centre.vendors.all').getAttribute('aria-selected')).toBe('true');

    fireEvent.click(screen.getByTestId('pager.next'));
    await waitFor(() => expect(screen.getAllByTestId('game-tile')).toHaveLength(6));
    expect(screen.getByTestId('pager.info').textContent).toBe('2 / 2');
    expect(gameCalls(calls).at(-1)).toMatchObject({ pageNo: 2 });
  });

  it('takes the vendor from ?vassalage= and switches vendor through the address', async () => {
    const { calls } = renderWithApp(
      <>
        <GameCentrePage gameType="LIVE" />
        <AppStateProbe />
      </>,
      { config: config(), handlers: catalogue(30), path: '/live?vassalage=EVO' },
    );
    await waitFor(() => expect(screen.getAllByTestId('game-tile')).toHaveLength(15));
    expect(gameCalls(calls)[0]).toMatchObject({ vassalage: 'EVO' });
    expect(screen.getByTestId('game-centre.vendor.EVO').getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByTestId('pager.info')).toBeNull();

    fireEvent.click(screen.getByTestId('game-centre.vendor.SEXY'));
    expect(screen.getByTestId('probe.location').textContent).toBe('/live?vassalage=SEXY');
    await waitFor(() => expect(gameCalls(calls).at(-1)).toMatchObject({ vassalage: 'SEXY' }));
  });

  it('ignores a vendor that is not in the category', async () => {
    const { calls } = renderWithApp(<GameCentrePage gameType="LIVE" />, { config: config(), handlers: catalogue(3), path: '/live?vassalage=NOPE' });
    await waitFor(() => expect(screen.getAllByTestId('game-tile')).toHaveLength(3));
    expect(gameCalls(calls)[0]).not.toHaveProperty('vassalage');
  });

  it('searches by game name after the typing settles, back on page 1', async () => {
    const { calls } = renderWithApp(<GameCentrePage gameType="LIVE" />, { config: config(), handlers: catalogue(30), path: '/live' });
    await waitFor(() => expect(screen.getAllByTestId('game-tile')).toHaveLength(LIST_PAGE_SIZE));
    fireEvent.click(screen.getByTestId('pager.next'));
    await waitFor(() => expect(screen.getByTestId('pager.info').textContent).toBe('2 / 2'));

    fireEvent.change(screen.getByTestId('game-centre.search'), { target: { value: ' game 2' } });
    // Debounced: nothing is asked while typing.
    expect(gameCalls(calls).some((c) => 'gameName' in c)).toBe(false);
    await waitFor(() => expect(gameCalls(calls).at(-1)).toEqual({ gameType: 'LIVE', gameName: 'game 2', pageNo: 1, pageSize: LIST_PAGE_SIZE, language: 'en' }));
    // Game 2 and Game 20–29.
    await waitFor(() => expect(screen.getAllByTestId('game-tile')).toHaveLength(11));
    expect(screen.queryByTestId('pager.info')).toBeNull();
  });

  it("shows 'no data' when nothing matches", async () => {
    renderWithApp(<GameCentrePage gameType="LIVE" />, { config: config(), handlers: catalogue(0), path: '/live' });
    expect(await screen.findByTestId('no-data')).toBeTruthy();
    expect(screen.queryByTestId('game-tile')).toBeNull();
  });

  it('a category the config does not show keeps its own name and lists no vendors', async () => {
    renderWithApp(<GameCentrePage gameType="CRASH" />, { config: config(), handlers: catalogue(0), path: '/crash' });
    expect(screen.getByTestId('game-centre.title').textContent).toBe('Crash');
    expect(screen.queryByTestId('game-centre.vendors.all')).toBeNull();
    expect(await screen.findByTestId('no-data')).toBeTruthy();
  });

  describe('lottery centres (LOTT, ELOTT)', () => {
    it('list vendor cards instead of games; a visitor choosing one gets the login popup', async () => {
      const { calls } = renderWithApp(
        <>
          <GameCentrePage gameType="LOTT" />
          <AppStateProbe />
        </>,
        { config: config(), path: '/lott' },
      );
      expect(screen.getByTestId('game-centre.title').textContent).toBe('Lottery');
      expect(screen.getByTestId('game-centre.vendor.TCG_SEA').textContent).toContain('Sea Lottery');
      expect(screen.queryByTestId('game-centre.search')).toBeNull();
      fireEvent.click(screen.getByTestId('game-centre.vendor.TCG_SEA'));
      await waitFor(() => expect(screen.getByTestId('probe.popup').textContent).toBe('login'));
      expect(gameCalls(calls)).toEqual([]);
    });

    it('a member choosing a lottery vendor goes to its lottery route; a VASSALAGE card opens the vendor popup', async () => {
      sessionStorage.setItem('token', 'tok-123456789');
      renderWithApp(
        <>
          <GameCentrePage gameType="LOTT" />
          <AppStateProbe />
        </>,
        { config: config(), path: '/lott', handlers: { 'member.info': () => memberFixture(), 'member.balance': () => ({ balance: 0, currencySymbol: '৳' }) } },
      );
      await waitFor(() => expect(screen.getByTestId('probe.session').textContent).toBe('member'));
      fireEvent.click(screen.getByTestId('game-centre.vendor.OWNLOTT'));
      await waitFor(() => expect(screen.getByTestId('probe.vendor-popup').textContent).toBe('OWNLOTT'));
      expect(screen.getByTestId('probe.popup').textContent).toBe('none');
      fireEvent.click(screen.getByTestId('game-centre.vendor.TCG_SEA'));
      await waitFor(() => expect(screen.getByTestId('probe.location').textContent).toBe('/seaLottery?gameCode=sea_1'));
    });
  });

  it('a member choosing a lottery card of one game starts that game by its code, not as a node id', async () => {
    sessionStorage.setItem('token', 'tok-123456789');
    const base = configWithProducts([{ gameType: 'LOTT', label: 'Lottery', vendors: [lott('LOTTOBAY', 'Lotto Bay', 'GAME', 'lottobay_1')] }]);
    const open = window.open;
    const tab = { location: { href: '' }, close: () => undefined };
    window.open = () => tab as unknown as Window;
    try {
      const { calls } = renderWithApp(
        <>
          <GameCentrePage gameType="LOTT" />
          <AppStateProbe />
        </>,
        {
          config: base,
          path: '/lott',
          handlers: {
            'member.info': () => memberFixture(),
            'member.balance': () => ({ balance: 0, currencySymbol: '৳' }),
            'catalogue.launch': () => ({ url: '/wps/game/demo/LOTTOBAY-001?ticket=t' }),
          },
        },
      );
      await waitFor(() => expect(screen.getByTestId('probe.session').textContent).toBe('member'));
      fireEvent.click(screen.getByTestId('game-centre.vendor.LOTTOBAY'));
      await waitFor(() => expect(tab.location.href).toBe('/wps/game/demo/LOTTOBAY-001?ticket=t'));
      expect(calls.filter((c) => c.path === 'catalogue.launch').map((c) => c.input)).toEqual([{ gameCode: 'lottobay_1', freeTrial: false }]);
    } finally {
      window.open = open;
    }
  });

  it('centreCategory reads footer products first, then the header', () => {
    const base = config();
    expect(centreCategory(base, 'LIVE')?.vendors.map((v) => v.vassalage)).toEqual(['EVO', 'SEXY']);
    const headerOnly = { ...base, footer: { ...base.footer, products: [] } };
    expect(centreCategory(headerOnly, 'LIVE')).toMatchObject({ label: 'Live casino', vendors: [{ vassalage: 'EVO' }] });
    expect(centreCategory(headerOnly, 'RNG')).toBeNull();
  });
});

describe('the live casino’s chat (SPEC §7 launch chat, docs/0126)', () => {
  /** The config of a signed-in real account: the side menu offers the chat room, in the config's words. */
  const withChat = (): TScreenConfig => {
    const base = config();
    return {
      ...base,
      sideMenu: {
        sections: [
          {
            key: 'rewards',
            entries: [{ key: 'chatRoom', label: 'Chat room', icon: 'chatRoom', target: { type: 'action', action: 'chatRoom' }, isAvailable: true }],
          },
        ],
      },
    };
  };
  /** The chat modal where the app shell puts it. */
  function ChatWhenOpen() {
    const ui = useUi();
    return ui.popup === 'liveChat' || ui.popup === 'chat' ? <ChatModal live={ui.popup === 'liveChat'} onClose={ui.closePopup} /> : null;
  }
  const member = (chatUrl: string): THandlers => ({
    ...catalogue(0),
    'member.info': () => memberFixture(),
    'member.balance': () => ({ balance: 0, currencySymbol: '৳' }),
    'chat.history': () => ({ messages: [], more: false, open: true, mutedUntil: null }),
    'chat.launchChat': () => ({ chatUrl }),
  });
  // happy-dom has no EventSource: the room's live stream hears nothing here.
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

  it('opens the room the launch call answers in the chat modal: the site’s own room', async () => {
    sessionStorage.setItem('token', 'tok-123456789');
    const { calls } = renderWithApp(
      <>
        <GameCentrePage gameType="LIVE" />
        <ChatWhenOpen />
      </>,
      { config: withChat(), handlers: member(BUILT_IN_CHAT_URL), path: '/live' },
    );
    const button = await screen.findByTestId('game-centre.live-chat');
    expect(button.textContent).toBe('Chat room');
    fireEvent.click(button);
    expect(await screen.findByTestId('chat.room', {}, { timeout: 10_000 })).toBeTruthy();
    expect(calls.filter((c) => c.path === 'chat.launchChat')).toHaveLength(1);
    expect(screen.queryByTestId('chat-modal.frame')).toBeNull();
  });

  it('frames a live vendor’s room in the modal, never a new window; no button where the config offers no chat room', async () => {
    sessionStorage.setItem('token', 'tok-123456789');
    renderWithApp(
      <>
        <GameCentrePage gameType="LIVE" />
        <ChatWhenOpen />
      </>,
      { config: withChat(), handlers: member('https://chat.vendor.example/room/7'), path: '/live' },
    );
    fireEvent.click(await screen.findByTestId('game-centre.live-chat'));
    const frame = await screen.findByTestId('chat-modal.frame', {}, { timeout: 10_000 });
    expect(frame.getAttribute('src')).toBe('https://chat.vendor.example/room/7');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
  });

  it('shows no chat button to a visitor or a trial account (their config offers no chat room)', async () => {
    renderWithApp(<GameCentrePage gameType="LIVE" />, { config: config(), handlers: catalogue(0), path: '/live' });
    await screen.findByTestId('game-centre.title');
    expect(screen.queryByTestId('game-centre.live-chat')).toBeNull();
  });
});
