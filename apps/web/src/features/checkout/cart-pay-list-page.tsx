import { useState } from 'react';
import { Alert, Skeleton } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CartLine } from '@dsm/contract';
import { useBasketConfirm, useCartLines } from './checkout.api';
import { CheckoutView } from './checkout-view';
import './checkout.css';

/** The cart lines to buy: those named by `?basketIds=1,2` (the cart's checkout button), else the selected ones. */
function chosenLines(lines: CartLine[], param: string | null): CartLine[] {
  if (param === null) return lines.filter((l) => l.selected);
  const ids = new Set(
    param
      .split(',')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0),
  );
  return lines.filter((l) => ids.has(l.basketId));
}

/**
 * /user/cartpaylist?basketIds=…: cart checkout (SPEC §2 "cart purchase"). The chosen cart lines
 * are priced by POST /api/p/order/basket/confirm and shown exactly like buy-now; submitting
 * sends `fromCart: true`, so the server removes the ordered lines from the cart with the order.
 * Lines from several warehouses are one shipment each (decision 0107); a line that cannot ship
 * can be taken out of this checkout, which keeps it in the cart.
 * Nothing chosen, or a taken-down product among them, is said before any pricing.
 */
export default function CartPayListPage() {
  const { t } = useTranslation('checkout');
  const [params, setParams] = useSearchParams();
  const cart = useCartLines();
  const [consigneeId, setConsigneeId] = useState<string | undefined>();
  const [shippingMethods, setShippingMethods] = useState<Record<string, string>>({});
  const lines = cart.data ? chosenLines(cart.data.lines, params.get('basketIds')) : [];
  const takenDown = lines.some((l) => l.takenDown);
  const ready = cart.isSuccess && lines.length > 0 && !takenDown;
  const confirm = useBasketConfirm(
    ready
      ? {
          lines: lines.map((l) => ({ prodId: l.prodId, skuId: l.skuId, count: l.count })),
          consigneeId,
          shippingMethods,
        }
      : null,
  );
  // A line that cannot ship leaves this checkout (it stays in the cart): the rest is priced again.
  const remove = (line: { skuId: number }) => {
    const kept = lines.filter((l) => l.skuId !== line.skuId).map((l) => l.basketId);
    setParams({ basketIds: kept.join(',') }, { replace: true });
  };
  const backToCart = <Link to="/user/shoppingcart">{t('links.cart')}</Link>;

  return (
    <div className="checkout-page">
      <h1>{t('title')}</h1>
      {cart.isPending ? <Skeleton active /> : null}
      {cart.isError ? (
        <Alert type="error" showIcon role="alert" title={cart.error.message} action={backToCart} />
      ) : null}
      {cart.isSuccess && lines.length === 0 ? (
        <Alert type="warning" showIcon role="alert" title={t('cart.select-first')} action={backToCart} />
      ) : null}
      {cart.isSuccess && takenDown ? (
        <Alert type="warning" showIcon role="alert" title={t('taken-down')} action={backToCart} />
      ) : null}
      <CheckoutView
        confirm={confirm}
        enabled={ready}
        fromCart
        onConsignee={setConsigneeId}
        onMethod={(shipment, code) => setShippingMethods((chosen) => ({ ...chosen, [shipment]: code }))}
        onRemove={remove}
      />
    </div>
  );
}
