import { z } from 'zod';
import { IdSchema } from './common/ids';
import { UploadImageBody } from './catalogue';
import { LOCALES, type Locale } from './common/locale';
import { PageQuerySchema, pageOf } from './common/paging';

/**
 * Storefront content (SPEC §1, §2): home banners, notices and the static pages of the footer.
 * Text is stored per language and read in the caller's language, falling back to en-US, then to
 * any language. Rich text is sanitized HTML (docs/decisions/0033, uploads 0034).
 */

/** The static pages, keyed as their web routes are (`contanctus` spelled as in the route). */
export const PAGE_SLUGS = [
  'agreement',
  'refunds',
  'aboutus',
  'privacy',
  'walletrules',
  'shippingpolicy',
  'contanctus',
  'useragreement',
  'faq',
  'howitworks',
  'affiliate',
] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];

/** Any slug-shaped string passes: an unknown one is answered with a localized not-found. */
export const PageSlugParams = z.object({
  slug: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/i)
    .transform((s) => s.toLowerCase()),
});

/** GET /api/content/pages/{slug}; `locale` says which language was served (after fallback). */
export const ContentPageSchema = z.object({
  slug: z.string(),
  locale: z.enum(LOCALES),
  title: z.string(),
  body: z.string(),
  updatedAt: z.string(),
});
export type ContentPage = z.infer<typeof ContentPageSchema>;

/** GET /api/indexImgs: the home carousel, active banners in `seq` order. */
export const BannerSchema = z.object({
  imgId: z.number().int(),
  imgUrl: z.string(),
  link: z.string(),
  title: z.string(),
  alt: z.string(),
  seq: z.number().int(),
});
export type Banner = z.infer<typeof BannerSchema>;

/** GET /api/shop/notice/topNoticeList: pinned first, then newest; body is sanitized HTML. */
export const NoticeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  pinned: z.boolean(),
  publishedAt: z.string(),
});
export type Notice = z.infer<typeof NoticeSchema>;

export const TopNoticesQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) });
export type TopNoticesQuery = z.infer<typeof TopNoticesQuery>;

export const NoticeIdParams = z.object({ id: IdSchema });
export const BannerIdParams = NoticeIdParams;

// ---------------------------------------------------------------------------------------------
// Operator API (/api/admin/content/…)

/** One entry per language; en-US is required, the others fall back to it when absent. */
function perLocale<T extends z.ZodType>(entry: T) {
  return z.object({
    'en-US': entry,
    'zh-CN': entry.optional(),
    'fr-FR': entry.optional(),
    'tr-TR': entry.optional(),
  });
}
export type PerLocale<T> = { 'en-US': T } & Partial<Record<Exclude<Locale, 'en-US'>, T>>;

const Title = z.string().trim().min(1, 'validation.required').max(200);
/** Rich text as HTML; sanitized on save (scripts, event handlers and unsafe URLs removed). */
const RichText = z.string().max(100_000, 'content.body-too-long');
const isoDate = z.iso.datetime({ offset: true, error: 'content.date-invalid' });

export const BannerTextSchema = z.object({ title: Title, alt: z.string().trim().max(200).default('') });

/**
 * A banner link: empty, a path inside the site (`/goodslist?…`) or an http(s) address.
 * An image: `imgUrl` (a path or http(s) address) or `image` (base64 upload), not both.
 */
const Link = z
  .string()
  .trim()
  .max(500)
  .regex(/^$|^\/(?!\/)|^https?:\/\//i, 'content.link-invalid');
const ImageUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^\/(?!\/)|^https?:\/\//i, 'content.image-url-invalid');

const bannerFields = {
  link: Link.default(''),
  text: perLocale(BannerTextSchema),
  seq: z.number().int().min(0).max(10_000).default(0),
  active: z.boolean().default(true),
  startsAt: isoDate.nullable().default(null),
  endsAt: isoDate.nullable().default(null),
  imgUrl: ImageUrl.optional(),
  image: UploadImageBody.optional(),
};

function checkBanner(
  v: { imgUrl?: string; image?: unknown; startsAt?: string | null; endsAt?: string | null },
  ctx: z.RefinementCtx,
  requireImage: boolean,
) {
  if (v.imgUrl && v.image) ctx.addIssue({ code: 'custom', path: ['image'], message: 'content.image-one-of' });
  if (requireImage && !v.imgUrl && !v.image)
    ctx.addIssue({ code: 'custom', path: ['imgUrl'], message: 'content.image-required' });
  if (v.startsAt && v.endsAt && Date.parse(v.endsAt) <= Date.parse(v.startsAt)) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'content.period-order' });
  }
}

export const CreateBannerBody = z.object(bannerFields).superRefine((v, ctx) => checkBanner(v, ctx, true));
export type CreateBannerBody = z.infer<typeof CreateBannerBody>;

/** Same as create; without `imgUrl` and `image` the banner keeps its picture. */
export const UpdateBannerBody = z.object(bannerFields).superRefine((v, ctx) => checkBanner(v, ctx, false));
export type UpdateBannerBody = z.infer<typeof UpdateBannerBody>;

export const AdminBannerSchema = z.object({
  imgId: z.number().int(),
  imgUrl: z.string(),
  link: z.string(),
  text: z.record(z.string(), z.object({ title: z.string(), alt: z.string() })),
  seq: z.number().int(),
  active: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminBanner = z.infer<typeof AdminBannerSchema>;

export const NoticeTextSchema = z.object({ title: Title, body: RichText });

/** A notice; `publishedAt` in the future schedules it (default: now). */
export const SaveNoticeBody = z.object({
  text: perLocale(NoticeTextSchema),
  pinned: z.boolean().default(false),
  publishedAt: isoDate.optional(),
});
export type SaveNoticeBody = z.infer<typeof SaveNoticeBody>;

export const AdminNoticeSchema = z.object({
  id: z.number().int(),
  text: z.record(z.string(), z.object({ title: z.string(), body: z.string() })),
  pinned: z.boolean(),
  publishedAt: z.string(),
  updatedAt: z.string(),
});
export type AdminNotice = z.infer<typeof AdminNoticeSchema>;

export const ListAdminNoticesQuery = PageQuerySchema;

/** PUT /api/admin/content/pages/{slug}: one language's title and body (sanitized on save). */
export const SaveContentPageBody = z.object({
  locale: z.enum(LOCALES, { error: 'content.locale-invalid' }),
  title: Title,
  body: RichText.min(1, 'validation.required'),
});
export type SaveContentPageBody = z.infer<typeof SaveContentPageBody>;

export const AdminContentPageTranslationSchema = z.object({
  locale: z.string(),
  title: z.string(),
  body: z.string(),
  updatedAt: z.string(),
});

/** GET /api/admin/content/pages/{slug}: every language stored for the page. */
export const AdminContentPageSchema = z.object({
  slug: z.string(),
  translations: z.array(AdminContentPageTranslationSchema),
});
export type AdminContentPage = z.infer<typeof AdminContentPageSchema>;

/** GET /api/admin/content/pages: each page with the languages it has and when each was edited. */
export const AdminContentPageSummarySchema = z.object({
  slug: z.string(),
  translations: z.array(AdminContentPageTranslationSchema.omit({ body: true })),
});
export const AdminBannerListSchema = z.array(AdminBannerSchema);
export const AdminNoticePageSchema = pageOf(AdminNoticeSchema);
export const AdminContentPageSummaryListSchema = z.array(AdminContentPageSummarySchema);
