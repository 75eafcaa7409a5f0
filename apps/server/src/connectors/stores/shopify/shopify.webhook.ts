import { createHmac } from 'node:crypto';
import { safeEqual } from './shopify.auth.js';

/**
 * Shopify's webhook signature (connector-protocols.md §1.7): `X-Shopify-Hmac-Sha256` is the
 * base64 HMAC-SHA256 of the raw body with the app's client secret. Checked over the exact bytes
 * received, before parsing; every secret is tried, because after a rotation Shopify may sign
 * with the old one for up to an hour.
 */
export function shopifyWebhookHmac(rawBody: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('base64');
}

export function verifyShopifyWebhook(
  rawBody: Buffer | string,
  header: string | string[] | undefined,
  secrets: readonly string[],
): boolean {
  const given = Array.isArray(header) ? header[0] : header;
  if (!given || !/^[A-Za-z0-9+/]{43}=$/.test(given.trim())) return false;
  let ok = false;
  for (const secret of secrets) if (secret && safeEqual(shopifyWebhookHmac(rawBody, secret), given.trim())) ok = true;
  return ok;
}

/** The topics we act on, and the three mandatory privacy ones (configured in the app's settings, not by API). */
export const SHOPIFY_TOPICS = ['app/uninstalled', 'products/update', 'products/create', 'products/delete'] as const;
export const SHOPIFY_PRIVACY_TOPICS = ['customers/data_request', 'customers/redact', 'shop/redact'] as const;
export type ShopifyPrivacyTopic = (typeof SHOPIFY_PRIVACY_TOPICS)[number];

/** The headers of a delivery, names case-insensitive as Node gives them (lower case). */
export interface ShopifyDelivery {
  topic: string;
  shop: string;
  webhookId: string | null;
  triggeredAt: string | null;
  apiVersion: string | null;
}

export function shopifyDeliveryOf(headers: Record<string, string | string[] | undefined>): ShopifyDelivery {
  const h = (name: string) => {
    const v = headers[name] ?? headers[name.toLowerCase()];
    return (Array.isArray(v) ? v[0] : v) ?? null;
  };
  return {
    topic: h('x-shopify-topic') ?? '',
    shop: (h('x-shopify-shop-domain') ?? '').toLowerCase(),
    webhookId: h('x-shopify-webhook-id'),
    triggeredAt: h('x-shopify-triggered-at'),
    apiVersion: h('x-shopify-api-version'),
  };
}
