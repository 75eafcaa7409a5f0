import { useState } from 'react';
import type { PriceUpdate } from '@dsm/contract';
import { Button, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { listingActions, storeMoney, usePriceUpdates, useRefreshListings } from './listings.api';

/**
 * "Price updates to approve" (decision 0133): catalogue price changes that would move a listed
 * price beyond the store's tolerance. Approve sets and pushes the new price; reject keeps ours.
 * Shown only while something waits.
 */
export function PriceUpdatesPanel() {
  const { t } = useTranslation('listings');
  const lang = useSession((s) => s.lang);
  const updates = usePriceUpdates();
  const refresh = useRefreshListings();
  const [chosen, setChosen] = useState<string[]>([]);
  const rows = updates.data?.rows ?? [];
  if (!rows.length) return null;

  async function decide(ids: string[], approve: boolean) {
    const res = await listingActions.decidePriceUpdates(ids, approve);
    if (res.success) {
      toast.success(t(approve ? 'updates.approved' : 'updates.rejected', { count: res.data.decided }));
      setChosen([]);
      await refresh();
    }
  }

  const money = (n: number | null, currency: string) => (n === null ? '—' : storeMoney(n, currency, lang));
  const columns: TableColumnsType<PriceUpdate> = [
    {
      title: t('preview.product'),
      key: 'product',
      render: (_, r) => (
        // Wrapped at a width: a long title pushed the row's Approve / Reject out of sight.
        <span className="ls-stacked ls-wrap">
          <span>{r.title}</span>
          <span className="ls-muted">
            {r.skuName} · {r.storeName}
          </span>
        </span>
      ),
    },
    {
      title: t('updates.platform'),
      key: 'platform',
      render: (_, r) => `${money(r.oldPlatformPrice, 'USD')} → ${money(r.newPlatformPrice, 'USD')}`,
    },
    { title: t('preview.old'), key: 'old', render: (_, r) => money(r.oldPrice, r.currency) },
    {
      title: t('preview.new'),
      key: 'new',
      render: (_, r) => (
        <span className="ls-stacked">
          <strong data-testid="price-update-new">{money(r.newPrice, r.currency)}</strong>
          {/* The compare-at price the store will show beside it, struck through as there. */}
          {r.compareAtPrice !== null ? <s className="ls-muted">{money(r.compareAtPrice, r.currency)}</s> : null}
          <span className="ls-muted">
            {r.changePercent > 0 ? '+' : ''}
            {r.changePercent} %
          </span>
        </span>
      ),
    },
    {
      title: t('preview.margin'),
      key: 'margin',
      render: (_, r) => (
        <span className="ls-stacked ls-wrap-narrow">
          <span>
            {money(r.margin, r.currency)} ({r.marginPercent} %)
          </span>
          {r.belowMargin ? <Tag color="warning">{t('updates.below-margin')}</Tag> : null}
        </span>
      ),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      render: (_, r) => (
        <span className="ls-actions">
          <Button size="small" type="primary" onClick={() => decide([r.id], true)}>
            {t('updates.approve')}
          </Button>
          <Button size="small" onClick={() => decide([r.id], false)}>
            {t('updates.reject')}
          </Button>
        </span>
      ),
    },
  ];

  return (
    <section className="ls-rule" aria-labelledby="ls-updates-title" data-testid="price-updates">
      <h2 id="ls-updates-title">{t('updates.title', { count: rows.length })}</h2>
      <p className="ls-muted">{t('updates.intro')}</p>
      <Table<PriceUpdate>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        pagination={false}
        size="small"
        scroll={{ x: 'max-content' }}
        rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys as string[]) }}
      />
      <div className="ls-actions ls-approve">
        <Button type="primary" disabled={!chosen.length} onClick={() => decide(chosen, true)}>
          {t('updates.approve-selected', { count: chosen.length })}
        </Button>
        <Button disabled={!chosen.length} onClick={() => decide(chosen, false)}>
          {t('updates.reject-selected', { count: chosen.length })}
        </Button>
      </div>
    </section>
  );
}
