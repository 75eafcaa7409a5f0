import { useEffect, useState } from 'react';
import type { Store, StoreSync } from '@dsm/contract';
import { Alert, Button, Popconfirm, Progress, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatOrderTime } from '../../components/orders/order-view';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { jumpPath } from './flow';
import { MarginGuard } from './margin-guard';
import { RenameStoreDialog } from './rename-store-dialog';
import { storeActions, syncRunning, useRefreshStores, useStoreSync } from './stores.api';

const STATUS_COLOR = { connected: 'green', reauthorize: 'orange', disconnected: 'default' } as const;

/** Pages read of pages in all, as a percentage; null while the platform has not said how many. */
export function syncPercent(s: StoreSync): number | null {
  if (!s.totalPages) return null;
  return Math.min(100, Math.round((s.pagesRead / s.totalPages) * 100));
}

/** The last product import: under way with its progress, or its outcome and time. */
function SyncLine({ sync, lang }: { sync: StoreSync | null; lang: string }) {
  const { t } = useTranslation('stores');
  if (!sync) return <span className="st-muted">{t('card.never-synced')}</span>;
  if (syncRunning(sync)) {
    const percent = syncPercent(sync);
    return (
      <div className="st-sync" role="status">
        <span>{t(sync.state === 'queued' ? 'card.sync-queued' : 'card.sync-running', { count: sync.imported })}</span>
        <Progress
          percent={percent ?? 0}
          status="active"
          showInfo={percent !== null}
          size="small"
          aria-label={t('card.sync-progress')}
        />
      </div>
    );
  }
  const at = formatOrderTime(sync.finishedAt ?? sync.startedAt, lang);
  return sync.state === 'succeeded' ? (
    <span>
      <Tag color="green">{t('card.sync-succeeded')}</Tag>
      {t('card.sync-done', { count: sync.imported, at })}
    </span>
  ) : (
    <span>
      <Tag color="red">{t('card.sync-failed')}</Tag>
      {at} {sync.error ? <span className="st-error">{sync.error}</span> : null}
    </span>
  );
}

/**
 * One store on /user/shopify: name, platform, status and sandbox mark; the two switches; the
 * authorization's time and expiry; the last import with live progress; its products; and the
 * actions (sync now, re-authorize, unbind, rename).
 */
