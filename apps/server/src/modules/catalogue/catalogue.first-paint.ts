import { escapeHtml, preloadable } from '../../platform/first-answers';

/**
 * The catalogue pages' first screen as plain HTML (decision 0135), drawn from the first answers
 * the page carries (decision 0122) so the browser paints the largest picture before the scripts
 * run: on a phone that picture waited for the entry's evaluation (LCP 2.6–3.1 s). The app's first
 * render replaces all of it (React empties the root), so nothing here moves the page; its boxes
 * follow the pages' own CSS (apps/web catalogue.css, product-card.css) so the pictures appear
 * where and as large as the page draws them: the largest paint stays this one. Only what needs no
 * text of the web app: pictures and names; prices wait for the visitor's currency, in the app.
 */

const css = (rules: string) => `<style>${rules.replace(/\s*\n\s*/g, '')}</style>`;

/** One card of the goods list (apps/web product-card.tsx): picture and name. */
interface ListItem {
  prodName?: string;
  pic?: string;
}

const GOODS_STYLE = css(`
  .fp-page{max-width:1200px;margin:0 auto;padding:24px 16px 48px}
  .fp-head{height:63px;margin-top:8px}
  .fp-layout{display:grid;grid-template-columns:260px minmax(0,1fr);gap:28px;margin-top:20px}
  .fp-bar{height:40px;margin-bottom:16px}
  .fp-grid{display:grid;grid-template-columns:repeat(4,minmax(0,1fr));gap:16px;margin:0;padding:0;list-style:none}
  .fp-card{border:1px solid var(--border);border-radius:10px;overflow:hidden;min-width:0}
  .fp-card img{display:block;width:100%;height:auto;aspect-ratio:1/1;object-fit:cover;background:var(--bg)}
  .fp-card p{margin:10px 12px 85px;font-size:14px;line-height:1.4;height:2.8em;overflow:hidden}
  @media (max-width:959px){.fp-layout{grid-template-columns:minmax(0,1fr);gap:16px}.fp-side{height:40px}
  .fp-grid{grid-template-columns:repeat(3,minmax(0,1fr))}}
  @media (max-width:599px){.fp-head{height:56px}.fp-bar{height:84px}
  .fp-grid{grid-template-columns:repeat(2,minmax(0,1fr));gap:10px}}
`);

/** The cards of the first screen (two rows on a phone, one on a wide screen: goods-list-page.tsx). */
const FIRST_SCREEN_CARDS = 4;

/** /goodslist: the first cards of the search's answer. */
export function goodsListPreview(data: unknown): string | undefined {
  const records = ((data as { records?: ListItem[] } | null)?.records ?? []).slice(0, FIRST_SCREEN_CARDS);
  if (!records.length) return undefined;
  const cards = records
    .map((p, i) => {
      const name = escapeHtml(p.prodName ?? '');
      const pic = preloadable(p.pic)
        ? `<img src="${escapeHtml(p.pic)}" alt="" width="400" height="400"${i === 0 ? ' fetchpriority="high"' : ''}>`
        : '<img alt="" width="400" height="400">';
      return `<li class="fp-card">${pic}<p>${name}</p></li>`;
    })
    .join('');
  return `${GOODS_STYLE}<div class="fp-page"><div class="fp-head"></div><div class="fp-layout"><div class="fp-side"></div><div><div class="fp-bar"></div><ul class="fp-grid">${cards}</ul></div></div></div>`;
}

const PRODUCT_STYLE = css(`
  .fp-page{max-width:1200px;margin:0 auto;padding:20px 16px 48px}
  .fp-crumb{height:21px}
  .fp-main{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:40px;margin-top:16px}
  .fp-pic{aspect-ratio:1/1;overflow:hidden;background:var(--bg);border:1px solid var(--border);border-radius:12px}
  .fp-pic img{display:block;width:100%;height:100%;object-fit:contain}
  .fp-thumbs{height:78px;margin-top:12px}
  .fp-main h1{margin:0;font-size:28px;line-height:1.25}
  @media (max-width:959px){.fp-main{grid-template-columns:minmax(0,1fr);gap:24px}.fp-crumb{height:46px}}
  @media (max-width:599px){.fp-main h1{font-size:22px}}
`);

interface ProductPictures {
  prodName?: string;
  pic?: string;
  imgs?: string[];
  skuList?: Array<{ pic?: string }>;
}

/** How many pictures the gallery shows (apps/web product-details-page.tsx `galleryImages`). */
function pictureCount(p: ProductPictures): number {
  const all = [...(p.imgs?.length ? p.imgs : [p.pic]), ...(p.skuList ?? []).map((s) => s.pic)];
  return new Set(all.filter(Boolean)).size;
}

/**
 * /productdetails: the main picture (`mainPicture`, as the page picks it), the room of the
 * thumbnails' row when the gallery has one, and the name.
 */
export function productPreview(data: unknown, picture: string | undefined): string | undefined {
  const product = (data ?? {}) as ProductPictures;
  if (!product.prodName) return undefined;
  const name = escapeHtml(product.prodName);
  const img = preloadable(picture)
    ? `<img src="${escapeHtml(picture)}" alt="${name}" width="600" height="600" fetchpriority="high">`
    : '';
  const thumbs = pictureCount(product) > 1 ? '<div class="fp-thumbs"></div>' : '';
  return `${PRODUCT_STYLE}<div class="fp-page"><div class="fp-crumb"></div><div class="fp-main"><div><div class="fp-pic">${img}</div>${thumbs}</div><div><h1>${name}</h1></div></div></div>`;
}
