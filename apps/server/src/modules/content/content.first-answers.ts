import { PAGE_SLUGS } from '@dsm/contract';
import { escapeHtml, type FirstRequest } from '../../platform/first-answers';

/**
 * The content pages' first answer and first screen in their HTML (decisions 0122, 0135, 0147):
 * /aboutus, /faq, /affiliate and the other footer pages draw GET /api/content/pages/{slug}
 * (apps/web content-page.tsx). On a phone their largest paint is the body's first paragraph,
 * which waited for the scripts, the request and the first render (LCP 2.1–2.6 s); drawn here, the
 * browser paints it with the document. The app's first render replaces all of it (React empties
 * the root): the boxes follow the page's own CSS (content.css, rich-text.css), so the title and
 * the paragraphs appear where and as large as the app draws them, and the largest paint stays
 * this one.
 */

const css = (rules: string) => `<style>${rules.replace(/\s*\n\s*/g, '')}</style>`;

/**
 * content.css and rich-text.css, the rules of what the first screen shows, as the built app applies
 * them: rich-text.css's 16 px / 1.7 wins over content.css's `.content-body` in the bundle's order.
 */
const CONTENT_STYLE = css(`
  .fp-content{max-width:760px;margin:0 auto;padding:40px 20px 64px}
  .fp-content-head{margin-bottom:28px;padding-bottom:20px;border-bottom:1px solid var(--border)}
  .fp-content-head h1{margin:0;font-size:clamp(28px,4vw,36px);line-height:1.2;letter-spacing:-0.01em}
  .fp-updated{height:31px}
  .fp-body{font-size:16px;line-height:1.7;overflow-wrap:break-word}
  .fp-body>:first-child{margin-top:0}
  .fp-body h2{margin:1.8em 0 .6em;padding-top:4px;font-size:1.35em;line-height:1.3}
  .fp-body h3{margin:1.5em 0 .5em;font-size:1.15em;line-height:1.35}
  .fp-body h4{margin:1.3em 0 .4em;font-size:1em}
  .fp-body p{margin:0 0 1em}
  .fp-body ul,.fp-body ol{margin:0 0 1em;padding-left:1.5em}
  .fp-body li+li{margin-top:.35em}
  .fp-body a{color:var(--primary-dark);text-decoration:underline;text-underline-offset:2px}
  .fp-body img{max-width:100%;height:auto}
  @media (max-width:599px){.fp-content{padding:28px 16px 48px}}
`);

/** A body longer than this is left to the app: the first screen is its beginning anyway. */
const MAX_BODY = 16_000;

interface PageAnswer {
  title?: string;
  body?: string;
  updatedAt?: string;
}

/**
 * The first screen of a content page: its title, the room of the "updated on" line (a date in
 * the visitor's language, which the app formats), and the body. The body is the operator's text
 * as the API sends it, sanitized when saved (content.sanitize.ts): the app inserts the same HTML.
 */
export function contentPreview(data: unknown): string | undefined {
  const page = (data ?? {}) as PageAnswer;
  if (!page.title || typeof page.body !== 'string' || page.body.length > MAX_BODY) return undefined;
  const updated =
    page.updatedAt && !Number.isNaN(new Date(page.updatedAt).getTime()) ? '<div class="fp-updated"></div>' : '';
  return `${CONTENT_STYLE}<article class="fp-content"><header class="fp-content-head"><h1>${escapeHtml(page.title)}</h1>${updated}</header><div class="fp-body">${page.body}</div></article>`;
}

/** The first request of a content page (platform/static.ts asks for every public page). */
export function contentFirstRequests(route: string): FirstRequest[] {
  if (!(PAGE_SLUGS as readonly string[]).includes(route)) return [];
  return [{ path: `/content/pages/${route}`, preview: contentPreview }];
}
