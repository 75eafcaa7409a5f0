import type { StorePlatformName } from '@dsm/contract';
import { Alert, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConnectStore } from './connect-store';
import { StoreCard } from './store-card';
import { useStoreList } from './stores.api';
import './stores.css';

/**
 * The caller's stores (SPEC §2 /user/shopify, the header's store icon): each store's state and
 * actions, and the buttons to connect another. `platform` narrows it to one kind (/user/aliexpress).
 */
export function StoreList({ platform }: { platform?: StorePlatformName }) {
  const { t } = useTranslation('stores');
  const list = useStoreList();
  const stores = (list.data ?? []).filter((s) => !platform || s.platform === platform);
  const title = platform ? t('list.title-platform', { platform: t(`platforms.${platform}`) }) : t('list.title');
  return (
    <section className="st-page">
      <h1>{title}</h1>
      <p className="st-muted st-intro">{platform === 'aliexpress' ? t('list.intro-aliexpress') : t('list.intro')}</p>
      <ConnectStore only={platform} />
      {list.isError ? <Alert type="error" showIcon title={t('list.load-failed')} /> : null}
      {list.isLoading ? <Spin /> : null}
      {list.data && stores.length === 0 ? (
        <Empty className="st-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} />
      ) : null}
      <div className="st-cards">
        {stores.map((s) => (
          <StoreCard key={s.id} store={s} />
        ))}
      </div>
    </section>
  );
}

/** /user/shopify: every store of the caller. */
export default function StoreListPage() {
  return <StoreList />;
}
