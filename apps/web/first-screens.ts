import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The first screen of the public pages whose largest paint is a text of the app itself (decision
 * 0147): drawn at build time, in each language, into the page's HTML at the root's
 * `<!--first-paint-->` mark, so a phone paints it with the document instead of after the
 * scripts (the home page's hero text, the shipping calculator's introduction and the log-in
 * card's subtitle were the largest paint at 2.1–2.5 s in Lighthouse's phone).
 * The server sends the copy in the visitor's language (its `lang` cookie, apps/server
 * platform/static.ts). The app's first render replaces all of it (React empties the root): the
 * boxes follow the page's own CSS, so the texts appear where and as large as the app draws them
 * and the largest paint stays this one. Pages that draw from the API's answers get theirs from
 * the server instead (catalogue, content: decisions 0135, 0147).
 */

/** A text of the app's catalogues, HTML-escaped: `ns:key.path`. */
export type Text = (key: string) => string;

const css = (rules: string) => `<style>${rules.replace(/\s*\n\s*/g, '')}</style>`;

/** home.css's hero (`.home-hero`), with the buttons of app.css's `.button`. */
const HERO_STYLE = css(`
  .fp-hero{color:#fff;background:linear-gradient(135deg,#0f3f9e 0%,#1456d8 60%,#2a6ef0 100%)}
  .fp-hero-inner{display:grid;grid-template-columns:minmax(0,1fr);gap:32px;align-items:center;max-width:1200px;margin:0 auto;padding:56px 16px 64px}
  .fp-hero h1{max-width:720px;margin:0;font-size:clamp(28px,4.2vw,44px);line-height:1.15;letter-spacing:-0.02em}
  .fp-hero p{max-width:640px;margin:16px 0 0;font-size:18px;line-height:1.6;color:#e6eeff}
  .fp-hero-actions{display:flex;flex-wrap:wrap;gap:12px;margin-top:28px}
  .fp-hero-actions a{display:inline-flex;align-items:center;justify-content:center;height:40px;padding:0 18px;font-size:15px;font-weight:600;line-height:1;white-space:nowrap;text-decoration:none;border:1px solid transparent;border-radius:var(--radius)}
  .fp-hero-actions a:first-child{color:var(--primary-dark);background:#fff}
  .fp-hero-actions a+a{color:#fff;border-color:rgb(255 255 255/75%)}
  @media (min-width:960px){.fp-hero-inner{grid-template-columns:minmax(0,1fr) minmax(0,1.1fr);padding:48px 16px 52px}
  .fp-hero h1{font-size:clamp(30px,3.2vw,40px)}}
  @media (max-width:799px){.fp-hero-inner{padding:40px 16px 44px}.fp-hero p{font-size:16px}}
`);

/** logistics.css's `.shipping-page` and `.shipping-head`. */
const SHIPPING_STYLE = css(`
  .fp-shipping{max-width:1200px;margin:0 auto;padding:32px 16px 56px}
  .fp-shipping h1{margin:0;font-size:30px;line-height:1.2}
  .fp-shipping p{max-width:720px;margin:8px 0 0;color:var(--text-muted);line-height:1.6}
  @media (max-width:599px){.fp-shipping h1{font-size:24px}}
`);

/**
 * accounts.css's `.auth-page` and `.auth-card` (its height as the log-in and registration forms
 * draw them), under the log-in pages' header (the minimal layout's, 64 px at every width).
 */
const LOGIN_STYLE = css(`
  #root .boot-header{height:64px}
  .fp-auth{display:flex;justify-content:center;padding:48px 16px}
  .fp-auth div{width:100%;max-width:400px;min-height:468px;padding:32px 28px;background:#fff;border:1px solid var(--border);border-radius:10px}
  .fp-auth h1{margin:0;font-size:24px}
  .fp-auth p{margin:6px 0 20px;color:var(--text-muted)}
  .fp-auth-wide div{max-width:680px;min-height:907px}
  @media (max-width:600px){.fp-auth{padding:24px 12px}.fp-auth div{min-height:452px;padding:24px 16px}
  .fp-auth-wide div{min-height:1341px}}
`);

/** Each page's first screen: what the page draws first, with no data. */
export const FIRST_SCREENS: Record<string, (t: Text) => string> = {
  // home-page.tsx's hero: title, text, the two links.
  index: (t) =>
    `${HERO_STYLE}<section class="fp-hero"><div class="fp-hero-inner"><div><h1>${t('home:hero.title')}</h1><p>${t('home:hero.subtitle')}</p><div class="fp-hero-actions"><a href="/goodslist">${t('home:hero.browse')}</a><a href="/register">${t('home:hero.register')}</a></div></div></div></section>`,
  // shipping-fee-page.tsx's head: title and introduction.
  shippingfee: (t) =>
    `${SHIPPING_STYLE}<div class="fp-shipping"><h1>${t('logistics:title')}</h1><p>${t('logistics:intro')}</p></div>`,
  // login-page.tsx's card: title and subtitle, the form's room.
  login: (t) =>
    `${LOGIN_STYLE}<div class="fp-auth"><div><h1>${t('accounts:login.title')}</h1><p>${t('accounts:login.subtitle')}</p></div></div>`,
  // register-page.tsx's wide card: title and subtitle, the form's room.
  register: (t) =>
    `${LOGIN_STYLE}<div class="fp-auth fp-auth-wide"><div><h1>${t('accounts:register.title')}</h1><p>${t('accounts:register.subtitle')}</p></div></div>`,
};

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The texts of one language, read from the app's catalogues (src/locales/<locale>/<ns>.json). */
export function textsOf(localesDir: string, locale: string): Text {
  const files = new Map<string, Record<string, unknown>>();
  return (key) => {
    const [ns, path] = key.split(':') as [string, string];
    let file = files.get(ns);
    if (!file) files.set(ns, (file = JSON.parse(readFileSync(join(localesDir, locale, `${ns}.json`), 'utf8'))));
    const value = path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], file);
    if (typeof value !== 'string') throw new Error(`first screen: no text ${key} in ${locale}`);
    return escapeHtml(value);
  };
}
