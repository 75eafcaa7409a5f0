import { useState } from 'react';
import type { CatalogueSkuRef, ConnectionChange, StoreVariant } from '@dsm/contract';
import { Button, Empty, Grid, Popconfirm, Table, Tag, Timeline, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatOrderTime } from '../../components/orders/order-view';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { connectionActions, useHistory, useRefreshConnections, useStoreProduct } from './connections.api';
import { StoreProductHead, Thumb, optionsText, stackOnPhone } from './store-product-head';
import './connections.css';

/** "Linen Dress · Colour: Red, Size: M" */
const skuText = (sku: CatalogueSkuRef | null, none: string) =>
  sku ? [sku.title, sku.specs].filter(Boolean).join(' · ') : none;

/** The change undo would take back: the newest one not undone that is the seller's (not a review mark). */
export function undoTarget(history: readonly ConnectionChange[]): ConnectionChange | undefined {
  return history.find((c) => !c.undone && c.action !== 'review');
}

/**
 * /user/skuconnect?product=<storeProductId> (SPEC §2): a store product's connections — each
 * variant's catalogue SKU and state (needs review, with why; confirm keeps the SKU) — disconnect
 * one or all, and the history (who, when, before → after) with one-click undo of the last change.
 */
export default function SkuConnectPage() {
  const { t } = useTranslation('connections');
  const lang = useSession((s) => s.lang);
  const [params] = useSearchParams();
  const wide = Grid.useBreakpoint().md ?? true;
  const id = params.get('product');
  const product = useStoreProduct(id);
  const history = useHistory(product.data ? id : null);
  const refresh = useRefreshConnections();
  const [busy, setBusy] = useState(false);

  async function run(work: () => Promise<{ success: boolean }>, done: string) {
    setBusy(true);
    try {
      if ((await work()).success) toast.success(done);
      await refresh();
    } finally {
      setBusy(false);
    }
  }
  const disconnect = (variantIds: string[]) =>
    run(() => connectionActions.disconnect(id!, variantIds), t('detail.disconnected'));
  const confirm = (v: StoreVariant) =>
    run(
      () => connectionActions.connect(id!, { links: [{ variantId: v.id, skuId: v.connection!.sku.skuId }] }),
      t('detail.confirmed'),
    );
  const target = product.data?.canUndo ? undoTarget(history.data ?? []) : undefined;

  const columns: TableColumnsType<StoreVariant> = [
    {
      key: 'variant',
      title: t('detail.variant'),
      render: (_, v) => (
        <div>
          <div>{v.title}</div>
          <div className="cx-muted">{[v.sku, optionsText(v.options)].filter(Boolean).join(' · ')}</div>
        </div>
      ),
    },
    {
      key: 'sku',
      title: t('detail.connection'),
      render: (_, v) =>
        v.connection ? (
          <div className="cx-row-product">
            <Thumb src={v.connection.sku.imageUrl} size={40} />
            <div>
              <div>{v.connection.sku.title}</div>
              <div className="cx-muted">{v.connection.sku.specs}</div>
            </div>
          </div>
        ) : (
          <span className="cx-muted">{t('detail.not-connected')}</span>
        ),
    },
    {
      key: 'state',
      title: t('detail.state'),
      render: (_, v) =>
        !v.connection ? null : v.connection.state === 'needs-review' ? (
          <div>
            <Tag color="orange">{t('detail.needs-review')}</Tag>
            {v.connection.reviewReason ? (
              <div className="cx-muted">{t(`detail.review-reasons.${v.connection.reviewReason}`)}</div>
            ) : null}
          </div>
        ) : (
          <Tag color="green">{t('detail.connected')}</Tag>
        ),
    },
    {
      key: 'actions',
      render: (_, v) =>
        v.connection ? (
          <div className="cx-actions">
            {v.connection.state === 'needs-review' ? (
              <Button size="small" title={t('detail.confirm-hint')} disabled={busy} onClick={() => void confirm(v)}>
                {t('detail.confirm')}
              </Button>
            ) : null}
            <Popconfirm title={t('detail.disconnect-confirm')} onConfirm={() => disconnect([v.id])}>
              <Button size="small" danger disabled={busy}>
                {t('detail.disconnect')}
              </Button>
            </Popconfirm>
          </div>
        ) : null,
    },
  ];

  const connectedIds = (product.data?.variants ?? []).filter((v) => v.connection).map((v) => v.id);
  return (
    <section className="cx-page">
      <h1>{t('detail.title')}</h1>
      <StoreProductHead query={product} />
      {product.data ? (
        <>
          <div className="cx-bar">
            <Link className="button button-primary" to={`/user/addconnection?product=${encodeURIComponent(id!)}`}>
              {t('detail.change')}
            </Link>
            {connectedIds.length ? (
              <Popconfirm title={t('detail.disconnect-all-confirm')} onConfirm={() => disconnect(connectedIds)}>
                <Button danger disabled={busy}>
                  {t('detail.disconnect-all')}
                </Button>
              </Popconfirm>
            ) : null}
          </div>
          <Table<StoreVariant>
            rowKey="id"
            showHeader={wide}
            columns={stackOnPhone(columns, wide, 'row')}
            dataSource={product.data.variants}
            scroll={wide ? { x: 'max-content' } : undefined}
            pagination={false}
          />
          <h2>{t('detail.history')}</h2>
          {target ? <p className="cx-muted">{t('detail.undo-hint')}</p> : null}
          {history.data && history.data.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.no-history')} />
          ) : null}
          <Timeline
            className="cx-history"
            items={(history.data ?? []).map((c) => ({
              color:
                c.action === 'review'
                  ? 'orange'
                  : c.action === 'disconnect'
                    ? 'red'
                    : c.action === 'undo'
                      ? 'gray'
                      : 'green',
              children: (
                <div className="cx-change" data-testid={`change-${c.id}`}>
                  <div className="cx-change-head">
                    <strong>{t(`detail.actions.${c.action}`)}</strong>
                    {c.undone ? <Tag>{t('detail.undone-tag')}</Tag> : null}
                    <span className="cx-muted">
                      {c.actorType === 'system' ? t('detail.actor-system') : (c.actorName ?? '')} ·{' '}
                      {formatOrderTime(c.at, lang)}
                    </span>
                    {target?.id === c.id ? (
                      <Button
                        size="small"
                        disabled={busy}
                        onClick={() => void run(() => connectionActions.undo(id!, c.id), t('detail.undone'))}
                      >
                        {t('detail.undo')}
                      </Button>
                    ) : null}
                  </div>
                  {c.action === 'review' && c.note ? <div className="cx-muted">{c.note}</div> : null}
                  <ul className="cx-change-lines">
                    {c.variants.map((v) => (
                      <li key={v.variantId}>
                        <span>{v.variantTitle}</span>:{' '}
                        <span className="cx-muted">{skuText(v.before, t('detail.none'))}</span> →{' '}
                        <span>{skuText(v.after, t('detail.none'))}</span>
                      </li>
                    ))}
                  </ul>
                </div>
              ),
            }))}
          />
        </>
      ) : null}
    </section>
  );
}
