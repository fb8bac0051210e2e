import { rmSync } from 'node:fs';
import { createTRPCClient, httpLink } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_ROLE_OPERATORS } from '@wl/platform/seed/demo-accounts';
import { hostOf } from '../src/brands/brands.ts';
import { LIVE_CONFIG_PATH } from '../src/live/config-streams.ts';
import type { AppRouter } from '../src/router-type.ts';
import { decoded, rawGet, trpcUrl } from './http-get.ts';
import { startGateway, type THarness } from './harness.ts';
import { openPage } from './live-pages.ts';
import { writeWebDist } from './web-dist.ts';

/**
 * Several brands on one gateway (docs/0131): the demo seed's second brand DEMO2 ("Shapla Play",
 * palette emerald) is claimed by the host name `localhost`; every other host is the default DEMO.
 * Requests name their host in the Host header; the gateway listens on 127.0.0.1 either way.
 */
const SECOND = { host: 'localhost', code: 'DEMO2', palette: 'emerald' } as const;
const FIRST = { host: '127.0.0.1', code: 'DEMO', palette: 'gold' } as const;

const INDEX = `<!doctype html>
<html lang="bn" data-theme="dark">
  <head>
    <meta charset="UTF-8" />
    <title>WL Casino</title>
    <script type="module" crossorigin src="/assets/index-AbC123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('hostOf', () => {
  it('is the Host header in lower case without its port or trailing dot; nothing for what is no host name', () => {
    expect(hostOf({ host: 'LocalHost:8080' })).toBe('localhost');
    expect(hostOf({ host: 'brand.example.com.' })).toBe('brand.example.com');
    expect(hostOf({ host: '127.0.0.1:80' })).toBe('127.0.0.1');
    expect(hostOf({})).toBe('');
    expect(hostOf({ host: 'a b' })).toBe('');
    expect(hostOf({ host: 'x'.repeat(400) })).toBe('');
    expect(hostOf({ host: 'evil\u0000.com' })).toBe('');
  });
});

describe('brands by host name (docs/0131)', () => {
  let h: THarness;
  let dist: string;
  /** A tRPC client of the gateway by another host name (fetch sets the Host header from the URL, never from headers). */
  const clientOn = (host: string, token?: string) => {
    const url = new URL(`${h.baseUrl}/trpc`);
    url.hostname = host;
    return createTRPCClient<AppRouter>({ links: [httpLink({ url: url.href, headers: { 'x-language': 'en', ...(token ? { authorization: token } : {}) } })] });
  };
  const screenOf = async (host: string) => {
    const answer = await rawGet(trpcUrl(h.baseUrl, ['config.screen'], [{ language: 'en' }]), { host });
    expect(answer.status).toBe(200);
    return (
      JSON.parse(decoded(answer).toString()) as { result: { data: { merchant: { code: string; name: string; palette: string }; configVersion: number } } }
    ).result.data;
  };

  beforeAll(async () => {
    dist = writeWebDist('gateway-brands-', { 'index.html': INDEX, 'assets/index-AbC123.js': 'console.log(1)' });
    h = await startGateway({ webDistDir: dist });
  });
  afterAll(async () => {
    await h.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves each host its own brand: screen config, palette, HTML and manifest; any other host the default', async () => {
    for (let round = 0; round < 2; round++) {
      // The second round comes from the ready bytes (the byte door): still each host its own.
      const [second, first, other] = await Promise.all([screenOf(SECOND.host), screenOf(FIRST.host), screenOf('unknown.example')]);
      expect(second.merchant).toMatchObject({ code: SECOND.code, name: 'Shapla Play', palette: SECOND.palette });
      expect(first.merchant).toMatchObject({ code: FIRST.code, palette: FIRST.palette });
      expect(other.merchant.code).toBe(FIRST.code);
    }
    const html = decoded(await rawGet(`${h.baseUrl}/`, { host: SECOND.host })).toString();
    expect(html).toContain(`data-brand="${SECOND.palette}"`);
    expect(html).toContain('<title>Shapla Play</title>');
    expect(decoded(await rawGet(`${h.baseUrl}/`, { host: FIRST.host })).toString()).toContain(`data-brand="${FIRST.palette}"`);
    const manifest = JSON.parse(decoded(await rawGet(`${h.baseUrl}/manifest.webmanifest`, { host: SECOND.host })).toString()) as { name: string };
    expect(manifest.name).toBe('Shapla Play');
  });

  it("a member signs in only on its own brand, and a session of one brand is nobody's on the other", async () => {
    const member = DEMO_ACCOUNTS.member;
    // The same username is another account on each brand, each with its own balance.
    const [onFirst, onSecond] = await Promise.all([clientOn(FIRST.host).session.login.mutate(member), clientOn(SECOND.host).session.login.mutate(member)]);
    expect(onFirst?.kind).toBe('session');
    expect(onSecond?.kind).toBe('session');
    const firstToken = (onFirst as { token: string }).token;
    const secondToken = (onSecond as { token: string }).token;
    const [firstInfo, secondInfo] = await Promise.all([
      clientOn(FIRST.host, firstToken).member.info.query(),
      clientOn(SECOND.host, secondToken).member.info.query(),
    ]);
    expect(firstInfo.userName).toBe(member.username);
    expect(secondInfo.userName).toBe(member.username);
    expect(firstInfo.id).not.toBe(secondInfo.id);
    // A token carried to the other brand's host is no session there.
    await expect(clientOn(SECOND.host, firstToken).member.info.query()).rejects.toMatchObject({ data: { code: 'UNAUTHORIZED' } });
    await expect(clientOn(FIRST.host, secondToken).member.info.query()).rejects.toMatchObject({ data: { code: 'UNAUTHORIZED' } });
    // An account of the second brand only is refused on the first as an unknown login.
    await expect(clientOn(FIRST.host).session.login.mutate({ username: 'demo2_member', password: member.password })).rejects.toMatchObject({
      data: { code: 'BAD_REQUEST' },
    });
  });

  it("a change of one brand reaches that brand's open pages only", async () => {
    const operator = DEMO_ACCOUNTS.operator;
    const [firstNow, secondNow] = await Promise.all([screenOf(FIRST.host), screenOf(SECOND.host)]);
    const [firstPage, secondPage] = await Promise.all([
      openPage(h.baseUrl + LIVE_CONFIG_PATH, { host: FIRST.host }),
      openPage(h.baseUrl + LIVE_CONFIG_PATH, { host: SECOND.host }),
    ]);
    try {
      // Each page first hears its brand's version now (at once, or when the brand's watch first reads it).
      await Promise.all([firstPage.reached(firstNow.configVersion), secondPage.reached(secondNow.configVersion)]);
      const [firstBefore, secondBefore] = [firstPage.versions.length, secondPage.versions.length];
      const secondOperator = clientOn(SECOND.host, (await clientOn(SECOND.host).operator.login.mutate(operator)).token);
      const firstOperator = clientOn(FIRST.host, (await clientOn(FIRST.host).operator.login.mutate(operator)).token);
      // Each brand's switch flipped from what it is (a switch set to what it is changes nothing).
      const mobileTab = (screen: unknown) => (screen as { forms: { register: { tabs: string[] } } }).forms.register.tabs.includes('mobile');
      const { version } = await secondOperator.operator.setFlag.mutate({ modId: 'MOBILENUMREG3', enabled: !mobileTab(secondNow) });
      await secondPage.reached(version);
      expect(version).toBeGreaterThan(secondNow.configVersion);
      // The first brand's change comes after: its page has heard exactly that one, never the second's.
      const { version: firstVersion } = await firstOperator.operator.setFlag.mutate({ modId: 'MOBILENUMREG3', enabled: !mobileTab(firstNow) });
      await firstPage.reached(firstVersion);
      expect(firstPage.versions.slice(firstBefore)).toEqual([firstVersion]);
      expect(secondPage.versions.slice(secondBefore)).toEqual([version]);
      // Each brand's screen config holds its own switch.
      expect((await screenOf(SECOND.host)).configVersion).toBe(version);
      expect((await screenOf(FIRST.host)).configVersion).toBe(firstVersion);
    } finally {
      firstPage.close();
      secondPage.close();
    }
  });

  it('a draft renders the site for its author alone; the published site and the other brand are unchanged', async () => {
    const owner = DEMO_ACCOUNTS.operator;
    const author = clientOn(FIRST.host, (await clientOn(FIRST.host).operator.login.mutate(owner)).token);
    const second = DEMO_ROLE_OPERATORS.find((o) => o.role === 'owner')!;
    const other = clientOn(FIRST.host, (await clientOn(FIRST.host).operator.login.mutate(second)).token);
    const published = await screenOf(FIRST.host);
    const hadMobile = (published as unknown as { forms: { register: { tabs: string[] } } }).forms.register.tabs.includes('mobile');
    const draft = await author.operator.configDraftCreate.mutate();
    await author.operator.configDraftEdit.mutate({ id: draft.id, set: { 'flag.MOBILENUMREG3': !hadMobile, 'system.maintenance': false }, unset: [] });
    const preview = await author.operator.previewScreen.query({ id: draft.id, language: 'en' });
    expect(preview.forms.register.tabs.includes('mobile')).toBe(!hadMobile);
    expect(preview.merchant.code).toBe(FIRST.code);
    // Nobody else sees it: the published config, another operator, a member, the other brand's host.
    expect((await screenOf(FIRST.host)).configVersion).toBe(published.configVersion);
    const { forms } = (await screenOf(FIRST.host)) as unknown as { forms: { register: { tabs: string[] } } };
    expect(forms.register.tabs.includes('mobile')).toBe(hadMobile);
    await expect(other.operator.previewScreen.query({ id: draft.id, language: 'en' })).rejects.toMatchObject({ data: { code: 'NOT_FOUND' } });
    const member = (await clientOn(FIRST.host).session.login.mutate(DEMO_ACCOUNTS.member)) as { token: string };
    await expect(clientOn(FIRST.host, member.token).operator.previewScreen.query({ id: draft.id, language: 'en' })).rejects.toMatchObject({
      data: { code: 'UNAUTHORIZED' },
    });
    const secondBrand = clientOn(SECOND.host, (await clientOn(SECOND.host).operator.login.mutate(owner)).token);
    await expect(secondBrand.operator.previewScreen.query({ id: draft.id, language: 'en' })).rejects.toMatchObject({ data: { code: 'NOT_FOUND' } });
    await author.operator.configDraftDiscard.mutate({ id: draft.id });
  });

  it("a brand's languages (docs/0136): published as a field, its screen config and first HTML follow; the other brand keeps both", async () => {
    const owner = DEMO_ACCOUNTS.operator;
    const operator = clientOn(SECOND.host, (await clientOn(SECOND.host).operator.login.mutate(owner)).token);
    const setLanguages = async (languages: string) => {
      const draft = await operator.operator.configDraftCreate.mutate();
      await operator.operator.configDraftEdit.mutate({ id: draft.id, set: { 'system.languages': languages }, unset: [] });
      return operator.operator.configDraftPublish.mutate({ id: draft.id, comment: `languages ${languages}` });
    };
    const htmlLang = async (host: string, cookie?: string) =>
      /<html lang="([a-z]+)"/.exec(decoded(await rawGet(`${h.baseUrl}/`, { host, ...(cookie ? { cookie } : {}) })).toString())?.[1];
    expect((await screenOf(SECOND.host)).merchant).toMatchObject({ languages: ['bn', 'en'] });
    expect(await htmlLang(SECOND.host)).toBe('bn');
    // A value that is not a list of the site's languages is refused.
    const bad = await operator.operator.configDraftCreate.mutate();
    await expect(operator.operator.configDraftEdit.mutate({ id: bad.id, set: { 'system.languages': 'en,fr' }, unset: [] })).rejects.toMatchObject({
      data: { code: 'BAD_REQUEST' },
    });
    await operator.operator.configDraftDiscard.mutate({ id: bad.id });
    await setLanguages('en');
    try {
      await expect.poll(async () => (await screenOf(SECOND.host)).merchant).toMatchObject({ languages: ['en'] });
      // No choice, or one the brand does not offer: the brand's default; the first brand is unchanged.
      await expect.poll(() => htmlLang(SECOND.host)).toBe('en');
      expect(await htmlLang(SECOND.host, 'language=bn')).toBe('en');
      expect(await htmlLang(FIRST.host)).toBe('bn');
      expect((await screenOf(FIRST.host)).merchant).toMatchObject({ languages: ['bn', 'en'] });
    } finally {
      await setLanguages('bn,en');
    }
  });
});
