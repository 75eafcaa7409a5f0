import type { AfterSales, AfterSalesState } from '@dsm/contract';
import { Alert, Descriptions, Tag, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { buildUrl } from '../../lib/api';
import { formatMoney } from '../../lib/money';
import { useSession } from '../../lib/session';
import './after-sales-detail.css';

/**
 * One after-sales request as the user's page and the operator's queue show it (decision 0088);
 * texts from the `after-sales` namespace, which both pages load.
 */

/** A request's picture (private: the session cookie authenticates the link). */
export const imageUrl = (id: string, image: string, admin = false) =>
  buildUrl(`/${admin ? 'admin' : 'p'}/after-sales/${encodeURIComponent(id)}/images/${encodeURIComponent(image)}`);

export const STATE_COLORS: Record<AfterSalesState, string> = {
  requested: 'gold',
  approved: 'blue',
  refunded: 'green',
  reshipped: 'green',
  rejected: 'red',
  cancelled: 'default',
};

export const formatTime = (iso: string, lang: string) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** The operator's answer as the user reads it (or that it is still awaited). */
export function Answer({ request }: { request: AfterSales }) {
  const { t } = useTranslation('after-sales');
  const lang = useSession((s) => s.lang);
  switch (request.state) {
    case 'refunded':
      return (
        <Alert
          type="success"
          showIcon
          title={t('detail.refunded-note', { amount: formatMoney(request.refunded ?? 0, null, lang) })}
        />
      );
    case 'rejected':
      return <Alert type="error" showIcon title={t('detail.reject-reason', { reason: request.rejectReason })} />;
    case 'reshipped':
      return (
        <Alert
          type="success"
          showIcon
          title={t('detail.tracking', { carrier: request.carrier, tracking: request.trackingNumber })}
        />
      );
    case 'approved':
      return <Alert type="info" showIcon title={t('detail.approved-reship')} />;
    case 'requested':
      return <Alert type="warning" showIcon title={t('detail.waiting')} />;
    default:
      return null;
  }
}

/** Everything about one request: what was asked, the photos, the answer and the history. */
export function AfterSalesDetail({ request, admin = false }: { request: AfterSales; admin?: boolean }) {
  const { t } = useTranslation('after-sales');
  const lang = useSession((s) => s.lang);
  const usd = (v: number) => formatMoney(v, null, lang);
  return (
    <div className="aftersales-detail">
      <Answer request={request} />
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'order', label: t('detail.order'), children: `${request.orderNumber} (${usd(request.orderTotal)})` },
          { key: 'kind', label: t('detail.kind'), children: t(`kinds.${request.kind}`) },
          {
            key: 'state',
            label: t('detail.state'),
            children: <Tag color={STATE_COLORS[request.state]}>{t(`states.${request.state}`)}</Tag>,
          },
          ...(request.amount !== null
            ? [{ key: 'amount', label: t('detail.amount'), children: usd(request.amount) }]
            : []),
          ...(request.refunded !== null
            ? [{ key: 'refunded', label: t('detail.refunded'), children: usd(request.refunded) }]
            : []),
          {
            key: 'reason',
            label: t('detail.reason'),
            children: <span className="aftersales-text">{request.reason}</span>,
          },
          ...(request.lines.length
            ? [
                {
                  key: 'items',
                  label: t('detail.items'),
                  // The name as ordered, when the reader's differs, in brackets: it is what the
                  // invoice says (decision 0111).
                  children: request.lines
                    .map((l) => `${l.title}${l.orderedTitle ? ` (${l.orderedTitle})` : ''} × ${l.quantity}`)
                    .join(', '),
                },
              ]
            : []),
        ]}
      />
      {request.images.length ? (
        <section aria-label={t('detail.images')}>
          <h3>{t('detail.images')}</h3>
          <div className="aftersales-thumbs">
            {request.images.map((image, i) => (
              <a key={image} href={imageUrl(request.id, image, admin)} target="_blank" rel="noreferrer">
                <img src={imageUrl(request.id, image, admin)} alt={t('detail.image-alt', { n: i + 1 })} />
              </a>
            ))}
          </div>
        </section>
      ) : null}
      <h3>{t('detail.history')}</h3>
      <Timeline
        items={request.events.map((e) => ({
          key: `${e.at}-${e.event}`,
          content: (
            <>
              <strong>{t(`events.${e.event}`, { defaultValue: e.event })}</strong> · {formatTime(e.at, lang)}
              {e.note && e.event === 'rejected' ? <div>{e.note}</div> : null}
            </>
          ),
        }))}
      />
    </div>
  );
}
