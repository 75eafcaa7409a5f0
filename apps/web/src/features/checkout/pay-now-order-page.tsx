import { useState } from 'react';
import { Alert, Button, Radio, Skeleton } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ConfirmProdBody, ConfirmResult } from '@dsm/contract';
import { ApiError } from '../../lib/api';
import { useCountryName } from '../../lib/countries';
import { formatMoney, useMoney } from '../../lib/money';
import { useSession } from '../../lib/session';
import { useProdConfirm } from './checkout.api';
import './checkout.css';

const positive = (v: string | null) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : null);

/** The product, variant and quantity of the address (`?prodId&skuId&count`), or null when one is missing. */
function lineFromUrl(params: URLSearchParams): Pick<ConfirmProdBody, 'prodId' | 'skuId' | 'count'> | null {
  const prodId = positive(params.get('prodId'));
  const skuId = positive(params.get('skuId'));
  const count = positive(params.get('count') ?? '1');
  return prodId && skuId && count ? { prodId, skuId, count } : null;
}

/**
 * /user/paynoworder?prodId&skuId&count: buy-now checkout (decision 0083). The server prices it
 * (POST /api/p/order/prod/confirm); choosing another consignee or shipping method prices again.
 * Submitting the order arrives with the orders module: the button is shown, disabled, with a note.
 */
export default function PayNowOrderPage() {
  const { t } = useTranslation('checkout');
  const [params] = useSearchParams();
  const line = lineFromUrl(params);
  const [consigneeId, setConsigneeId] = useState<string | undefined>();
  const [shippingMethod, setShippingMethod] = useState<string | undefined>();
  const confirm = useProdConfirm(line ? { ...line, consigneeId, shippingMethod } : null);

  return (
    <div className="checkout-page">
      <h1>{t('title')}</h1>
      {!line ? <Alert type="error" showIcon title={t('bad-link')} action={<Link to="/goodslist">{t('links.shop')}</Link>} /> : null}
      {confirm.isError ? <ConfirmError error={confirm.error} /> : null}
      {line && confirm.isPending ? <Skeleton active /> : null}
      {confirm.data && !confirm.isError ? (
        <Breakdown
          data={confirm.data}
          busy={confirm.isFetching}
          onConsignee={(id) => setConsigneeId(id)}
          onMethod={(code) => setShippingMethod(code)}
        />
      ) : null}
    </div>
  );
}

/** The server's message; an empty address (SPEC §8) comes with the link to set one. */
function ConfirmError({ error }: { error: Error }) {
  const { t } = useTranslation('checkout');
  const failure = error instanceof ApiError ? error.result : null;
  const link = (failure?.data as { link?: string } | undefined)?.link;
  const needsAddress = failure?.reason === 'shipping-address-empty' || failure?.reason === 'billing-address-empty';
  return (
    <Alert
      type={needsAddress ? 'warning' : 'error'}
      showIcon
      role="alert"
      title={failure?.msg ?? error.message}
      action={needsAddress && link ? <Link to={link}>{t('links.add-address')}</Link> : <Link to="/goodslist">{t('links.shop')}</Link>}
    />
  );
}

interface BreakdownProps {
  data: ConfirmResult;
  busy: boolean;
  onConsignee: (id: string) => void;
  onMethod: (code: string) => void;
}

