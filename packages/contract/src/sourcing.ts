import { z } from 'zod';
import { IdSchema } from './common/ids';
import { hasAtMostTwoDecimals } from './common/money';
import { PageQuerySchema, pageOf } from './common/paging';
import { PURCHASE_TYPES } from './orders';

/**
 * Sourcing requests (issue 25, decision 0127): a store owner asks us to find a product by its
 * URL; staff take it, then answer with catalogue products (succeeded) or a reason (failed).
 * Messages are keys in the `sourcing` catalogue, so field errors come back in the caller's language.
 */

export const SOURCING_STATES = ['pending', 'processing', 'succeeded', 'failed'] as const;
export type SourcingState = (typeof SOURCING_STATES)[number];
/** The user's tabs: "processing" holds both open states (SPEC §4 "pending processing/processing"). */
export const SOURCING_TABS = ['processing', 'succeeded', 'failed'] as const;
export type SourcingTab = (typeof SOURCING_TABS)[number];
/** Why a request failed; each has a text in every language (`sourcing.reasons.*`). */
export const SOURCING_FAILURE_REASONS = [
  'not-found',
  'price-too-high',
  'quantity-too-low',
  'restricted',
  'cannot-ship',
  'other',
] as const;
export type SourcingFailureReason = (typeof SOURCING_FAILURE_REASONS)[number];

export const SOURCING_MAX_IMAGES = 5;
export const SOURCING_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** What the form offers; the server judges the bytes (files area `sourcing`). */
export const SOURCING_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const SOURCING_MAX_PRICE = 1_000_000;
export const SOURCING_MAX_QUANTITY = 10_000_000;
export const SOURCING_MAX_PRODUCTS = 10;

/** An http(s) address with a host that has a dot (a shop page, not `http://localhost`). */
export function parseSourcingUrl(input: string): URL | null {
  try {
    const url = new URL(input.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname.includes('.') || url.username || url.password) return null;
    return url;
  } catch {
    return null;
  }
}

/** Second levels under a country code that are not a site's own name (co.uk, com.cn, com.tr…). */
const SHARED_SECOND_LEVEL = new Set(['co', 'com', 'net', 'org', 'gov', 'edu', 'ac', 'gen', 'biz']);

/** The site shown back to the user: `https://detail.1688.com/offer/1.html` → `1688.com`. */
export function sourcingDomain(input: string): string {
  const url = parseSourcingUrl(input);
  if (!url) return '';
  const labels = url.hostname.toLowerCase().split('.');
  if (labels.every((l) => /^\d+$/.test(l))) return url.hostname;
  const tld = labels.at(-1) ?? '';
  const second = labels.at(-2) ?? '';
  const keep = tld.length === 2 && SHARED_SECOND_LEVEL.has(second) ? 3 : 2;
  return labels.slice(-keep).join('.');
}

/**
 * The key of "one open request per URL": scheme and `www.` dropped, host lower-cased, fragment
 * and trailing slash removed; the path and query stay (they name the product).
 */
export function sourcingUrlKey(input: string): string {
  const url = parseSourcingUrl(input);
  if (!url) return input.trim();
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const path = url.pathname.replace(/\/+$/, '');
  return `${host}${url.port ? `:${url.port}` : ''}${path}${url.search}`;
}

/** One message per field: empty (SPEC §5 "URL cannot be empty"), else not a web address. */
const SourcingUrl = z
  .string()
  .trim()
  .check((ctx) => {
    const v = ctx.value;
    const problem = v.length === 0 ? 'url-required' : v.length > 2000 || !parseSourcingUrl(v) ? 'url-invalid' : null;
    if (problem) ctx.issues.push({ code: 'custom', message: `sourcing.${problem}`, input: v });
  });

/** A file name answered by POST /api/p/sourcing/images (content-addressed). */
const IMAGE_NAME = /^[a-f0-9]{32}\.(png|jpg|webp)$/;
const Images = z
  .array(z.string().regex(IMAGE_NAME, 'sourcing.image-unknown'))
  .max(SOURCING_MAX_IMAGES, 'sourcing.too-many-images')
  .default([]);

