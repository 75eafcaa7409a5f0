import { useId } from 'react';
import type { StoreOrderSyncStatus } from '@dsm/contract';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { storeOrderActions, useRefreshStoreOrders } from './store-orders.api';
import { fullTime, relativeTime, useCoolDown } from './store-orders.format';

/** An instant as a distance ("3 minutes ago"), the full date and time on hover and for machines. */
export function When({ at }: { at: string }) {
  const lang = useSession((s) => s.lang);
  return (
    <time dateTime={at} title={fullTime(at, lang)}>
      {relativeTime(at, lang)}
    </time>
  );
}

/** One store's order sync: last success, next, last error, "sync now" (issue 21, "Freshness"). */
function StoreSync({ store }: { store: StoreOrderSyncStatus }) {
  const { t } = useTranslation('store-orders');
  const refresh = useRefreshStoreOrders();
  const [cooling, cool] = useCoolDown(store.syncAvailableAt);
  const nameId = useId();
  const due = store.nextDueAt && new Date(store.nextDueAt).getTime() <= Date.now();

  async function syncNow() {
    cool();
    const result = await storeOrderActions.syncStore(store.storeId);
    if (result.success) toast.success(t('sync.started'));
    await refresh();
  }

  return (
    <article className="so-store" aria-labelledby={nameId}>
      <header className="so-store-head">
        <strong id={nameId}>{store.storeName}</strong>
        <Tag>{t(`platforms.${store.platform}`)}</Tag>
        {store.running ? <Tag color="processing">{t('sync.running')}</Tag> : null}
      </header>
      <dl className="so-store-facts">
        <dt>{t('sync.last-success')}</dt>
        <dd>{store.lastSuccessAt ? <When at={store.lastSuccessAt} /> : t('sync.never')}</dd>
        <dt>{t('sync.next')}</dt>
        <dd>{store.nextDueAt ? due ? t('sync.due') : <When at={store.nextDueAt} /> : t('sync.none')}</dd>
        {store.lastError ? (
          <>
            <dt>{t('sync.last-error')}</dt>
            <dd className="so-error">
              {store.lastError}
              {store.lastErrorAt ? (
                <>
                  {' · '}
                  <When at={store.lastErrorAt} />
                </>
              ) : null}
            </dd>
          </>
        ) : null}
        {store.reachedBack ? (
          <>
            <dt>{t('sync.reached-back')}</dt>
            <dd>
              <When at={store.reachedBack} />
            </dd>
          </>
        ) : null}
      </dl>
      <Button
        size="small"
        disabled={cooling}
        onClick={() => void syncNow()}
        // The button's name is its text (decision 0108 §4); the store's name describes it.
        aria-describedby={nameId}
      >
        {t('sync.now')}
      </Button>
    </article>
  );
}

/** Every store of the owner with its sync's freshness, above the store orders. */
export function SyncStatusStrip({ stores }: { stores: readonly StoreOrderSyncStatus[] }) {
  const { t } = useTranslation('store-orders');
  if (stores.length === 0) return null;
  return (
    <section className="so-stores" aria-labelledby="so-stores-title">
      <h2 id="so-stores-title">{t('sync.title')}</h2>
      <div className="so-store-list">
        {stores.map((s) => (
          <StoreSync key={s.storeId} store={s} />
        ))}
      </div>
    </section>
  );
}
