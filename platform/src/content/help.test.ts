import { beforeAll, describe, expect, it } from 'vitest';
import { HELP_BODY_MAX, HELP_PATHS, HELP_SECTIONS, ZEnvelope, ZHelpCentre, ZOperatorHelp, type TOperatorRole } from '@wl/schemas';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { loginToken, tokenCall } from '../test-support/http.ts';
import { roleTokens } from '../test-support/operators.ts';
import { otherMerchant } from '../test-support/other-merchant.ts';
import { seedHelpSections, seedMissingHelpSections } from './help.service.ts';

/**
 * The help centre (docs/0109): every section in the asked language for the asked device (a phone's
 * own text where there is one, else the WEB one), seeded with real texts in EN and Bengali; the
 * content role (content.write) replaces a text, audited before and after; others are refused and
 * nothing changes; bad, NUL and oversized input is refused and changes nothing.
 */

const ctx = usePlatform();
const call = tokenCall(ctx);
let ops = {} as Record<TOperatorRole, string>;
const ZCentre = ZEnvelope(ZHelpCentre);
const centre = async (query: Record<string, string>, headers: Record<string, string> = {}) => {
  const res = await ctx.app.inject({ url: HELP_PATHS.centre, query, headers });
  expect(res.statusCode).toBe(200);
  return ZCentre.parse(res.json()).value!;
};
const save = (token: string | null, body: unknown) => call('PUT', HELP_PATHS.operatorHelp, token, body);
const about = { section: 'about', language: 'en', device: 'WEB', title: 'Who we are', body: 'We are a small team.\n\n- We answer every day.' };
const audits = async () => (await ctx.db.selectFrom('config_audit').select('id').where('action', '=', 'help.save').execute()).length;

beforeAll(async () => {
  ops = await roleTokens(ctx.app);
});

describe('the help centre call (SPEC §7: lang, device)', () => {
  it('answers every section in the page order, in real Bengali for bn and English for en, to a visitor', async () => {
    const bn = await centre({ lang: 'bn', device: 'WEB' });
    const en = await centre({ lang: 'en', device: 'WEB' });
    expect(bn.sections.map((s) => s.section)).toEqual([...HELP_SECTIONS]);
    expect(en.sections.map((s) => s.section)).toEqual([...HELP_SECTIONS]);
    for (const s of bn.sections) {
      // Bengali script in every title and body; the brand's name is the only Latin allowed in bulk.
      expect(s.title).toMatch(/[\u0980-\u09FF]/);
      expect(s.body.replaceAll('Lucky Bazaar', '').replace(/[^A-Za-z]/g, '').length, s.section).toBeLessThan(5);
      expect(s.body.length).toBeGreaterThan(200);
    }
    expect(en.sections.find((s) => s.section === 'about')).toMatchObject({ title: 'About us' });
    expect(en.sections.find((s) => s.section === 'about')?.body).toContain('Lucky Bazaar');
    expect(en.sections.find((s) => s.section === 'guide')?.body).toContain('## 1. Open an account');
  });

  it('lang wins over the Language header; without it the header decides', async () => {
    expect((await centre({ lang: 'en' }, { language: 'bn' })).sections[0]?.title).toBe('About us');
    expect((await centre({}, { language: 'bn' })).sections[0]?.title).toBe('আমাদের সম্পর্কে');
  });

  it('a phone gets its own installation guide and the WEB text of every other section', async () => {
    const web = await centre({ lang: 'en', device: 'WEB' });
    const phone = await centre({ lang: 'en', device: 'MOBILE' });
    const install = (c: typeof web) => c.sections.find((s) => s.section === 'install')!.body;
    expect(install(web)).toContain('scan the iOS code');
    expect(install(phone)).toContain('home screen');
    expect(install(phone)).not.toEqual(install(web));
    expect(phone.sections.filter((s) => s.section !== 'install')).toEqual(web.sections.filter((s) => s.section !== 'install'));
  });

  it('refuses an unknown device or language with a clear field error', async () => {
    const bad: Record<string, string>[] = [{ device: 'TV' }, { lang: 'fr' }, { lang: 'e\u0000n' }, { device: 'x'.repeat(5_000) }];
    for (const query of bad) {
      const res = await ctx.app.inject({ url: HELP_PATHS.centre, query });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    }
  });

  it('another brand sees its own texts, never these; a brand with none gets them once at start', async () => {
    const other = await otherMerchant(ctx.db, 'HELP_OTHER');
    await seedMissingHelpSections(ctx.db);
    const rows = await ctx.db
      .selectFrom('help_sections')
      .select(['title', 'body'])
      .where('merchant_id', '=', other.id)
      .where('section', '=', 'about')
      .execute();
    expect(rows).toHaveLength(2);
    // The other brand's texts carry its own name ('Other'), not the demo's.
    expect(rows.every((r) => r.body.startsWith('Other '))).toBe(true);
    // Seeding again leaves what is there.
    await ctx.db.updateTable('help_sections').set({ title: 'Kept' }).where('merchant_id', '=', other.id).where('section', '=', 'news').execute();
    await seedHelpSections(ctx.db, other.id, 'Other');
    await seedMissingHelpSections(ctx.db);
    expect(
      (await ctx.db.selectFrom('help_sections').select('title').where('merchant_id', '=', other.id).where('section', '=', 'news').execute()).map(
        (r) => r.title,
      ),
    ).toEqual(['Kept', 'Kept']);
  });
});

