import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ConfirmResult } from '@dsm/contract';
import { useMoney } from '../../lib/money';

type ConfirmLine = ConfirmResult['lines'][number];

/** The products of a shipment (or of the lines that cannot ship), with quantity and line total. */
export function CheckoutLines({ lines }: { lines: ConfirmLine[] }) {
  const { t } = useTranslation('checkout');
  const money = useMoney();
  return (
    <ul className="checkout-lines">
      {lines.map((l) => (
        <li key={l.skuId} className="checkout-line">
          {l.image ? <img src={l.image} alt="" width={56} height={56} /> : <span className="checkout-line-noimage" />}
          <span className="checkout-line-text">
            <Link to={`/productdetails?prodId=${l.prodId}&skuId=${l.skuId}`}>{l.title}</Link>
            <span className="checkout-muted">{t('lines.sku', { code: l.skuCode })}</span>
            {/* Held in the owner's inventory where this shipment leaves (decision 0139): priced at 0. */}
            {l.fromInventory ? (
              <span className="checkout-from-inventory" data-testid="checkout-from-inventory">
                {t('lines.from-inventory')}
              </span>
            ) : null}
          </span>
          <span className="checkout-line-price">
            {t('lines.quantity', { price: money(l.unitPrice), count: l.count })}
            <strong>{money(l.lineTotal)}</strong>
          </span>
        </li>
      ))}
    </ul>
  );
}
