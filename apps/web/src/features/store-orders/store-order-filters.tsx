import { useEffect, useState } from 'react';
import type { StoreOrderSyncStatus } from '@dsm/contract';
import { Button, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCountries } from '../../lib/countries';
import type { StoreOrderFilters } from './store-orders.api';

/** The address's filter parameters (`store` is the API's `storeId`): a link or a reload keeps them. */
type Param = 'store' | 'from' | 'to' | 'country' | 'q' | 'sku';
/** A calendar day that exists, as the contract accepts it (1900–2099): anything else is not sent. */
function isDay(d: string): boolean {
  if (!/^(19|20)\d{2}-\d{2}-\d{2}$/.test(d)) return false;
  const t = Date.parse(`${d}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().startsWith(d);
}

/** The filters in the address, cleaned: a malformed date or country is left out, not sent. */
export function useStoreOrderFilters(): [StoreOrderFilters, (next: Partial<Record<Param, string | null>>) => void] {
  const [params, setParams] = useSearchParams();
  const read = (p: Param) => params.get(p)?.trim() || undefined;
  const day = (p: Param) => (isDay(read(p) ?? '') ? read(p) : undefined);
  const country = read('country')?.toUpperCase();
  const filters: StoreOrderFilters = {
    storeId: read('store'),
    from: day('from'),
    to: day('to'),
    country: country && /^[A-Z]{2}$/.test(country) ? country : undefined,
    q: read('q'),
    sku: read('sku'),
  };
  for (const k of Object.keys(filters) as Array<keyof StoreOrderFilters>)
    if (filters[k] === undefined) delete filters[k];
  const change = (next: Partial<Record<Param, string | null>>) =>
    setParams((p) => {
      const out = new URLSearchParams(p);
      for (const [k, v] of Object.entries(next))
        if (!v) out.delete(k);
        else out.set(k, v);
      return out;
    });
  return [filters, change];
}

export const hasFilters = (f: StoreOrderFilters) => Object.keys(f).length > 0;

/**
 * Store, date range, buyer's country, order number (ours or the store's) and SKU. Choices apply
 * at once; the two texts on Enter or "Search", so each keystroke does not ask the server.
 */
export function StoreOrderFiltersBar({ stores }: { stores: readonly StoreOrderSyncStatus[] }) {
  const { t } = useTranslation('store-orders');
  const [params] = useSearchParams();
  const [filters, change] = useStoreOrderFilters();
  const countries = useCountries();
  const [q, setQ] = useState(params.get('q') ?? '');
  const [sku, setSku] = useState(params.get('sku') ?? '');
  // "Clear" or a link with other filters: the boxes show what the address says.
  useEffect(() => setQ(params.get('q') ?? ''), [params]);
  useEffect(() => setSku(params.get('sku') ?? ''), [params]);
  const search = () => change({ q: q.trim() || null, sku: sku.trim() || null });

  return (
    <form
      className="so-filters"
      role="search"
      aria-label={t('filters.label')}
      onSubmit={(e) => {
        e.preventDefault();
        search();
      }}
    >
      <label className="so-field">
        <span>{t('filters.store')}</span>
        <Select
          aria-label={t('filters.store')}
          value={filters.storeId ?? ''}
          onChange={(v: string) => change({ store: v || null })}
          options={[
            { value: '', label: t('filters.all-stores') },
            ...stores.map((s) => ({ value: s.storeId, label: `${s.storeName} · ${t(`platforms.${s.platform}`)}` })),
          ]}
          popupMatchSelectWidth={false}
        />
      </label>
      <label className="so-field">
        <span>{t('filters.from')}</span>
        <input
          type="date"
          className="ant-input"
          value={filters.from ?? ''}
          max={filters.to}
          onChange={(e) => change({ from: e.target.value || null })}
        />
      </label>
      <label className="so-field">
        <span>{t('filters.to')}</span>
        <input
          type="date"
          className="ant-input"
          value={filters.to ?? ''}
          min={filters.from}
          onChange={(e) => change({ to: e.target.value || null })}
        />
      </label>
      <label className="so-field">
        <span>{t('filters.country')}</span>
        <Select
          aria-label={t('filters.country')}
          showSearch
          optionFilterProp="label"
          value={filters.country ?? ''}
          onChange={(v: string) => change({ country: v || null })}
          options={[
            { value: '', label: t('filters.any-country') },
            ...(countries.data ?? []).map((c) => ({ value: c.code, label: c.name })),
          ]}
          popupMatchSelectWidth={false}
        />
      </label>
      <label className="so-field so-field-wide">
        <span>{t('filters.number')}</span>
        <Input
          aria-label={t('filters.number')}
          value={q}
          maxLength={100}
          onChange={(e) => setQ(e.target.value)}
          allowClear
        />
      </label>
      <label className="so-field">
        <span>{t('filters.sku')}</span>
        <Input
          aria-label={t('filters.sku')}
          value={sku}
          maxLength={100}
          onChange={(e) => setSku(e.target.value)}
          allowClear
        />
      </label>
      <div className="so-filter-buttons">
        <Button type="primary" htmlType="submit">
          {t('filters.search')}
        </Button>
        {hasFilters(filters) ? (
          <Button onClick={() => change({ store: null, from: null, to: null, country: null, q: null, sku: null })}>
            {t('filters.clear')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
