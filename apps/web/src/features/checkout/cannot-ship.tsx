import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConfirmResult } from '@dsm/contract';
import { CheckoutLines } from './checkout-lines';

type ConfirmLine = ConfirmResult['lines'][number];

interface CannotShipProps {
  lines: ConfirmLine[];
  /** Cart checkout: takes the line out of this checkout (it stays in the cart). Buy-now has none. */
  onRemove?: (line: ConfirmLine) => void;
}

/**
 * The lines no method carries to the chosen address (decision 0107): each with the reason the
 * shipping calculator gives and what to do. They are not in the order or its totals.
 */
export function CannotShip({ lines, onRemove }: CannotShipProps) {
  const { t } = useTranslation('checkout');
  if (lines.length === 0) return null;
  return (
    <section className="checkout-section checkout-cannot-ship" aria-labelledby="checkout-cannot-ship">
      <h2 id="checkout-cannot-ship">{t('cannot-ship.title', { count: lines.length })}</h2>
      {lines.map((l) => (
        <div key={l.skuId} className="checkout-cannot-ship-line" data-sku={l.skuId}>
          <CheckoutLines lines={[l]} />
          <Alert
            type="warning"
            showIcon
            title={l.cannotShip?.reason}
            description={
              <>
                {l.cannotShip && l.cannotShip.methods.length > 0 ? (
                  <ul className="checkout-reasons">
                    {l.cannotShip.methods.map((m) => (
                      <li key={m.name}>{t('cannot-ship.method', { name: m.name, reason: m.reason })}</li>
                    ))}
                  </ul>
                ) : null}
                <span>{onRemove ? t('cannot-ship.advice-cart') : t('cannot-ship.advice')}</span>
                {onRemove ? (
                  <Button size="small" className="checkout-remove" onClick={() => onRemove(l)}>
                    {t('cannot-ship.remove')}
                  </Button>
                ) : null}
              </>
            }
          />
        </div>
      ))}
    </section>
  );
}
