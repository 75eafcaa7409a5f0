import { useState } from 'react';
import type { Listing, ListingState } from '@dsm/contract';
import { Alert, Button, Popconfirm, Progress, Switch, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { ListDialog } from './list-dialog';
import { listingActions, storeMoney, useListings, useRefreshListings } from './listings.api';
import { PriceUpdatesPanel } from './price-updates-panel';
import { StoreRulePanel } from './store-rule-panel';
import './listings.css';

const TABS = ['all', 'queued', 'publishing', 'listed', 'failed'] as const;
type Tab = (typeof TABS)[number];
const STATE_COLOURS: Record<ListingState, string> = {
  queued: 'default',
  publishing: 'processing',
  listed: 'success',
  failed: 'error',
  'rolling-back': 'warning',
  'rolled-back': 'default',
};

/**
 * /user/listed (SPEC §2, issue 22): the owner's listings with counts per state and a bar while a
 * batch publishes; relist a failed one, roll back, lock its price; a SKU taken down marked; the
 * catalogue price changes waiting for approval; each store's pricing rule with the re-price preview. `?list=<prodId>` (the product page's "List to store") opens the listing dialog; `?list=<id>,<id>,…`
 * (the wish list, a catalogue selection) the one for several products.
 */
export default function ListedPage() {
  const { t } = useTranslation('listings');
  const lang = useSession((s) => s.lang);
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<Tab>('all');
  const [current, setCurrent] = useState(1);
  const list = useListings(tab, current);
  const refresh = useRefreshListings();
  // `?list=12` or `?list=12,15,31` (the wish list, a catalogue selection): several at once.
  const listing = (params.get('list') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0)
    .slice(0, 50);

  /** Changes made in the store by hand, in words ("title “…”, Red 31.00"), or '' for none. */
  function handChanged(r: Listing): string {
    const prices = r.variants
      .filter((v) => v.storePrice !== null)
      .map((v) => `${v.name} ${storeMoney(v.storePrice!, r.currency, lang)}`);
    return [...(r.storeTitle ? [t('by-hand-title', { title: r.storeTitle })] : []), ...prices].join(', ');
  }

  async function lock(row: Listing, on: boolean) {
    const res = await listingActions.lockPrice(row.id, on);
    if (res.success) {
      toast.success(t(on ? 'lock.on' : 'lock.off'));
      await refresh();
    }
  }

  async function act(row: Listing, action: 'relist' | 'rollBack') {
    const res = await listingActions[action](row.id);
    if (res.success) {
      toast.success(t(action === 'relist' ? 'relisted' : 'rolling-back'));
      await refresh();
    }
  }

  const columns: TableColumnsType<Listing> = [
    {
      title: t('columns.product'),
      key: 'product',
      render: (_, r) => (
        <span className="ls-product">
          {r.image ? <img src={r.image} alt="" width={48} height={48} /> : null}
          <span className="ls-stacked">
            <span>{r.title}</span>
            <span className="ls-muted">{t('variants-count', { count: r.variants.length })}</span>
          </span>
        </span>
      ),
    },
    { title: t('columns.store'), key: 'store', render: (_, r) => `${r.storeName} (${r.platform})` },
    {
      title: t('columns.price'),
      key: 'price',
      render: (_, r) => <span data-testid="listing-price">{storeMoney(r.price, r.currency, lang)}</span>,
    },
    {
      title: t('columns.lock-price'),
      key: 'lock',
      render: (_, r) => (
        <Switch
          size="small"
          checked={r.lockPrice}
          onChange={(on) => lock(r, on)}
          aria-label={t('lock.label', { title: r.title })}
          data-testid="listing-lock"
        />
      ),
    },
    {
      title: t('columns.state'),
      key: 'state',
      render: (_, r) => (
        <span className="ls-stacked">
          <Tag color={STATE_COLOURS[r.state]} data-testid="listing-state">
            {t(`states.${r.state}`)}
          </Tag>
          {r.reason ? <span className="ls-reason">{r.reason}</span> : null}
          {r.takenDown ? (
            <Tag color="error" data-testid="listing-taken-down">
              {t('taken-down', { count: r.takenDown })}
            </Tag>
          ) : null}
          {handChanged(r) ? (
            <span className="ls-reason" data-testid="listing-by-hand">
              {t('by-hand', { changes: handChanged(r) })}
            </span>
          ) : null}
          {r.priceUpdates ? <Tag color="warning">{t('price-updates-waiting', { count: r.priceUpdates })}</Tag> : null}
        </span>
      ),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      render: (_, r) => (
        <span className="ls-actions">
          {r.url && r.state === 'listed' ? (
            <a href={r.url} target="_blank" rel="noreferrer">
              {t('open-in-store')}
            </a>
          ) : null}
          {r.state === 'failed' ? (
            <Button size="small" onClick={() => act(r, 'relist')}>
              {t('relist')}
            </Button>
          ) : null}
          {r.state === 'listed' || r.state === 'failed' ? (
            <Popconfirm title={t('rollback-question')} onConfirm={() => act(r, 'rollBack')} okText={t('rollback')}>
              <Button size="small" danger>
                {t('rollback')}
              </Button>
            </Popconfirm>
          ) : null}
        </span>
      ),
    },
  ];

  const data = list.data;
  return (
    <div className="ls-page">
      <h1>{t('title')}</h1>
      <p className="ls-muted">{t('intro')}</p>
      {data?.progress ? (
        <div className="ls-progress" data-testid="listing-progress">
          <span>{t('progress', data.progress)}</span>
          <Progress percent={Math.round((data.progress.done / data.progress.total) * 100)} />
        </div>
      ) : null}
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          setTab(k as Tab);
          setCurrent(1);
        }}
        items={TABS.map((k) => ({ key: k, label: `${t(`tabs.${k}`)} (${data?.counts[k] ?? 0})` }))}
      />
      {list.isError ? <Alert type="error" message={String(list.error)} /> : null}
      {data && data.page.total === 0 ? (
        <EmptyState text={t('empty')} />
      ) : (
        <Table<Listing>
          rowKey="id"
          columns={columns}
          dataSource={data?.page.records ?? []}
          loading={list.isLoading}
          pagination={{
            current,
            pageSize: 20,
            total: data?.page.total ?? 0,
            onChange: setCurrent,
            showSizeChanger: false,
          }}
          scroll={{ x: 'max-content' }}
        />
      )}
      <PriceUpdatesPanel />
      <StoreRulePanel />
      <ListDialog
        prodIds={listing}
        onClose={(queued) => {
          params.delete('list');
          setParams(params, { replace: true });
          if (queued) void refresh();
        }}
      />
    </div>
  );
}