/** SPEC §5 amount inputs: at most two decimals; here also more than zero and not absurd. */
const TargetPrice = z
  .number()
  .refine(hasAtMostTwoDecimals, 'validation.two-decimals')
  .refine((v) => v > 0, 'sourcing.price-positive')
  .refine((v) => v <= SOURCING_MAX_PRICE, 'sourcing.price-too-large');

export const CreateSourcingBody = z.object({
  url: SourcingUrl,
  title: z.string().trim().min(1, 'sourcing.title-required').max(200),
  description: z.string().trim().max(2000).default(''),
  images: Images,
  /** USD per unit the user hopes for; null when they have none in mind. */
  targetPrice: TargetPrice.nullable().default(null),
  /** Per day for dropshipping, in total for bulk (the form says which). */
  quantity: z
    .number()
    .int('sourcing.quantity-whole')
    .min(1, 'sourcing.quantity-positive')
    .max(SOURCING_MAX_QUANTITY, 'sourcing.quantity-too-large'),
  purchaseType: z.enum(PURCHASE_TYPES),
  haveOrders: z.boolean().default(false),
  acceptSimilar: z.boolean().default(true),
});
export type CreateSourcingBody = z.input<typeof CreateSourcingBody>;

export const SourcingIdParams = z.object({ id: z.string() });
export const SourcingImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});

/** The person handling a user's requests (decision 0127): shown on the account and each request. */
export const SourcingAgentCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  languages: z.array(z.string()),
  /** "HH:MM" in the agent's own time zone; the screen shows them in the viewer's. */
  hoursFrom: z.string(),
  hoursTo: z.string(),
  timeZone: z.string(),
  /** The agent's picture (a `sourcing` file URL), or null: the screen shows the initial. */
  photo: z.string().nullable(),
  /** Given users automatically (decision 0134); an inactive agent keeps the users they have. */
  active: z.boolean(),
});
export type SourcingAgentCard = z.infer<typeof SourcingAgentCardSchema>;

export const SourcedProductSchema = z.object({
  prodId: z.number().int(),
  /** Its first SKU (display order), for a shipping estimate and buying; null without SKUs. */
  skuId: z.number().int().nullable(),
  prodName: z.string(),
  pic: z.string(),
  price: z.number(),
  /** The smallest tier quantity, or 1 without tiers. */
  moq: z.number().int(),
  tiers: z.array(z.object({ minQuantity: z.number().int(), unitPrice: z.number() })),
});
export type SourcedProduct = z.infer<typeof SourcedProductSchema>;

export const SourcingSchema = z.object({
  id: z.string(),
  /** The sourcing ID people quote, e.g. S000042. */
  number: z.string(),
  url: z.string(),
  domain: z.string(),
  title: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  targetPrice: z.number().nullable(),
  quantity: z.number().int(),
  purchaseType: z.enum(PURCHASE_TYPES),
  haveOrders: z.boolean(),
  acceptSimilar: z.boolean(),
  state: z.enum(SOURCING_STATES),
  failureReason: z.enum(SOURCING_FAILURE_REASONS).nullable(),
  failureNote: z.string().nullable(),
  products: z.array(SourcedProductSchema),
  agent: SourcingAgentCardSchema.nullable(),
  createdAt: z.string(),
  takenAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The promised answer time (N working days after sending). */
  dueAt: z.string(),
  /** Still open after `dueAt`. */
  late: z.boolean(),
});
export type Sourcing = z.infer<typeof SourcingSchema>;
/** A submit answers the request; `alreadyOpen` says it is the open one for the same URL. */
export const SourcingCreatedSchema = SourcingSchema.extend({ alreadyOpen: z.boolean() });

