import { useState } from 'react';
import type { PreferredShippingRule } from '@dsm/contract';
import { Alert, Button, Grid, Popconfirm, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/empty-state';
import { useMoney } from '../../lib/money';
import { toast } from '../../lib/toast';
import { preferredShippingActions, useRefreshRules, useRules } from './preferred-shipping.api';
import { RuleEditor } from './rule-editor';
import './preferred-shipping.css';

/**
 * /user/prefershipping (SPEC §2, issue 21): the store owner's shipping preferences — per product
 * (or all) and country (or all), the method store orders use — each with what that method costs
 * for one item and how long it takes today, or why it cannot be used (decision 0116).
 */
export default function PreferredShippingPage() {
  const { t } = useTranslation('preferred-shipping');
  const money = useMoney();
  const wide = Grid.useBreakpoint().md ?? true;
  const rules = useRules();
  const refresh = useRefreshRules();
  // null: closed; 'new': adding; a rule: changing it.
  const [editing, setEditing] = useState<PreferredShippingRule | 'new' | null>(null);

  async function remove(rule: PreferredShippingRule) {
    const res = await preferredShippingActions.remove(rule.id);
    if (res.success) {
      toast.success(t('deleted'));
      await refresh();
    }
  }

  const product = (r: PreferredShippingRule) =>
    r.prodId === null ? (
      <strong>{t('all-products')}</strong>
    ) : r.product ? (
      <span className="ps-product">
        {r.product.image ? <img src={r.product.image} alt="" width={40} height={40} /> : null}
        <span>{r.product.title}</span>
      </span>
    ) : (
      <span className="ps-reason">{t('product-gone')}</span>
    );
  const country = (r: PreferredShippingRule) => r.countryName ?? t('all-countries');
  const method = (r: PreferredShippingRule) => (
    <span className="ps-stacked">
      <span>{r.method.name}</span>
      <span className="ps-muted">{t('from-warehouse', { warehouse: r.method.warehouse.name })}</span>
      {r.method.available ? null : (
        <span className="ps-reason">{t('not-available', { reason: r.method.reason ?? '' })}</span>
      )}
    </span>
  );
  const price = (r: PreferredShippingRule) =>
    r.method.price === null
      ? t('price-varies')
      : r.method.priceFrom
        ? t('price-from', { price: money(r.method.price) })
        : money(r.method.price);
  const actions = (r: PreferredShippingRule) => (
    <span className="ps-actions">
      <Button size="small" onClick={() => setEditing(r)}>
        {t('edit')}
      </Button>
      <Popconfirm
        title={t('delete-question')}
        onConfirm={() => remove(r)}
        okText={t('delete')}
        cancelText={t('form.cancel')}
      >
        <Button size="small" danger>
          {t('delete')}
        </Button>
      </Popconfirm>
    </span>
  );

  const columns: TableColumnsType<PreferredShippingRule> = wide
    ? [
        { key: 'product', title: t('columns.product'), render: (_, r) => product(r) },
        { key: 'country', title: t('columns.country'), render: (_, r) => country(r) },
        { key: 'method', title: t('columns.method'), render: (_, r) => method(r) },
        {
          key: 'price',
          title: t('columns.price'),
          render: (_, r) => (
            <span className="ps-stacked">
              <strong>{price(r)}</strong>
              <span className="ps-muted">{t('days', r.method.days)}</span>
            </span>
          ),
        },
        { key: 'actions', title: t('columns.actions'), render: (_, r) => actions(r) },
      ]
    : [
        {
          // A phone reads one card per rule: what it covers, then the method and its figures.
          key: 'rule',
          render: (_, r) => (
            <div className="ps-card">
              <div className="ps-card-head">
                {product(r)}
                <span className="ps-muted">→ {country(r)}</span>
              </div>
              {method(r)}
              <div>
                <strong>{price(r)}</strong> · {t('days', r.method.days)}
              </div>
              {actions(r)}
            </div>
          ),
        },
      ];

  const addButton = (
    <Button type="primary" onClick={() => setEditing('new')}>
      {t('add')}
    </Button>
  );

  return (
    <section className="ps-page">
      <h1>{t('routes:prefershipping')}</h1>
      <p className="ps-intro">{t('intro')}</p>
      <p className="ps-intro ps-muted">{t('fallback')}</p>
      {rules.isError ? <Alert type="error" showIcon title={t('load-error')} /> : null}
      {rules.data && rules.data.length > 0 ? <div className="ps-bar">{addButton}</div> : null}
      {rules.data && rules.data.length === 0 ? (
        <EmptyState text={t('empty')} hint={t('empty-hint')} action={addButton} />
      ) : (
        <Table<PreferredShippingRule>
          rowKey="id"
          columns={columns}
          showHeader={wide}
          dataSource={rules.data ?? []}
          loading={rules.isLoading}
          pagination={false}
        />
      )}
      {editing ? (
        <RuleEditor
          rule={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      ) : null}
    </section>
  );
}
