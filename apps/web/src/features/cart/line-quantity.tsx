import type { CartLine } from '@dsm/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QuantityInput } from '../../components/ui/quantity-input';
import { useChangeCart } from './cart.api';

/** How long typing may pause before the new quantity is sent (one request per edit, not per key). */
export const QUANTITY_SETTLE_MS = 400;

/**
 * A cart line's quantity: the shared numbers-only input (1 … stock). The server takes a change,
 * so the difference from the line's count is sent once the user stops typing or stepping.
 */
export function LineQuantity({ line }: { line: CartLine }) {
  const { t } = useTranslation('cart');
  const change = useChangeCart();
  const [value, setValue] = useState(line.count);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The server's count wins once a change has been applied (or refused).
  useEffect(() => setValue(line.count), [line.count]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function onChange(next: number) {
    setValue(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const delta = next - line.count;
      if (delta !== 0) {
        change.mutate(
          { basketId: line.basketId, prodId: line.prodId, skuId: line.skuId, count: delta },
          { onSuccess: (r) => (r.success ? undefined : setValue(line.count)) },
        );
      }
    }, QUANTITY_SETTLE_MS);
  }

  return (
    <QuantityInput
      value={value}
      stock={line.takenDown ? line.count : Math.max(line.stocks, 1)}
      onChange={onChange}
      label={t('cart.quantity-of', { name: line.prodName })}
      hideLabel
    />
  );
}
