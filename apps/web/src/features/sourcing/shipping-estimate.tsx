import { AddressListSchema, ShippingQuoteSchema, type Address, type ShippingQuote } from '@dsm/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../lib/api';
import { useCountryName } from '../../lib/countries';
import { useMoney } from '../../lib/money';
import { sourcingKeys } from '../../components/sourcing/sourcing-keys';

/** The country of my default consignee address (where a store order would go), or null. */
export function useConsigneeCountry() {
  return useQuery({
    queryKey: [...sourcingKeys.all, 'consignee-country'],
    queryFn: async ({ signal }) => {
      const list = await api.data<Address[]>('/p/address', {
        signal,
        query: { kind: 'consignee' },
        schema: AddressListSchema,
      });
      return (list.find((a) => a.isDefault) ?? list[0])?.country ?? null;
    },
  });
}

/**
 * The cheapest way to send `count` units of the product's first SKU to my default consignee
 * country, from the logistics calculator (POST /api/logistics/prod/price): "nothing ships there"
 * is an answer, shown as such.
 */
export function ShippingEstimate({ prodId, skuId, count }: { prodId: number; skuId: number | null; count: number }) {
  const { t } = useTranslation('sourcing');
  const money = useMoney();
  const countryName = useCountryName();
  const country = useConsigneeCountry();
  const code = country.data ?? null;
  const quote = useQuery({
    queryKey: [...sourcingKeys.all, 'shipping', prodId, skuId, count, code],
    enabled: Boolean(code && skuId),
    queryFn: async ({ signal }) => {
      const result = await api.post<ShippingQuote>(
        '/logistics/prod/price',
        { prodId, skuId, count, countryCode: code },
        { signal, noshow: true, schema: ShippingQuoteSchema },
      );
      if (!result.success) throw new ApiError(result);
      return result.data;
    },
  });
  if (!code || !skuId)
    return country.isSuccess && !code ? <div className="sourcing-muted">{t('shipping.no-address')}</div> : null;
  if (!quote.data) return null;
  const cheapest = [...quote.data.options].sort((a, b) => a.price - b.price)[0];
  const to = countryName(code);
  return (
    <div className="sourcing-muted">
      {cheapest
        ? t('shipping.estimate', {
            country: to,
            price: money(cheapest.price),
            min: cheapest.days.min,
            max: cheapest.days.max,
          })
        : t('shipping.none', { country: to })}
    </div>
  );
}
