import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Combobox } from '../../components/ui/combobox';
import { useCountries } from '../../lib/countries';
import { useMoney } from '../../lib/money';
import { isLoggedIn, useSession } from '../../lib/session';
import { chooseShipTo } from '../../lib/ship-to';
import { shippingEstimateQuery } from './catalogue.api';

interface ShippingEstimateProps {
  prodId: number;
  skuId: number;
  count: number;
}

/**
 * Shipping to a chosen country for the chosen SKU and quantity: each method with its price (in the
 * visitor's currency), delivery days and chargeable weight, cheapest first; or "No shipping
 * method delivers to <country>" with the reasons the methods gave.
 */
export function ShippingEstimate({ prodId, skuId, count }: ShippingEstimateProps) {
  const { t } = useTranslation('catalogue');
  const money = useMoney();
  const lang = useSession((s) => s.lang);
  const loggedIn = useSession(isLoggedIn);
  const countryId = useId();
  const [country, setCountry] = useState<string | null>(null);
  const countries = useCountries();
  const estimate = useQuery({
    ...shippingEstimateQuery({ prodId, skuId, count, countryCode: country ?? '' }),
    enabled: Boolean(country),
  });
  const weight = useMemo(() => new Intl.NumberFormat(lang, { maximumFractionDigits: 3 }), [lang]);
  const options = (countries.data ?? []).map((c) => ({ value: c.code, label: c.name, keywords: c.code }));
  const result = estimate.data;

  return (
    <section className="shipping-estimate" aria-labelledby={`${countryId}-title`}>
      <h2 id={`${countryId}-title`}>{t('shipping.title')}</h2>
      <div className="ui-field">
        <label className="ui-label" htmlFor={countryId}>
          {t('shipping.country')}
        </label>
        <Combobox
          id={countryId}
          label={t('shipping.country')}
          placeholder={t('shipping.country-placeholder')}
          options={options}
          value={country}
          onChange={(code) => {
            setCountry(code);
            // A visitor's choice is their country for "ships to" too (a user's is their address's).
            if (!loggedIn) chooseShipTo(code);
          }}
          disabled={!countries.data}
          noOptionsText={t('shipping.no-country')}
        />
      </div>

      <div className="shipping-result" aria-live="polite" aria-busy={estimate.isFetching}>
        {!country ? (
          <p className="ui-hint">{t('shipping.choose')}</p>
        ) : estimate.isError ? (
          <p className="ui-error">{estimate.error.message}</p>
        ) : !result ? (
          <p className="ui-hint">{t('shipping.loading')}</p>
        ) : result.kind === 'none' ? (
          <div className="shipping-none">
            <p className="shipping-none-title">
              {t('shipping.none-to', { country: countries.data?.find((c) => c.code === country)?.name ?? country })}
            </p>
            {result.quote.excluded.length ? (
              <ul className="shipping-excluded">
                {result.quote.excluded.map((m) => (
                  <li key={m.methodId}>
                    {m.name}: {m.reason}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : (
          <table className="shipping-table" data-stale={estimate.isPlaceholderData || undefined}>
            <caption className="sr-only">{t('shipping.caption', { count })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('shipping.method')}</th>
                <th scope="col">{t('shipping.days')}</th>
                <th scope="col">{t('shipping.weight')}</th>
                <th scope="col" className="num">
                  {t('shipping.price')}
                </th>
              </tr>
            </thead>
            <tbody>
              {result.quote.options.map((o) => (
                <tr key={o.methodId}>
                  <th scope="row">{o.name}</th>
                  <td>{t('shipping.days-value', { min: o.days.min, max: o.days.max })}</td>
                  <td>{t('shipping.kg', { value: weight.format(o.chargeableWeight) })}</td>
                  <td className="num">{money(o.price)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}
