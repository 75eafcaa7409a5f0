import type { Sourcing, SourcingState } from '@dsm/contract';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';

export const STATE_COLORS: Record<SourcingState, string> = {
  pending: 'gold',
  processing: 'blue',
  succeeded: 'green',
  failed: 'red',
};

/** What was asked. */
export function RequestFacts({ request: r }: { request: Sourcing }) {
  const { t } = useTranslation('sourcing');
  const lang = useSession((s) => s.lang);
  const usd = (v: number) => new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD' }).format(v);
  return (
    <section className="sourcing-facts">
      <Descriptions
        column={1}
        size="small"
        items={[
          {
            key: 'url',
            label: t('form.url'),
            children: (
              <a href={r.url} target="_blank" rel="noreferrer noopener">
                {r.domain}
              </a>
            ),
          },
          { key: 'title', label: t('form.name'), children: r.title },
          ...(r.description ? [{ key: 'description', label: t('form.description'), children: r.description }] : []),
          { key: 'type', label: t('form.purchase-type'), children: t(`purchase-types.${r.purchaseType}`) },
          { key: 'quantity', label: t(`form.quantity-${r.purchaseType}`), children: r.quantity },
          {
            key: 'price',
            label: t('form.target-price'),
            children: r.targetPrice === null ? t('detail.no-price') : usd(r.targetPrice),
          },
          { key: 'orders', label: t('detail.have-orders'), children: r.haveOrders ? t('detail.yes') : t('detail.no') },
          {
            key: 'similar',
            label: t('detail.accept-similar'),
            children: r.acceptSimilar ? t('detail.yes') : t('detail.no'),
          },
        ]}
      />
      {r.images.length ? (
        <div className="sourcing-pictures">
          {r.images.map((src) => (
            <a key={src} href={src} target="_blank" rel="noreferrer" className="sourcing-picture">
              <img src={src} alt={r.title} />
            </a>
          ))}
        </div>
      ) : null}
    </section>
  );
}
