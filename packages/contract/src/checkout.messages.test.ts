import { describe, expect, it } from 'vitest';
import { LOCALES } from './common/locale';
import { translate } from './messages';

/**
 * The server's catalogue has no plural forms: a message with a number is phrased so that it
 * reads right for every number, 1 included (issue 20: "1 commandes").
 */
describe('checkout.hold-cap reads right for a cap of 1 and of many', () => {
  it('names the cap without a noun that must agree with it', () => {
    expect(translate('en-US', 'checkout.hold-cap', { max: 1 })).toContain(
      'You have reached the limit of orders waiting for payment (1)',
    );
    expect(translate('fr-FR', 'checkout.hold-cap', { max: 1 })).toContain(
      'Vous avez atteint la limite de commandes en attente de paiement (1)',
    );
    // Chinese and Turkish do not inflect a noun after a number.
    expect(translate('zh-CN', 'checkout.hold-cap', { max: 1 })).toContain('您已有 1 个待支付订单');
    expect(translate('tr-TR', 'checkout.hold-cap', { max: 1 })).toContain('1 siparişiniz');
  });

  it('in no language puts the number before a plural noun', () => {
    for (const locale of LOCALES) {
      for (const max of [1, 2, 100]) {
        const text = translate(locale, 'checkout.hold-cap', { max });
        expect(text).toContain(String(max));
        expect(text).not.toMatch(/\b\d+ (orders|commandes)\b/);
      }
    }
  });
});