export const SourcingListQuery = PageQuerySchema.extend({ tab: z.enum(SOURCING_TABS).default('processing') });
export type SourcingListQuery = z.infer<typeof SourcingListQuery>;
export const SourcingCountsSchema = z.object({
  processing: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
});

export const SourcingMessageSchema = z.object({
  id: z.string(),
  fromStaff: z.boolean(),
  authorName: z.string(),
  text: z.string(),
  images: z.array(z.string()),
  createdAt: z.string(),
});
export type SourcingMessage = z.infer<typeof SourcingMessageSchema>;
export const PostSourcingMessageBody = z
  .object({ text: z.string().trim().max(2000).default(''), images: Images })
  .refine((v) => v.text.length > 0 || v.images.length > 0, {
    path: ['text'],
    message: 'sourcing.message-empty',
  });
export type PostSourcingMessageBody = z.input<typeof PostSourcingMessageBody>;

// ---------------------------------------------------------------- staff (operator and agents)

export const AdminSourcingSchema = SourcingSchema.extend({
  userId: z.string(),
  userEmail: z.string(),
  /** Who took it (null while pending). */
  handlerName: z.string().nullable(),
});
export type AdminSourcing = z.infer<typeof AdminSourcingSchema>;

const flag = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean().optional());
export const AdminSourcingListQuery = PageQuerySchema.extend({
  state: z.enum(['open', ...SOURCING_STATES, 'all']).default('open'),
  purchaseType: z.enum(PURCHASE_TYPES).optional(),
  /** An agent's id, or `none` for requests of users without one. */
  agent: z.string().max(64).optional(),
  late: flag,
});
export type AdminSourcingListQuery = z.infer<typeof AdminSourcingListQuery>;

export const SucceedSourcingBody = z.object({
  prodIds: z.array(IdSchema).min(1, 'sourcing.products-required').max(SOURCING_MAX_PRODUCTS),
});
export const FailSourcingBody = z.object({
  reason: z.enum(SOURCING_FAILURE_REASONS),
  note: z.string().trim().max(1000).default(''),
});

const HOUR = /^([01]\d|2[0-3]):[0-5]\d$/;
/** The operator makes an account an agent (or updates the agent's card). */
export const PutSourcingAgentBody = z.object({
  email: z.string().trim().email('sourcing.agent-email'),
  name: z.string().trim().min(1).max(100),
  languages: z.array(z.string().trim().min(2).max(10)).min(1).max(8),
  hoursFrom: z.string().regex(HOUR, 'sourcing.hours'),
  hoursTo: z.string().regex(HOUR, 'sourcing.hours'),
  timeZone: z.string().refine(isTimeZone, 'sourcing.time-zone'),
  /** A picture uploaded through the sourcing picture upload (its id), or null for none. */
  photo: z.string().regex(IMAGE_NAME, 'sourcing.image-unknown').nullable().default(null),
  active: z.boolean().default(true),
});
export type PutSourcingAgentBody = z.input<typeof PutSourcingAgentBody>;
export const AssignSourcingAgentBody = z.object({
  userEmail: z.string().trim().email('sourcing.agent-email'),
  /** null takes the user's agent away. */
  agentId: z.string().nullable(),
});

/** An IANA time zone this runtime knows (Europe/Istanbul, Asia/Shanghai…). */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz.length > 0;
  } catch {
    return false;
  }
}

export const SourcingPageSchema = pageOf(SourcingSchema);
export const AdminSourcingPageSchema = pageOf(AdminSourcingSchema);
export const SourcingMessageListSchema = z.array(SourcingMessageSchema);
export const SourcingAgentListSchema = z.array(SourcingAgentCardSchema);
export const MaybeSourcingAgentSchema = SourcingAgentCardSchema.nullable();
export type SourcingImage = z.infer<typeof SourcingImageSchema>;
export type SourcingCounts = z.infer<typeof SourcingCountsSchema>;
export type SourcingCreated = z.infer<typeof SourcingCreatedSchema>;