export function StoreCard({ store }: { store: Store }) {
  const { t } = useTranslation('stores');
  const lang = useSession((s) => s.lang);
  const navigate = useNavigate();
  const refresh = useRefreshStores();
  const [busy, setBusy] = useState<string | null>(null);
  const [unbindError, setUnbindError] = useState<string | null>(null);
  const [renaming, setRenaming] = useState(false);
  const [watching, setWatching] = useState(false);
  const live = useStoreSync(store.id, watching || syncRunning(store.lastSync));
  const sync = live.data !== undefined ? live.data : store.lastSync;
  const running = syncRunning(sync);
  const connected = store.status === 'connected';

  // When the import ends, the list's counts and the store-product screens are out of date.
  useEffect(() => {
    if (watching && live.data && !syncRunning(live.data)) {
      setWatching(false);
      void refresh();
    }
  }, [watching, live.data, refresh]);
  useEffect(() => {
    if (running) setWatching(true);
  }, [running]);

  async function act(name: string, work: () => Promise<void>) {
    setBusy(name);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  }
  const toggle = (field: 'inventorySync' | 'emailPermission', value: boolean) =>
    act(field, async () => {
      if ((await storeActions.update(store.id, { [field]: value })).success) toast.success(t('card.saved'));
      await refresh();
    });
  const syncNow = () =>
    act('sync', async () => {
      const res = await storeActions.sync(store.id);
      if (res.success) setWatching(true);
      await refresh();
    });
  const reauthorize = () =>
    act('reauthorize', async () => {
      const res = await storeActions.reauthorize(store.id);
      if (res.success) void navigate(jumpPath(res.data.url));
    });
  const unbind = () =>
    act('unbind', async () => {
      setUnbindError(null);
      const res = await storeActions.unbind(store.id);
      if (res.success) toast.success(t('card.unbound', { name: store.name }));
      else setUnbindError(res.msg);
      await refresh();
    });

  const headingId = `store-${store.id}`;
  return (
    <article className="st-card" aria-labelledby={headingId} data-testid={`store-${store.id}`}>
      <header className="st-card-head">
        <h2 id={headingId} className="st-name">
          {store.name}
        </h2>
        <div className="st-tags">
          <Tag className={`st-platform st-platform-${store.platform}`}>{t(`platforms.${store.platform}`)}</Tag>
          <Tag color={STATUS_COLOR[store.status]}>{t(`status.${store.status}`)}</Tag>
          {store.sandbox ? (
            <Tag color="purple" title={t('card.sandbox-hint')}>
              {t('card.sandbox')}
            </Tag>
          ) : null}
        </div>
        <div className="st-address st-muted">{store.address}</div>
      </header>

      {store.status === 'reauthorize' ? <Alert type="warning" showIcon title={t('card.reauthorize-needed')} /> : null}
      {store.authorizationExpiring && store.authorizationExpiresAt && store.status === 'connected' ? (
        <Alert
          type="warning"
          showIcon
          title={t('card.expiring', { date: formatOrderTime(store.authorizationExpiresAt, lang) })}
        />
      ) : null}
      {unbindError ? (
        <Alert type="error" showIcon title={unbindError} closable={{ onClose: () => setUnbindError(null) }} />
      ) : null}

      <dl className="st-facts">
        <div>
          <dt>{t('card.authorized-at')}</dt>
          <dd>{store.authorizedAt ? formatOrderTime(store.authorizedAt, lang) : '—'}</dd>
        </div>
        {store.authorizationExpiresAt ? (
          <div>
            <dt>{t('card.expires-at')}</dt>
            <dd>{formatOrderTime(store.authorizationExpiresAt, lang)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('card.last-sync')}</dt>
          <dd>
            <SyncLine sync={sync} lang={lang} />
          </dd>
        </div>
        <div>
          <dt>{t('card.products')}</dt>
          <dd>
            <Link to={`/user/connection?store=${encodeURIComponent(store.id)}`}>
              {t('card.product-count', { count: store.productCount })}
            </Link>
          </dd>
        </div>
      </dl>

      <div className="st-switches">
        <label className="st-switch">
          <Switch
            size="small"
            checked={store.inventorySync}
            disabled={!connected || busy !== null}
            loading={busy === 'inventorySync'}
            onChange={(v) => void toggle('inventorySync', v)}
          />
          <span>{t('card.inventory-sync')}</span>
        </label>
        <label className="st-switch">
          <Switch
            size="small"
            checked={store.emailPermission}
            disabled={!connected || busy !== null}
            loading={busy === 'emailPermission'}
            onChange={(v) => void toggle('emailPermission', v)}
          />
          <span>{t('card.email-permission')}</span>
        </label>
      </div>
      <MarginGuard store={store} disabled={!connected || busy !== null} onSaved={refresh} />

      <div className="st-actions">
        {connected ? (
          <Button onClick={() => void syncNow()} loading={busy === 'sync'} disabled={running || busy !== null}>
            {running ? t('card.syncing') : t('card.sync-now')}
          </Button>
        ) : null}
        <Button
          type={connected ? 'default' : 'primary'}
          onClick={() => void reauthorize()}
          loading={busy === 'reauthorize'}
          disabled={busy !== null}
        >
          {store.status === 'disconnected' ? t('card.reconnect') : t('card.reauthorize')}
        </Button>
        <Button onClick={() => setRenaming(true)} disabled={busy !== null}>
          {t('card.rename')}
        </Button>
        {store.status !== 'disconnected' ? (
          <Popconfirm
            title={t('card.unbind-confirm', { name: store.name })}
            description={t('card.unbind-confirm-text')}
            okText={t('card.unbind')}
            okButtonProps={{ danger: true }}
            cancelText={t('card.cancel')}
            onConfirm={() => unbind()}
          >
            <Button danger loading={busy === 'unbind'} disabled={busy !== null}>
              {t('card.unbind')}
            </Button>
          </Popconfirm>
        ) : null}
      </div>
      {renaming ? <RenameStoreDialog store={store} onClose={() => setRenaming(false)} /> : null}
    </article>
  );
}
