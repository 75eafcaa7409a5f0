import {
  type ProductPriceTiers,
  fromMinor,
  percentToBps,
  tierUnitPriceMinor,
  toMinor,
  ProductPriceTiersSchema,
} from '@dsm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { useMoney } from '../../lib/money';
import { bulkKeys } from '../../lib/query-keys';

/** GET /api/prod/priceTiers: a product's bulk price tiers (decision 0090); none → nothing shown. */
export const priceTiersQuery = (prodId: number) =>
  queryOptions({
    queryKey: bulkKeys.tiers(prodId),
    queryFn: ({ signal }) =>
      api.data<ProductPriceTiers>('/prod/priceTiers', {
        signal,
        query: { prodId },
        noshow: true,
        loadingflags: true,
        schema: ProductPriceTiersSchema,
      }),
    retry: false,
    staleTime: 60_000,
  });

export function usePriceTiers(prodId: number) {
  return useQuery({ ...priceTiersQuery(prodId), enabled: prodId > 0 });
}

/**
 * "Bulk price: 50+ pcs $8.00" under the product's price, one line per tier, for the variant
 * shown (`basePrice`, USD): the same rule as checkout (a fixed tier never above the variant's own
 * price; a percentage rounded half-up to the cent).
 */
export function BulkPrice({ prodId, basePrice }: { prodId: number; basePrice: number }) {
  const { t } = useTranslation('catalogue');
  const money = useMoney();
  const tiers = usePriceTiers(prodId).data?.tiers ?? [];
  if (!tiers.length) return null;
  const base = toMinor(basePrice);
  return (
    <ul className="product-bulk-prices">
      {tiers.map((tier) => {
        const unit = tierUnitPriceMinor(base, {
          minQuantity: tier.minQuantity,
          unitPriceMinor: tier.unitPrice === null ? null : toMinor(tier.unitPrice),
          percentOffBps: tier.percentOff === null ? null : percentToBps(tier.percentOff),
        });
        return (
          <li key={tier.minQuantity}>{t('bulk-price', { count: tier.minQuantity, price: money(fromMinor(unit)) })}</li>
        );
      })}
    </ul>
  );
}
