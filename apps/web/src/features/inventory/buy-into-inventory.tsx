import { useState } from 'react';
import type { InventoryConfirmResult } from '@dsm/contract';
import { Alert, Button, InputNumber, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatMoney } from '../../lib/money';
import { useSession } from '../../lib/session';
import { DepositTerms } from './deposit-terms';
import { inventoryActions, useRefreshInventory } from './inventory.api';

export interface WantedLine {
  prodId: number;
  skuId: number;
  count: number;
}

/** `?buy=prodId:skuId:count,…` — how the product page and the cart hand lines over. */
export function parseBuy(value: string | null): WantedLine[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.split(':').map(Number))
    .filter((n) => n.length === 3 && n.every((x) => Number.isSafeInteger(x) && x > 0))
    .map(([prodId, skuId, count]) => ({ prodId: prodId!, skuId: skuId!, count: count! }))
    .slice(0, 50);
}

/**
 * Buying into inventory: the owner sets the quantities, the server prices them (bulk tiers, the
 * warehouse that stocks each SKU, the handling fee per unit instead of shipping), and the order is
 * placed and paid on the usual payment page.
 */
export function BuyIntoInventory({ wanted }: { wanted: WantedLine[] }) {
  const { t } = useTranslation('inventory');
  const lang = useSession((s) => s.lang);
  const usd = (amount: number) => formatMoney(amount, null, lang);
  const navigate = useNavigate();
  const refresh = useRefreshInventory();
  const [counts, setCounts] = useState(wanted.map((w) => w.count));
  const [priced, setPriced] = useState<InventoryConfirmResult | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    const r = await inventoryActions.confirm({ lines: wanted.map((w, i) => ({ ...w, count: counts[i] ?? 1 })) });
    setBusy(false);
    setPriced(r.success ? r.data : null);
  };
  const submit = async () => {
    if (!priced) return;
    setBusy(true);
    const r = await inventoryActions.submit(priced.confirmToken);
    setBusy(false);
    if (r.success) void navigate(`/user/paymentorder?orders=${encodeURIComponent(r.data.id)}`);
  };
  // Two parts (decision 0130): the order, then its deposit from the wallet. A refused deposit
  // (the wallet is short) leaves the order unpaid in the list, where it can be paid either way.
  const submitWithDeposit = async () => {
    if (!priced) return;
    setBusy(true);
    const r = await inventoryActions.submit(priced.confirmToken);
    if (r.success) await inventoryActions.payDeposit(r.data.id);
    setBusy(false);
    if (r.success) {
      await refresh();
      void navigate('/user/inventoryorders', { replace: true });
    }
  };

  return (
    <section className="inv-buy" aria-label={t('buy.title')}>
      <h2>{t('buy.title')}</h2>
      <p className="inv-muted">{t('buy.note')}</p>
      {priced ? (
        <>
          <Table
            rowKey="skuId"
            size="small"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={priced.lines}
            columns={[
              {
                key: 'sku',
                title: t('columns.sku'),
                render: (_, l) => (
                  <span>
                    <strong>{l.skuCode}</strong> {l.title}
                    {l.moq ? <div className="inv-muted">{t('buy.moq', { moq: l.moq })}</div> : null}
                  </span>
                ),
              },
              { key: 'warehouse', title: t('buy.warehouse'), render: (_, l) => l.warehouseName },
              { key: 'count', title: t('buy.quantity'), align: 'right', render: (_, l) => l.count },
              {
                key: 'unit',
                title: t('buy.unit'),
                align: 'right',
                render: (_, l) => (
                  <span>
                    {l.tier ? <del className="inv-muted">{usd(l.basePrice)}</del> : null} {usd(l.unitPrice)}
                    {l.tier ? <Tag color="green">{t('buy.tier', { moq: l.tier.minQuantity })}</Tag> : null}
                  </span>
                ),
              },
              { key: 'line', title: t('buy.total'), align: 'right', render: (_, l) => usd(l.lineTotal) },
            ]}
          />
          <dl className="inv-sums">
            <dt>{t('buy.goods')}</dt>
            <dd>{usd(priced.goods)}</dd>
            <dt>{t('buy.handling', { fee: usd(priced.handlingFeePerUnit) })}</dt>
            <dd>{usd(priced.handlingFee)}</dd>
            <dt>
              <strong>{t('buy.total')}</strong>
            </dt>
            <dd>
              <strong>{usd(priced.total)}</strong>
            </dd>
          </dl>
          {priced.deposit ? <DepositTerms terms={priced.deposit} /> : null}
          <div className="inv-actions">
            <Button onClick={() => setPriced(null)}>{t('buy.change')}</Button>
            <Button type={priced.deposit ? 'default' : 'primary'} loading={busy} onClick={submit}>
              {t('buy.submit')}
            </Button>
            {priced.deposit ? (
              <Button type="primary" loading={busy} onClick={submitWithDeposit}>
                {t('deposit.submit')}
              </Button>
            ) : null}
          </div>
        </>
      ) : (
        <>
          {wanted.length === 0 ? <Alert type="info" title={t('empty')} /> : null}
          {wanted.map((w, i) => (
            <label key={`${w.skuId}`} className="inv-buy-line">
              <span>
                {t('buy.quantity')} · SKU {w.skuId}
              </span>
              <InputNumber
                min={1}
                max={99_999}
                precision={0}
                value={counts[i]}
                onChange={(v) => setCounts(counts.map((c, j) => (j === i ? Number(v ?? 1) : c)))}
              />
            </label>
          ))}
          {wanted.length ? (
            <Button type="primary" loading={busy} onClick={confirm}>
              {t('buy.confirm')}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
