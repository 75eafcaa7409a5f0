import type { StoreProduct } from '@dsm/contract';
import type { ReactNode } from 'react';
import { Alert, Spin, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The picture of a store product or variant, or an empty frame of the same size. */
export function Thumb({ src, size = 56 }: { src: string | null | undefined; size?: number }) {
  return src ? (
    <img className="cx-thumb" src={src} alt="" width={size} height={size} loading="lazy" />
  ) : (
    <span className="cx-thumb cx-thumb-empty" style={{ width: size, height: size }} />
  );
}

/**
 * The store product a connection screen is about: picture, title, store, and a way back. Shows
 * "does not exist" for an unknown id or another user's (the API answers not found for both).
 */
export function StoreProductHead({ query }: { query: { data?: StoreProduct; isError: boolean; isLoading: boolean } }) {
  const { t } = useTranslation('connections');
  if (query.isLoading) return <Spin />;
  if (query.isError || !query.data) {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('head.not-found')}
        action={<Link to="/user/connection">{t('head.back')}</Link>}
      />
    );
  }
  const p = query.data;
  return (
    <div className="cx-head">
      <Thumb src={p.imageUrl} size={64} />
      <div className="cx-head-text">
        <strong className="cx-title">{p.title}</strong>
        <div className="cx-muted">
          {t('head.store', { name: p.storeName })}
          {p.url ? (
            <>
              {' · '}
              <a href={p.url} target="_blank" rel="noreferrer noopener">
                {t('head.open-store')}
              </a>
            </>
          ) : null}
        </div>
        <div className="cx-muted">
          {t('list.connected-of', { connected: p.connectedCount, total: p.variants.length })}
        </div>
      </div>
      <Link className="cx-back" to="/user/connection">
        {t('head.back')}
      </Link>
    </div>
  );
}

/** "Colour: Red, Size: M" for a store variant's options. */
export const optionsText = (options: Array<{ name: string; value: string }>) =>
  options.map((o) => `${o.name}: ${o.value}`).join(', ');

/**
 * On a phone a table's columns would scroll sideways and hide the actions: the cells of each row
 * are stacked in one column instead (each keeps its own title as a small label).
 */
export function stackOnPhone<T>(columns: TableColumnsType<T>, wide: boolean, key: string): TableColumnsType<T> {
  if (wide) return columns;
  return [
    {
      key,
      render: (_: unknown, row: T, index: number) => (
        <div className="cx-stacked">
          {columns.map((c) => {
            const cell = c.render?.(undefined, row, index) as ReactNode;
            if (cell === null || cell === undefined) return null;
            return (
              <div key={String(c.key)}>
                {c.title ? <div className="cx-label">{c.title as ReactNode}</div> : null}
                {cell}
              </div>
            );
          })}
        </div>
      ),
    },
  ];
}