describe('the console: the content role writes the texts (content.write), audited', () => {
  it('lists every stored text to any operator who reads the config', async () => {
    for (const role of ['owner', 'finance', 'support', 'content'] as const) {
      const res = await call('GET', HELP_PATHS.operatorHelp, ops[role]);
      const texts = ZEnvelope(ZOperatorHelp).parse(res.json()).value!.texts;
      // Five sections × two languages on WEB, and the phones' installation guide in both.
      expect(texts).toHaveLength(12);
      expect(texts[0]).toMatchObject({ section: 'about', language: 'en', device: 'WEB', updatedBy: null });
    }
  });

  it('refuses a visitor, a member and the roles without content.write, changing nothing', async () => {
    const before = await rowCounts(ctx.db, ['config_audit']);
    expect((await save(null, about)).statusCode).toBe(401);
    const member = await loginToken(ctx.app, 'demo_member', 'Demo1234');
    expect((await save(member, about)).statusCode).toBe(401);
    for (const role of ['finance', 'support'] as const) {
      const res = await save(ops[role], about);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, message: 'error_forbidden' });
    }
    expect(await rowCounts(ctx.db, ['config_audit'])).toEqual(before);
    expect((await centre({ lang: 'en' })).sections[0]?.title).toBe('About us');
  });

  it('refuses bad values, NUL bytes and oversized text with the field named, changing nothing', async () => {
    const before = await audits();
    const bad: [unknown, string][] = [
      [{ ...about, section: 'terms' }, 'section'],
      [{ ...about, language: 'fr' }, 'language'],
      [{ ...about, device: 'TV' }, 'device'],
      [{ ...about, title: '' }, 'title'],
      [{ ...about, title: '   ' }, 'title'],
      [{ ...about, body: '' }, 'body'],
      [{ ...about, title: 'x'.repeat(121) }, 'title'],
      [{ ...about, body: 'x'.repeat(HELP_BODY_MAX + 1) }, 'body'],
      [{ ...about, title: 'A\u0000B' }, 'title'],
      [{ ...about, body: 'line\u0000' }, 'body'],
      [{ ...about, title: 'Tab\tin a title' }, 'title'],
    ];
    for (const [body, field] of bad) {
      const res = await save(ops.content, body);
      expect(res.statusCode, field).toBe(400);
      expect(JSON.stringify(res.json()), field).toContain(field);
    }
    // A megabyte is refused before it is read whole.
    const huge = await save(ops.content, { ...about, body: 'x'.repeat(1024 * 1024) });
    expect([400, 413]).toContain(huge.statusCode);
    expect(await audits()).toBe(before);
    expect((await centre({ lang: 'en' })).sections[0]?.title).toBe('About us');
  });

  it('saves a text: the site shows it at once, as text; the audit keeps before and after; the same text again is not audited', async () => {
    const before = await audits();
    const res = await save(ops.content, { ...about, body: `${about.body}\n<script>alert(1)</script>` });
    expect(res.json()).toMatchObject({ success: true, value: { section: 'about', title: 'Who we are', updatedBy: 'demo_content' } });
    const shown = (await centre({ lang: 'en' })).sections[0]!;
    expect(shown.title).toBe('Who we are');
    // Stored and served as typed: the web renders it as text (docs/0109), never as markup.
    expect(shown.body).toContain('<script>alert(1)</script>');
    // The Bengali text is untouched.
    expect((await centre({ lang: 'bn' })).sections[0]?.title).toBe('আমাদের সম্পর্কে');
    const entry = await ctx.db.selectFrom('config_audit').selectAll().where('action', '=', 'help.save').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(entry.operator_username).toBe('demo_content');
    expect(entry.before).toMatchObject({ section: 'about', language: 'en', device: 'WEB', title: 'About us' });
    expect(entry.after).toMatchObject({ title: 'Who we are' });
    expect(await audits()).toBe(before + 1);
    expect((await save(ops.content, { ...about, body: `${about.body}\n<script>alert(1)</script>` })).json()).toMatchObject({ success: true });
    expect(await audits()).toBe(before + 1);
  });

  it('adds a phone text where there was none; the owner may write too', async () => {
    const phone = { ...about, device: 'MOBILE', title: 'About us on your phone' };
    expect((await save(ops.owner, phone)).json()).toMatchObject({ success: true, value: { device: 'MOBILE', updatedBy: 'demo_operator' } });
    expect((await centre({ lang: 'en', device: 'MOBILE' })).sections[0]?.title).toBe('About us on your phone');
    expect((await centre({ lang: 'en', device: 'WEB' })).sections[0]?.title).toBe('Who we are');
  });
});
