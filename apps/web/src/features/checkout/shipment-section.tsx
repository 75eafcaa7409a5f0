import { Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConfirmResult, ConfirmShipment } from '@dsm/contract';
import { useMoney } from '../../lib/money';
import { CheckoutLines } from './checkout-lines';

interface ShipmentSectionProps {
  shipment: ConfirmShipment;
  /** 0-based position and how many shipments the checkout has. */
  index: number;
  count: number;
  lines: ConfirmResult['lines'];
  onMethod: (key: string, code: string) => void;
}

/**
 * One parcel (decision 0107): where it ships from, its products, and the methods that carry it
 * from that warehouse to the consignee's country, cheapest first, with price and days.
 */
export function ShipmentSection({ shipment, index, count, lines, onMethod }: ShipmentSectionProps) {
  const { t } = useTranslation('checkout');
  const money = useMoney();
  const headingId = `checkout-shipment-${shipment.key}`;
  const selected = shipment.shippingOptions.find((o) => o.selected);
  return (
    <section className="checkout-section checkout-shipment" aria-labelledby={headingId} data-shipment={shipment.key}>
      <h2 id={headingId}>
        {count > 1
          ? t('shipment.title-of', { n: index + 1, count, warehouse: shipment.warehouse.name })
          : t('shipment.title', { warehouse: shipment.warehouse.name })}
      </h2>
      <CheckoutLines lines={lines} />
      <h3 className="checkout-subhead">{t('shipping.title')}</h3>
      <Radio.Group
        className="checkout-choices"
        value={selected?.code}
        onChange={(e) => onMethod(shipment.key, e.target.value as string)}
      >
        {shipment.shippingOptions.map((o) => (
          <Radio key={o.code} value={o.code} className="checkout-choice">
            <span className="checkout-choice-name">{o.name}</span>
            <span className="checkout-choice-detail">
              {money(o.price)} · {t('shipping.days', { min: o.days.min, max: o.days.max })}
            </span>
          </Radio>
        ))}
      </Radio.Group>
      {count > 1 ? (
        <p className="checkout-muted">
          {t('shipment.subtotal', { goods: money(shipment.goodsTotal), shipping: money(shipment.shipping) })}
        </p>
      ) : null}
    </section>
  );
}
