import { useTranslation } from 'react-i18next';
import { ProductCard, ProductCardSkeleton } from '../../components/ui/product-card';
import { useTagShelf } from './home.api';

/** Products shown per shelf: two rows of five on a wide screen. */
export const SHELF_SIZE = 10;

/**
 * The cards of one tag's shelf (loaded on demand: the shelf asks for this module and its data only
 * when it nears the viewport). Placeholders of the cards' size until the products arrive.
 * Renders nothing when the tag does not exist or has no products.
 */
export default function ShelfProducts({ tagCode }: { tagCode: string }) {
  const { t } = useTranslation('home');
  const { products, missing } = useTagShelf(tagCode, SHELF_SIZE);
  if (missing || (products && products.length === 0)) return <p className="shelf-empty">{t('shelves.empty')}</p>;
  return (
    <ul className="product-grid shelf-grid" aria-busy={!products}>
      {products
        ? products.map((p) => <ProductCard key={p.prodId} product={p} originalLabel={t('price.original')} />)
        : Array.from({ length: SHELF_SIZE }, (_, i) => <ProductCardSkeleton key={i} />)}
    </ul>
  );
}
