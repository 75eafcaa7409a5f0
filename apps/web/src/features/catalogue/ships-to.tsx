import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Combobox } from '../../components/ui/combobox';
import { useCountries, useCountryName } from '../../lib/countries';
import { useMoney } from '../../lib/money';
import { chooseShipTo, useReaches, useShipTo, useWarehouseName } from '../../lib/ship-to';
import { shippingEstimateQuery } from './catalogue.api';
import './ships-to.css';

/**
 * "Ships from / ships to my country" (issue 20, decision 0110). The country is the visitor's
 * (lib/ship-to.ts): the default consignee's when logged in, else the one chosen here or in the
 * shipping estimate, else the browser's region.
 */

/**
 * The product page's line: "Ships from <warehouse> · Ships to <country>: yes, from $x in n–m days",
 * or "Does not ship to <country>" with the reasons the calculator gave, for the chosen SKU and
 * quantity (weight and attribute limits included). Shares its quote with the shipping estimate.
 * It sits in the buy box, whose live region announces its changes.
 */
export function ShipsToLine({
  warehouse,
  prodId,
  skuId,
  count,
}: {
  warehouse: string;
  prodId: number;
  skuId: number;
  count: number;
}) {
  const { t } = useTranslation('catalogue');
  const money = useMoney();
  const warehouseName = useWarehouseName();
  const countryName = useCountryName();
  const { country } = useShipTo();
  const quote = useQuery({
    ...shippingEstimateQuery({ prodId, skuId, count, countryCode: country ?? '' }),
    enabled: Boolean(country),
  });
  const result = quote.data;
  // The answer for another country or SKU stays on screen while the next loads: do not show it as this one's.
  const current = result && !quote.isPlaceholderData ? result : undefined;
  const name = country ? countryName(country) : '';
  // "Does not deliver to <country>" is what the line already says: only the other reasons (an
  // attribute refused, a weight limit) are worth listing, each once.
  const reasons =
    current?.kind === 'none'
      ? [...new Set(current.quote.excluded.filter((m) => m.reasonCode !== 'destination').map((m) => m.reason))]
      : [];
  const cheapest = current?.kind === 'options' ? current.quote.options[0] : undefined;

  return (
    <div className="ships-to-line" data-testid="ships-to">
      <p>
        <span>{t('ships-to.from', { warehouse: warehouseName(warehouse) })}</span>
        {/* A failed quote leaves the "ships to" part out rather than "checking" for ever. */}
        {country && !quote.isError ? (
          <>
            <span aria-hidden="true"> · </span>
            {cheapest ? (
              <span className="ships-to-yes">
                {t('ships-to.yes', {
                  country: name,
                  price: money(cheapest.price),
                  min: cheapest.days.min,
                  max: cheapest.days.max,
                })}
              </span>
            ) : current?.kind === 'none' ? (
              <span className="ships-to-no">{t('ships-to.no', { country: name })}</span>
            ) : (
              <span className="ui-hint">{t('ships-to.checking', { country: name })}</span>
            )}
          </>
        ) : null}
      </p>
      {reasons.length ? (
        <ul className="ships-to-reasons">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A goods-list card's small print, as plain text: where it ships from and, when it cannot go there, a mark. */
export interface ShipsFromText {
  from: string;
  mark: string | null;
}

/**
 * The goods list's card notes: the country is the filter's when it is on, else the visitor's;
 * which warehouses reach it is one small cached call for the whole page. The names are looked up
 * here, once per render of the page, and each card gets two strings (decision 0112): a hook per
 * card (three queries and a 250-country map each) was most of the grid's render time on a phone,
 * and strings let a memoized card skip drawing again when another answer re-renders the page.
 */
export function useShipsFromNotes(active: string | null): (warehouse: string) => ShipsFromText {
  const { t } = useTranslation('catalogue');
  const { country: mine } = useShipTo();
  const country = active ?? mine;
  const reaches = useReaches(country);
  const warehouseName = useWarehouseName();
  const countryName = useCountryName();
  const notes = new Map<string, ShipsFromText>();
  return (warehouse) => {
    let note = notes.get(warehouse);
    if (!note) {
      note = {
        from: t('ships-to.from', { warehouse: warehouseName(warehouse) }),
        mark: country && reaches(warehouse) === false ? t('ships-to.no', { country: countryName(country) }) : null,
      };
      notes.set(warehouse, note);
    }
    return note;
  };
}

/** A goods-list card's small print (see useShipsFromNotes). */
export function ShipsFromNote({ from, mark }: ShipsFromText) {
  return (
    <p className="ships-from-note">
      {from}
      {mark ? <span className="ships-to-mark">{mark}</span> : null}
    </p>
  );
}

/**
 * The goods list's "Ships to <country>" switch (it sets `shipsTo` in the URL through `onToggle`)
 * and, for a visitor without a consignee address, the country it means.
 */
export function ShipsToFilter({
  active,
  onToggle,
  onCountry,
}: {
  /** The country of the URL's `shipsTo`, or null when the filter is off. */
  active: string | null;
  onToggle: (country: string | null) => void;
  /** The visitor picked another country (the list follows when the filter is on). */
  onCountry: (country: string) => void;
}) {
  const { t } = useTranslation('catalogue');
  const id = useId();
  const countries = useCountries();
  const countryName = useCountryName();
  const { country: mine, fromAddress } = useShipTo();
  const country = active ?? mine;
  const options = (countries.data ?? []).map((c) => ({ value: c.code, label: c.name, keywords: c.code }));
  return (
    <div className="ships-to-filter">
      <label className="ships-to-switch">
        <input
          type="checkbox"
          role="switch"
          checked={active !== null}
          disabled={!country}
          onChange={(e) => onToggle(e.target.checked ? country : null)}
        />
        <span>{country ? t('ships-to.switch', { country: countryName(country) }) : t('ships-to.switch-mine')}</span>
      </label>
      {fromAddress ? (
        <p className="ui-hint">{t('ships-to.from-address')}</p>
      ) : (
        <div className="ui-field">
          <label className="ui-label" htmlFor={id}>
            {t('ships-to.country')}
          </label>
          <Combobox
            id={id}
            label={t('ships-to.country')}
            placeholder={t('shipping.country-placeholder')}
            options={options}
            value={mine}
            onChange={(code) => {
              chooseShipTo(code);
              onCountry(code);
            }}
            disabled={!countries.data}
            noOptionsText={t('shipping.no-country')}
          />
        </div>
      )}
    </div>
  );
}
