import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type StoreOrderFilters, useStoreOrderCounts, useSyncStatus } from './store-orders.api';
import { useNarrow } from '../../lib/use-narrow';
import { StoreOrderFiltersBar, hasFilters, useStoreOrderFilters } from './store-order-filters';
import { type ListTab, StoreOrdersList } from './store-orders-list';
import { SyncStatusStrip } from './sync-status';
import './store-orders.css';

/** The store tabs SPEC §4 puts before the order tabs. */
export const STORE_TABS = ['unrelated', 'related'] as const;
type StoreTab = (typeof STORE_TABS)[number];

/** A new filter or tab starts on page 1 with nothing selected: the list is made anew. */
const listKey = (tab: ListTab, filters: StoreOrderFilters) => `${tab}|${JSON.stringify(filters)}`;

/** The unrelated or related tab: the stores' freshness, the filters, a hint, the orders. */
function StoreTabPanel({ tab }: { tab: StoreTab }) {
  const { t } = useTranslation('store-orders');
  const [filters] = useStoreOrderFilters();
  const stores = useSyncStatus();
  const narrow = useNarrow();
  const bar = <StoreOrderFiltersBar stores={stores.data ?? []} />;
  return (
    <div className="so-panel">
      <SyncStatusStrip stores={stores.data ?? []} />
      {narrow ? (
        // On a phone six fields would push the orders below the fold: folded, open while some apply.
        <details className="so-filters-fold" open={hasFilters(filters)}>
          <summary>{t('filters.label')}</summary>
          {bar}
        </details>
      ) : (
        bar
      )}
      <p className="so-muted so-hint">{t(`hints.${tab}`)}</p>
      <StoreOrdersList key={listKey(tab, filters)} tab={tab} filters={filters} />
    </div>
  );
}

/** The store orders of the draft box or flagged abnormal, in a section of the order tab of that name. */
function StoreSection({ tab, count }: { tab: 'trash' | 'abnormal'; count: number | undefined }) {
  const { t } = useTranslation('store-orders');
  if (!count) return null;
  return (
    <section className="so-section" aria-labelledby={`so-section-${tab}`}>
      <h2 id={`so-section-${tab}`}>{t(`sections.${tab}`, { count })}</h2>
      <p className="so-muted">{t(`hints.${tab}`)}</p>
      <StoreOrdersList tab={tab} filters={{}} />
    </section>
  );
}

export interface StoreOrderTabs {
  keys: readonly string[];
  label: (key: string) => ReactNode;
  panel: (key: string) => ReactNode;
  below: { trash: ReactNode; abnormal: ReactNode };
  extraCount: { trash?: number; abnormal?: number };
}

/**
 * What the store orders add to `/user/storeorder` (issue 21): the unrelated and related tabs with
 * counts under the address's filters, and sections under the draft box and abnormal tabs, whose
 * counts they join (unfiltered, as the order tabs' own counts are).
 */
export function useStoreOrderTabs(): StoreOrderTabs {
  const { t } = useTranslation('store-orders');
  const [filters] = useStoreOrderFilters();
  const counts = useStoreOrderCounts(filters);
  const all = useStoreOrderCounts({});
  return {
    keys: STORE_TABS,
    label: (k) => `${t(`tabs.${k}`)}${counts.data ? ` (${counts.data[k as StoreTab]})` : ''}`,
    panel: (k) => <StoreTabPanel tab={k as StoreTab} />,
    below: {
      trash: <StoreSection tab="trash" count={all.data?.trash} />,
      abnormal: <StoreSection tab="abnormal" count={all.data?.abnormal} />,
    },
    extraCount: { trash: all.data?.trash, abnormal: all.data?.abnormal },
  };
}
