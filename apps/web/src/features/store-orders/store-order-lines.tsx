import type { StoreOrderLine } from '@dsm/contract';
import { Alert, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../lib/session';
import { useStoreOrder } from './store-orders.api';
import { formatStoreMoney } from './store-orders.format';

const RELATION_COLOR = { connected: 'success', 'needs-review': 'warning', unconnected: 'error' } as const;

/**
 * Where a line's variant gets connected: an unconnected one picks its catalogue product
 * (`/user/addconnection`, then its variants), one waiting for review opens its connections
 * (`/user/skuconnect`) to confirm. After either, the server re-evaluates the order by itself.
 */
function connectLink(line: StoreOrderLine): { to: string; text: 'connect' | 'review' } | null {
  if (!line.connectTarget || line.relation === 'connected') return null;
  const product = encodeURIComponent(line.connectTarget.storeProductId);
  return line.relation === 'unconnected'
    ? { to: `/user/addconnection?product=${product}`, text: 'connect' }
    : { to: `/user/skuconnect?product=${product}`, text: 'review' };
}

function Line({ line }: { line: StoreOrderLine }) {
  const { t } = useTranslation('store-orders');
  const lang = useSession((s) => s.lang);
  const link = connectLink(line);
  const image = line.connection?.sku.imageUrl;
  return (
    <li className="so-line">
      {image ? <img src={image} alt="" width={40} height={40} loading="lazy" /> : <span className="so-pic" />}
      <div className="so-line-text">
        <div className="so-line-title">{line.title}</div>
        <div className="so-muted">
          {[
            line.sku ? t('list.sku', { sku: line.sku }) : t('list.no-sku'),
            t('list.quantity', { count: line.quantity }),
          ]
            .concat(line.unitPrice ? [formatStoreMoney(line.unitPrice, lang)] : [])
            .join(' · ')}
        </div>
        {line.connection ? (
          <div className="so-muted">
            {t('lines.connected-to', {
              sku: [line.connection.sku.title, line.connection.sku.specs].filter(Boolean).join(' · '),
            })}
          </div>
        ) : null}
      </div>
      <div className="so-line-state">
        <Tag color={RELATION_COLOR[line.relation]}>{t(`lines.${line.relation}`)}</Tag>
        {link ? (
          <Link className="button button-primary so-connect" to={link.to}>
            {t(`lines.${link.text}`)}
          </Link>
        ) : line.relation !== 'connected' ? (
          <span className="so-muted">{t('lines.not-imported')}</span>
        ) : null}
      </div>
    </li>
  );
}

/** A store order's lines (asked for when opened): image, title, store SKU, quantity, store price, connection. */
export function StoreOrderLines({ id }: { id: string }) {
  const { t } = useTranslation('store-orders');
  const detail = useStoreOrder(id);
  if (detail.isError) return <Alert type="error" showIcon title={t('lines.load-failed')} />;
  if (!detail.data) return <Spin size="small" />;
  return (
    <ul className="so-lines" aria-label={t('lines.title', { number: detail.data.number })}>
      {detail.data.lines.map((l) => (
        <Line key={l.id} line={l} />
      ))}
    </ul>
  );
}
