import { useState } from 'react';
import { CONNECTION_FILTERS, type ConnectionFilter, type StoreProduct } from '@dsm/contract';
import { Alert, Empty, Grid, Input, Select, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type StoreOption, useStoreProductCount, useStoreProducts, useStores } from './connections.api';
import { Thumb } from './store-product-head';
import './connections.css';

const isFilter = (v: string | null): v is ConnectionFilter =>
  (CONNECTION_FILTERS as readonly string[]).includes(v ?? '');

/**
 * /user/connection (SPEC §2, issue 11): the caller's store products by connection state, with
 * counts, a store filter and search by title or SKU; each row says how many of its variants are
 * connected and leads to connecting them or to its connections and history.
 */
export default function ConnectionPage() {
  const { t } = useTranslation('connections');
  const [params, setParams] = useSearchParams();
  const filter: ConnectionFilter = isFilter(params.get('tab'))
    ? (params.get('tab') as ConnectionFilter)
    : 'unconnected';
  const storeId = params.get('store') ?? undefined;
  const q = params.get('q') ?? undefined;
  const [typed, setTyped] = useState(q ?? '');
  const [paging, setPaging] = useState({ current: 1, size: 20 });
  const list = useStoreProducts({ filter, storeId, q, ...paging });
  const counts = {
    unconnected: useStoreProductCount({ filter: 'unconnected', storeId, q }),
    connected: useStoreProductCount({ filter: 'connected', storeId, q }),
    'needs-review': useStoreProductCount({ filter: 'needs-review', storeId, q }),
  };
  const everything = useStoreProductCount({});
  const stores = useStores();
  // On a phone the three columns would scroll sideways and hide the actions: one stacked column.
  const wide = Grid.useBreakpoint().md ?? true;

  const change = (next: Record<string, string | null>) => {
    setPaging((p) => ({ ...p, current: 1 }));
    setParams((p) => {
      const out = new URLSearchParams(p);
      for (const [k, v] of Object.entries(next))
        if (v === null || v === '') out.delete(k);
        else out.set(k, v);
      return out;
    });
  };

  // The stores to filter by: the stores module's list, else those seen on this page.
  const seen = new Map<string, StoreOption>(
    (list.data?.records ?? []).map((p) => [p.storeId, { id: p.storeId, name: p.storeName }]),
  );
  const storeOptions = (stores.data ?? [...seen.values()]).map((s) => ({ value: s.id, label: s.name }));

  if (everything.data === 0) {
    return (
      <section className="cx-page">
        <h1>{t('list.title')}</h1>
        <Empty
          className="cx-empty"
          description={
            <>
              <strong>{t('empty.no-store-title')}</strong>
              <p>{t('empty.no-store')}</p>
            </>
          }
        >
          <Link className="button button-primary" to="/user/shopify">
            {t('empty.connect-store')}
          </Link>
        </Empty>
      </section>
    );
  }

  const productCell = (p: StoreProduct) => (
    <div className="cx-row-product">
      <Thumb src={p.imageUrl} />
      <div className="cx-row-text">
        <Link to={`/user/skuconnect?product=${encodeURIComponent(p.id)}`} className="cx-title">
          {p.title}
        </Link>
        <div className="cx-muted">{p.storeName}</div>
      </div>
    </div>
  );
  const variantsCell = (p: StoreProduct) => (
    <div>
      <div>{t('list.connected-of', { connected: p.connectedCount, total: p.variants.length })}</div>
      {p.reviewCount ? <Tag color="orange">{t('list.review-count', { count: p.reviewCount })}</Tag> : null}
    </div>
  );
  const actionsCell = (p: StoreProduct) => (
    <div className="cx-actions">
      <Link to={`/user/addconnection?product=${encodeURIComponent(p.id)}`}>{t('list.connect')}</Link>
      {p.connectedCount ? (
        <Link to={`/user/skuconnect?product=${encodeURIComponent(p.id)}`}>{t('list.manage')}</Link>
      ) : null}
    </div>
  );
  const columns: TableColumnsType<StoreProduct> = wide
    ? [
        { key: 'product', title: t('list.product'), render: (_, p) => productCell(p) },
        { key: 'variants', title: t('list.variants'), render: (_, p) => variantsCell(p) },
        { key: 'actions', title: t('list.actions'), render: (_, p) => actionsCell(p) },
      ]
    : [
        {
          key: 'product',
          title: t('list.product'),
          render: (_, p) => (
            <div className="cx-stacked">
              {productCell(p)}
              {variantsCell(p)}
              {actionsCell(p)}
            </div>
          ),
        },
      ];

  return (
    <section className="cx-page">
      <h1>{t('list.title')}</h1>
      <p className="cx-muted cx-intro">{t('list.intro')}</p>
      <div className="cx-bar">
        <Input.Search
          className="cx-search"
          allowClear
          placeholder={t('list.search')}
          aria-label={t('list.search')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(v) => change({ q: v.trim() })}
        />
        <Select
          className="cx-store"
          allowClear
          placeholder={t('list.all-stores')}
          aria-label={t('list.all-stores')}
          value={storeId}
          options={storeOptions}
          onChange={(v?: string) => change({ store: v ?? null })}
        />
      </div>
      <Tabs
        activeKey={filter}
        onChange={(k) => change({ tab: k === 'unconnected' ? null : k })}
        items={CONNECTION_FILTERS.map((k) => ({
          key: k,
          label: (
            <span data-testid={`tab-${k}`}>
              {t(`tabs.${k}`)}
              {counts[k].data !== undefined ? ` (${counts[k].data})` : ''}
            </span>
          ),
        }))}
      />
      {list.isError ? <Alert type="error" showIcon title={t('list.load-failed')} /> : null}
      <Table<StoreProduct>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        scroll={wide ? { x: 'max-content' } : undefined}
        locale={{ emptyText: q || storeId ? t('list.empty-filtered') : t(`empty.${filter}`) }}
        pagination={{
          current: paging.current,
          pageSize: paging.size,
          total: list.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: (current, size) => setPaging({ current, size }),
        }}
      />
    </section>
  );
}