function Breakdown({ data, busy, onConsignee, onMethod }: BreakdownProps) {
  const { t } = useTranslation('checkout');
  const money = useMoney();
  const country = useCountryName();
  const lang = useSession((s) => s.lang);
  const payRate = useSession((s) => s.pay_rate);
  const selected = data.shippingOptions.find((o) => o.selected);
  // Rates come in percent (20 = 20 %); the language decides how a percentage is written (%20 in Turkish).
  const percent = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 2 });

  return (
    <div className="checkout-grid" aria-busy={busy}>
      <section className="checkout-section" aria-labelledby="checkout-consignee">
        <div className="checkout-section-head">
          <h2 id="checkout-consignee">{t('consignee.title')}</h2>
          <Link to="/user/profile">{t('links.add-address')}</Link>
        </div>
        <Radio.Group className="checkout-choices" value={data.consignee.addrId} onChange={(e) => onConsignee(e.target.value as string)}>
          {data.consignees.map((a) => (
            <Radio key={a.addrId} value={a.addrId} className="checkout-choice">
              <span className="checkout-choice-name">
                {a.firstName} {a.lastName}
              </span>
              <span className="checkout-choice-detail">
                {a.address}, {a.postCode} {a.city}, {country(a.country)}
              </span>
            </Radio>
          ))}
        </Radio.Group>
        <p className="checkout-muted">
          {t('billing.line', {
            address: `${data.billing.firstName} ${data.billing.lastName}, ${data.billing.address}, ${data.billing.city}, ${country(data.billing.country)}`,
          })}
        </p>
      </section>

      <section className="checkout-section" aria-labelledby="checkout-shipping">
        <h2 id="checkout-shipping">{t('shipping.title')}</h2>
        <Radio.Group className="checkout-choices" value={selected?.code} onChange={(e) => onMethod(e.target.value as string)}>
          {data.shippingOptions.map((o) => (
            <Radio key={o.code} value={o.code} className="checkout-choice">
              <span className="checkout-choice-name">{o.name}</span>
              <span className="checkout-choice-detail">
                {money(o.price)} · {t('shipping.days', { min: o.days.min, max: o.days.max })}
              </span>
            </Radio>
          ))}
        </Radio.Group>
      </section>

      <section className="checkout-section" aria-labelledby="checkout-lines">
        <h2 id="checkout-lines">{t('lines.title')}</h2>
        <ul className="checkout-lines">
          {data.lines.map((l) => (
            <li key={l.skuId} className="checkout-line">
              {l.image ? <img src={l.image} alt="" width={56} height={56} /> : <span className="checkout-line-noimage" />}
              <span className="checkout-line-text">
                <Link to={`/productdetails?prodId=${l.prodId}&skuId=${l.skuId}`}>{l.title}</Link>
                <span className="checkout-muted">{t('lines.sku', { code: l.skuCode })}</span>
              </span>
              <span className="checkout-line-price">
                {t('lines.quantity', { price: money(l.unitPrice), count: l.count })}
                <strong>{money(l.lineTotal)}</strong>
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section className="checkout-section checkout-totals" aria-labelledby="checkout-totals">
        <h2 id="checkout-totals">{t('totals.title')}</h2>
        <dl>
          <div>
            <dt>{t('totals.goods')}</dt>
            <dd>{money(data.goodsTotal)}</dd>
          </div>
          <div>
            <dt>{t('totals.shipping', { method: selected?.name ?? '' })}</dt>
            <dd>{money(data.shipping)}</dd>
          </div>
          <div>
            <dt>{t('totals.service-fee', { rate: percent.format(data.serviceFeeRate / 100) })}</dt>
            <dd>{money(data.serviceFee)}</dd>
          </div>
          <div>
            <dt>{t('totals.tax', { rate: percent.format(data.taxRate / 100), country: country(data.consignee.country) })}</dt>
            <dd>{money(data.tax)}</dd>
          </div>
          <div className="checkout-total">
            <dt>{t('totals.total')}</dt>
            <dd data-testid="checkout-total">{money(data.total)}</dd>
          </div>
        </dl>
        {payRate && payRate.currencyCode !== 'USD' ? (
          <p className="checkout-muted">{t('totals.charged-usd', { amount: formatMoney(data.total, null, lang) })}</p>
        ) : null}
        <Button type="primary" size="large" block disabled>
          {t('submit')}
        </Button>
        <p className="checkout-muted">{t('submit-note')}</p>
      </section>
    </div>
  );
}
