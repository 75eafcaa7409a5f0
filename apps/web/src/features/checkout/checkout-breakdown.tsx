import type { ReactNode } from 'react';
import { Alert, Radio } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type ConfirmResult, formatAddress } from '@dsm/contract';
import { ApiError } from '../../lib/api';
import { useCountryName } from '../../lib/countries';
import { formatMoney, useMoney } from '../../lib/money';
import { useSession } from '../../lib/session';

/** The server's message; an empty address (SPEC §8) comes with the link to set one. */
export function ConfirmError({ error }: { error: Error }) {
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
      action={
        needsAddress && link ? (
          <Link to={link}>{t('links.add-address')}</Link>
        ) : (
          <Link to="/goodslist">{t('links.shop')}</Link>
        )
      }
    />
  );
}

interface BreakdownProps {
  data: ConfirmResult;
  busy: boolean;
  onConsignee: (id: string) => void;
  onMethod: (code: string) => void;
  /** Under the totals: the remark and the submit button. */
  children?: ReactNode;
}

/** Consignee and billing, shipping methods, lines, and fee/tax/total in the chosen currency. */
export function Breakdown({ data, busy, onConsignee, onMethod, children }: BreakdownProps) {
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
        <Radio.Group
          className="checkout-choices"
          value={data.consignee.addrId}
          onChange={(e) => onConsignee(e.target.value as string)}
        >
          {data.consignees.map((a) => (
            <Radio key={a.addrId} value={a.addrId} className="checkout-choice">
              <span className="checkout-choice-name">
                {a.firstName} {a.lastName}
              </span>
              <span className="checkout-choice-detail">{formatAddress(a, { countryName: country })}</span>
            </Radio>
          ))}
        </Radio.Group>
        <p className="checkout-muted">
          {t('billing.line', {
            address: `${data.billing.firstName} ${data.billing.lastName}, ${formatAddress(data.billing, { countryName: country })}`,
          })}
        </p>
      </section>

      <section className="checkout-section" aria-labelledby="checkout-shipping">
        <h2 id="checkout-shipping">{t('shipping.title')}</h2>
        <Radio.Group
          className="checkout-choices"
          value={selected?.code}
          onChange={(e) => onMethod(e.target.value as string)}
        >
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
              {l.image ? (
                <img src={l.image} alt="" width={56} height={56} />
              ) : (
                <span className="checkout-line-noimage" />
              )}
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
            <dt>
              {t('totals.tax', { rate: percent.format(data.taxRate / 100), country: country(data.consignee.country) })}
            </dt>
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
        {children}
      </section>
    </div>
  );
}
