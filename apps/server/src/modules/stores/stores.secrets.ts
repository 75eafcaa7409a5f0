import type { Config } from '../../config';
import type { StoreCredentials } from '../../connectors/stores/store-platform';
import { openSecret, sealSecret } from '../../platform/secret-box';

/**
 * A store's credentials and its webhook secret, sealed at rest (decision 0100): AES-256-GCM
 * under SECRET_KEY for their own purposes, bound to the store's id (a sealed value copied to
 * another row does not open). Opened only to make a client; never in a DTO or a log line.
 */
const CREDENTIALS = 'store-credentials';
const WEBHOOK = 'store-webhook-secret';

export const sealCredentials = (config: Config, storeId: string, creds: StoreCredentials) =>
  sealSecret(config.secretKey, CREDENTIALS, creds, storeId);
export const openCredentials = (config: Config, storeId: string, sealed: string) =>
  openSecret<StoreCredentials>(config.secretKey, CREDENTIALS, sealed, storeId);
export const sealWebhookSecret = (config: Config, storeId: string, secret: string) =>
  sealSecret(config.secretKey, WEBHOOK, secret, storeId);
export const openWebhookSecret = (config: Config, storeId: string, sealed: string) =>
  openSecret<string>(config.secretKey, WEBHOOK, sealed, storeId);

/** Where platforms reach this server: PUBLIC_URL, else this process on loopback (the demo). */
export function publicBase(config: Config): string {
  return (config.publicUrl ?? `http://127.0.0.1:${config.port}`).replace(/\/+$/, '');
}
