import { LOCALES, PAGE_SLUGS } from '@dsm/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';
import { seedContent } from './content.seed';
import { pageTranslations } from './content.tables';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let operator: string;
let user: string;
beforeAll(async () => {
  ctx = await createTestApp();
  operator = await sessionFor(ctx.db, 'operator@example.com');
  user = await sessionFor(ctx.db, 'demo@example.com');
});
afterAll(() => ctx.app.close());

const getPage = (slug: string, lang?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/content/pages/${slug}`,
    headers: lang ? { 'accept-language': lang } : {},
  });

describe('GET /api/content/pages/{slug}', () => {
  it('serves every page of the footer in all four languages, with real content', async () => {
    for (const slug of PAGE_SLUGS) {
      const titles = new Set<string>();
      for (const lang of LOCALES) {
        const res = await getPage(slug, lang);
        expect(res.statusCode, `${slug} ${lang}`).toBe(200);
        const page = res.json().data;
        expect(page).toMatchObject({ slug, locale: lang });
        titles.add(page.title);
        // A few paragraphs or a list, not one line.
        expect(page.body.length, `${slug} ${lang}`).toBeGreaterThan(600);
        expect((page.body.match(/<(p|li|h2|h3)>/g) ?? []).length, `${slug} ${lang}`).toBeGreaterThanOrEqual(6);
        expect(page.body).not.toContain('{{');
        expect(Date.parse(page.updatedAt)).not.toBeNaN();
      }
      // Translated, not the same text four times.
      expect(titles.size, slug).toBe(4);
    }
  });

  it.each([
    ['en-US', 'Refund and Reshipment Policy'],
    ['zh-CN', '退款与补发政策'],
    ['fr-FR', 'Politique de remboursement et de réexpédition'],
    ['tr-TR', 'İade ve Yeniden Gönderim Politikası'],
  ])('answers in the caller language (%s)', async (lang, title) => {
    expect((await getPage('refunds', lang)).json().data.title).toBe(title);
  });

  it('keeps the wallet rules of the spec: 50.00 USD minimum withdrawal, no payments to sanctioned countries', async () => {
    const body = (await getPage('walletrules')).json().data.body as string;
    expect(body).toContain('50.00 USD');
    expect(body).toMatch(/sanction/i);
    // The wallet's own rules (decision 0077): USD, fees per method, bonus first and never withdrawn,
    // held payments, operator review, unpaid recharge orders closing.
    for (const fact of [
      'US dollars (USD)',
      'PayPal: 4.4% of the amount + 0.30 USD',
      '(amount + 0.50 USD) × 2.9% + 0.50 USD',
      'bank transfer: no fee',
      'We may change these fees',
      'Bonus credit is spent before your cash',
      'can never be withdrawn',
      'the payment waits',
      'reviewed by our team',
      'closes automatically',
    ]) {
      expect(body).toContain(fact);
    }
    for (const [lang, minimum, paypal] of [
      ['zh-CN', '50.00 USD', '4.4% + 0.30 USD'],
      ['fr-FR', '50,00 USD', '4,4 % du montant + 0,30 USD'],
      ['tr-TR', '50,00 USD', "%4,4'ü + 0,30 USD"],
    ] as const) {
      const text = (await getPage('walletrules', lang)).json().data.body as string;
      expect(text).toContain(minimum);
      expect(text).toContain(paypal);
    }
    expect((await getPage('faq')).json().data.body.match(/<h3>/g)).toHaveLength(10);
  });

  it('falls back to en-US when the language is missing or not offered', async () => {
    await ctx.db
      .delete(pageTranslations)
      .where(and(eq(pageTranslations.slug, 'aboutus'), eq(pageTranslations.locale, 'tr-TR')));
    const tr = (await getPage('aboutus', 'tr-TR')).json().data;
    expect(tr).toMatchObject({ locale: 'en-US', title: 'About Us' });
    expect((await getPage('aboutus', 'de-DE')).json().data.title).toBe('About Us');
    // The next start puts the missing seed language back, and only that.
    await seedContent(ctx.db);
    expect((await getPage('aboutus', 'tr-TR')).json().data.title).toBe('Hakkımızda');
  });

  it('fills the support e-mail from the configuration on every read', async () => {
    const before = (await getPage('contanctus')).json().data.body as string;
    expect(before).toContain('<a href="mailto:support@example.com">support@example.com</a>');
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/config-info/support-email',
      headers: { authorization: operator },
      payload: { value: 'help@shop.example' },
    });
    const after = (await getPage('contanctus', 'zh-CN')).json().data.body as string;
    expect(after).toContain('mailto:help@shop.example');
    expect(after).not.toContain('support@example.com');
  });

  it.each([
    ['en-US', 'This page does not exist'],
    ['zh-CN', '该页面不存在'],
    ['fr-FR', "Cette page n'existe pas"],
    ['tr-TR', 'Bu sayfa mevcut değil'],
  ])('answers an unknown slug with a localized not-found (%s)', async (lang, msg) => {
    const res = await getPage('no-such-page', lang);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'A00006', data: null, msg, success: false });
  });
});

describe('operator page editing', () => {
  const put = (slug: string, payload: Record<string, unknown>, token = operator) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/content/pages/${slug}`,
      headers: { authorization: token },
      payload,
    });

  it('is for operators only', async () => {
    expect((await put('privacy', { locale: 'en-US', title: 'x', body: '<p>x</p>' }, user)).statusCode).toBe(403);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/admin/content/pages/privacy',
          headers: { authorization: user },
        })
      ).statusCode,
    ).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/content/pages' })).statusCode).toBe(401);
  });

  it('lists every page with its languages, and shows one page in all languages as stored', async () => {
    const list = (
      await ctx.app.inject({ method: 'GET', url: '/api/admin/content/pages', headers: { authorization: operator } })
    ).json().data;
    expect(list.map((p: { slug: string }) => p.slug)).toEqual([...PAGE_SLUGS]);
    expect(list[0].translations.map((t: { locale: string }) => t.locale).sort()).toEqual([...LOCALES].sort());
    const contact = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/content/pages/contanctus',
        headers: { authorization: operator },
      })
    ).json().data;
    expect(contact.translations).toHaveLength(4);
    // The placeholder stays in the stored text, so an edit keeps it.
    expect(contact.translations[0].body).toContain('{{support-email}}');
  });

  it('stores one language sanitized: scripts and event handlers removed', async () => {
    const res = await put('privacy', {
      locale: 'fr-FR',
      title: 'Confidentialité',
      body: '<h2>Vos données</h2><p onclick="steal()">Nous protégeons vos données.<img src="https://cdn.example/x.png" onerror="alert(1)"></p><script>alert("x")</script><a href="javascript:alert(1)">lien</a>',
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json().data.translations.find((t: { locale: string }) => t.locale === 'fr-FR');
    expect(saved.body).toBe(
      '<h2>Vos données</h2><p>Nous protégeons vos données.<img src="https://cdn.example/x.png" /></p><a>lien</a>',
    );

    const page = (await getPage('privacy', 'fr-FR')).json().data;
    expect(page.title).toBe('Confidentialité');
    expect(page.body).not.toMatch(/script|onerror|onclick|javascript:/);
    // Other languages untouched.
    expect((await getPage('privacy', 'en-US')).json().data.title).toBe('Privacy Policy');
    // An operator's edit survives the next start.
    await seedContent(ctx.db);
    expect((await getPage('privacy', 'fr-FR')).json().data.title).toBe('Confidentialité');
  });

  it('refuses a body that is empty once sanitized, and an unknown page or language', async () => {
    const empty = await put('faq', { locale: 'en-US', title: 'FAQ', body: '<script>alert(1)</script>' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().data).toEqual([{ field: 'body', message: 'The text is empty once unsafe content is removed' }]);
    expect((await put('blog', { locale: 'en-US', title: 'Blog', body: '<p>x</p>' })).statusCode).toBe(404);
    const lang = await put('faq', { locale: 'de-DE', title: 'FAQ', body: '<p>x</p>' });
    expect(lang.json().data).toEqual([
      { field: 'locale', message: 'The language must be one of en-US, zh-CN, fr-FR, tr-TR' },
    ]);
  });
});
