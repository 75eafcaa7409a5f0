// The PayPal connector's public surface (decision 0071). The emulator is not exported here: the
// connector never knows it exists; tests and the demo start it from ./emulator.ts themselves.
export { PayPalClient } from './paypal.client.js';
export type {
  CaptureResult,
  CreateOrderInput,
  PayPalCapture,
  PayPalCaptureStatus,
  PayPalClientOptions,
  PayPalOrder,
} from './paypal.client.js';
export { PayPalError } from './paypal.errors.js';
export type { PayPalErrorKind } from './paypal.errors.js';
export { minorToPayPalValue, payPalValueToMinor } from './paypal.money.js';
export { parseWebhookEvent, verifyWebhookSignature } from './paypal.webhook.js';
export type { PayPalWebhookEvent, WebhookHeaders } from './paypal.webhook.js';
