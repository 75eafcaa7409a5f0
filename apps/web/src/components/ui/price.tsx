import { useMoney } from '../../lib/money';
import './price.css';

interface PriceProps {
  /** USD amount from the API; shown in the visitor's currency. */
  price: number;
  /** The price before a discount; shown struck through when higher than `price`. */
  oriPrice?: number;
  /** Screen-reader words before the struck price, e.g. "Original price". */
  originalLabel: string;
  className?: string;
}

/** A price in the chosen currency with two decimals, and the original price struck through. */
export function Price({ price, oriPrice, originalLabel, className }: PriceProps) {
  const money = useMoney();
  return (
    <span className={`price${className ? ` ${className}` : ''}`}>
      <span className="price-current">{money(price)}</span>
      {oriPrice !== undefined && oriPrice > price ? (
        <del className="price-original">
          <span className="sr-only">{originalLabel} </span>
          {money(oriPrice)}
        </del>
      ) : null}
    </span>
  );
}
