import { PayPalClient } from '../../connectors/paypal';
import { type StripeClient, createStripeClient } from '../../connectors/stripe/stripe.client';
import type { Config } from '../../config';

/**
 * The payment providers recharge talks to, built once per app from configuration. Either one may
 * be missing (no credentials and no emulator started): its checkout then answers
 * "provider unavailable". Which base URL they talk to (PayPal live or sandbox, Stripe, or the
 * local emulators main.ts starts for the demo) is configuration only; nothing here knows.
 */
export interface PaymentProviders {
  paypal?: { client: PayPalClient; webhookId?: string };
  stripe?: { client: StripeClient; webhookSecret: string };
  /** The providers are the local emulators (the recharge page says "sandbox"). */
  sandbox: boolean;
}

export function createPaymentProviders(config: Config): PaymentProviders {
  return {
    paypal: config.paypal
      ? {
          client: new PayPalClient({
            baseUrl: config.paypal.baseUrl,
            clientId: config.paypal.clientId,
            clientSecret: config.paypal.clientSecret,
          }),
          webhookId: config.paypal.webhookId,
        }
      : undefined,
    stripe: config.stripe
      ? {
          client: createStripeClient({ secretKey: config.stripe.secretKey, baseUrl: config.stripe.baseUrl }),
          webhookSecret: config.stripe.webhookSecret,
        }
      : undefined,
    sandbox: config.paymentSandbox ?? false,
  };
}

/** Provider idempotency keys derived from the recharge order: a retry never pays twice. */
export const providerKey = {
  create: (id: string) => `recharge-${id}-create`,
  capture: (id: string) => `recharge-${id}-capture`,
  expire: (id: string) => `recharge-${id}-expire`,
};
