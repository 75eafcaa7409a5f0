import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Price } from './price';
import './product-card.css';

export interface ProductCardItem {
  prodId: number;
  prodName: string;
  pic: string;
  price: number;
  oriPrice: number;
}

interface ProductCardProps {
  product: ProductCardItem;
  /** Screen-reader words before the struck original price. */
  originalLabel: string;
  /** Small print under the price (the goods list's "ships from"). */
  children?: ReactNode;
  /**
   * A card in the first screenful (the first row of a results grid): its picture loads at once,
   * the first one with high priority, since it is the page's largest paint on a phone.
   */
  priority?: 'high' | 'auto';
}

/**
 * One product in a grid: picture, title, price and original price, all one link to the product
 * page. The picture is decorative (the title names the link), sized to reserve its square before
 * it loads, and lazy: cards are mostly below the fold (`priority` for those that are not).
 */
export function ProductCard({ product, originalLabel, children, priority }: ProductCardProps) {
  return (
    <li className="product-card">
      <Link to={`/productdetails?prodId=${product.prodId}`} className="product-card-link">
        <span className="product-card-media">
          {product.pic ? (
            <img
              src={product.pic}
              alt=""
              width={400}
              height={400}
              loading={priority ? 'eager' : 'lazy'}
              decoding="async"
              fetchPriority={priority}
            />
          ) : null}
        </span>
        <span className="product-card-title">{product.prodName}</span>
      </Link>
      <Price
        price={product.price}
        oriPrice={product.oriPrice}
        originalLabel={originalLabel}
        className="product-card-price"
      />
      {children}
    </li>
  );
}

/** Grey blocks of a card's size while products load, so nothing moves when they arrive. */
export function ProductCardSkeleton() {
  return (
    <li className="product-card product-card-skeleton" aria-hidden="true">
      <span className="product-card-media" />
      <span className="skeleton-line" />
      <span className="skeleton-line short" />
    </li>
  );
}
