import { useEffect, useState } from 'react';
import type { PriceRuleBody, RepricePreview, RepriceRow, StoreRule } from '@dsm/contract';
import { Button, Form, Input, InputNumber, Radio, Select, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { listingActions, storeMoney, useRefreshListings, useStoreRule, useStores } from './listings.api';

type RuleForm = PriceRuleBody & { currency: string; market: string; priceTolerancePercent: number };

const fromRule = (r: StoreRule): RuleForm => ({
  ...r.rule,
  currency: r.currency,
  market: r.market,
  priceTolerancePercent: r.priceTolerancePercent,
});
const toBody = (f: RuleForm): PriceRuleBody => ({
  mode: f.mode,
  multiple: f.multiple ?? null,
  markup: f.markup ?? null,
  centsEnding: f.centsEnding ?? null,
  compareAtMultiple: f.compareAtMultiple ?? null,
  minMarginPercent: f.minMarginPercent ?? null,
});

/**
 * A store's pricing rule (decision 0124): change it, preview every listed variant's old and new
 * price and margin, approve all or some. The approve sends exactly the rows shown.
 */
export function StoreRulePanel() {
  const { t } = useTranslation('listings');
  const lang = useSession((s) => s.lang);
  const stores = (useStores().data ?? []).filter((s) => s.platform !== 'aliexpress');
  const [storeId, setStoreId] = useState<string | null>(null);
  const rule = useStoreRule(storeId);
  const refresh = useRefreshListings();
  const [form] = Form.useForm<RuleForm>();
  const mode = Form.useWatch('mode', form);
  const [preview, setPreview] = useState<(RepricePreview & { rule: PriceRuleBody }) | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);

  useEffect(() => {
    if (!storeId && stores[0]) setStoreId(stores[0].id);
  }, [storeId, stores]);
  useEffect(() => {
    if (rule.data) form.setFieldsValue(fromRule(rule.data));
    setPreview(null);
  }, [rule.data, form]);

  async function save() {
    const f = await form.validateFields();
    const res = await listingActions.saveRule(storeId!, {
      rule: toBody(f),
      currency: f.currency,
      market: f.market,
      priceTolerancePercent: f.priceTolerancePercent ?? 0,
    });
    if (res.success) {
      toast.success(t('rule.saved'));
      await rule.refetch();
    }
  }
  async function showPreview() {
    const body = toBody(await form.validateFields());
    const res = await listingActions.preview(storeId!, body);
    if (res.success) {
      setPreview({ ...res.data, rule: body });
      setChosen(res.data.rows.filter((r) => !r.refused).map((r) => r.variantId));
    }
  }
  async function approve() {
    if (!preview) return;
    const rows = preview.rows
      .filter((r) => chosen.includes(r.variantId))
      .map((r) => ({ variantId: r.variantId, newPrice: r.newPrice, compareAtPrice: r.compareAtPrice }));
    const res = await listingActions.approve(storeId!, { rule: preview.rule, rows });
    if (res.success) {
      toast.success(t('rule.approved', { count: res.data.approved }));
      setPreview(null);
      await Promise.all([refresh(), rule.refetch()]);
    }
  }

  if (!stores.length) return null;
  const currency = rule.data?.currency ?? 'USD';
  const money = (n: number | null) => (n === null ? '—' : storeMoney(n, preview?.currency ?? currency, lang));
  const columns: TableColumnsType<RepriceRow> = [
    { title: t('preview.product'), dataIndex: 'title' },
    { title: t('preview.variant'), dataIndex: 'skuName' },
    { title: t('preview.old'), key: 'old', render: (_, r) => money(r.oldPrice) },
    {
      title: t('preview.new'),
      key: 'new',
      render: (_, r) => <strong data-testid="reprice-new">{money(r.newPrice)}</strong>,
    },
    { title: t('preview.compare-at'), key: 'cmp', render: (_, r) => money(r.compareAtPrice) },
    {
      title: t('preview.margin'),
      key: 'margin',
      render: (_, r) =>
        r.refused ? (
          <span className="ls-reason">{t('preview.refused')}</span>
        ) : (
          `${money(r.margin)} (${r.marginPercent} %)`
        ),
    },
  ];

  return (
    <section className="ls-rule" aria-labelledby="ls-rule-title">
      <h2 id="ls-rule-title">{t('rule.title')}</h2>
      <Form form={form} layout="vertical" className="ls-rule-form">
        <Form.Item label={t('rule.store')}>
          <Select
            value={storeId ?? undefined}
            onChange={setStoreId}
            options={stores.map((s) => ({ value: s.id, label: `${s.name} (${s.platform})` }))}
            placeholder={t('rule.choose-store')}
          />
        </Form.Item>
        {rule.data && !rule.data.saved ? <p className="ls-muted">{t('rule.not-saved')}</p> : null}
        <Form.Item name="mode" label={t('rule.mode')}>
          <Radio.Group
            options={(['multiple', 'markup', 'own'] as const).map((m) => ({ value: m, label: t(`rule.modes.${m}`) }))}
          />
        </Form.Item>
        <div className="ls-rule-grid">
          {mode === 'multiple' ? (
            <Form.Item name="multiple" label={t('rule.multiple')}>
              <InputNumber min={0.01} step={0.1} precision={2} aria-label={t('rule.multiple')} />
            </Form.Item>
          ) : null}
          {mode === 'markup' ? (
            <Form.Item name="markup" label={t('rule.markup', { currency })}>
              <InputNumber min={0} step={1} precision={2} />
            </Form.Item>
          ) : null}
          <Form.Item name="centsEnding" label={t('rule.cents-ending')} help={t('rule.cents-ending-help')}>
            <InputNumber min={0} max={99} precision={0} />
          </Form.Item>
          <Form.Item name="compareAtMultiple" label={t('rule.compare-at')} help={t('rule.compare-at-help')}>
            <InputNumber min={1} step={0.1} precision={2} />
          </Form.Item>
          <Form.Item name="minMarginPercent" label={t('rule.min-margin')}>
            <InputNumber min={-100} max={99} precision={2} />
          </Form.Item>
          <Form.Item name="priceTolerancePercent" label={t('rule.tolerance')} help={t('rule.tolerance-help')}>
            <InputNumber min={0} max={100} precision={2} />
          </Form.Item>
          <Form.Item name="currency" label={t('rule.currency')}>
            <Select options={['USD', 'EUR', 'GBP', 'TRY'].map((c) => ({ value: c, label: c }))} />
          </Form.Item>
          <Form.Item name="market" label={t('rule.market')}>
            <Input maxLength={2} style={{ textTransform: 'uppercase' }} />
          </Form.Item>
        </div>
        {rule.data ? (
          <p className="ls-muted">{t('rule.rate', { rate: rule.data.rate, currency: rule.data.currency })}</p>
        ) : null}
        <div className="ls-actions">
          <Button onClick={save}>{t('rule.save')}</Button>
          <Button type="primary" onClick={showPreview}>
            {t('rule.preview')}
          </Button>
        </div>
      </Form>
      {preview ? (
        <div className="ls-preview">
          {preview.rows.length === 0 ? (
            <p className="ls-muted">{t('rule.no-rows')}</p>
          ) : (
            <>
              <Table<RepriceRow>
                rowKey="variantId"
                columns={columns}
                dataSource={preview.rows}
                pagination={false}
                size="small"
                scroll={{ x: 'max-content' }}
                rowSelection={{
                  selectedRowKeys: chosen,
                  onChange: (keys) => setChosen(keys as string[]),
                  getCheckboxProps: (r) => ({ disabled: r.refused }),
                }}
              />
              <Button type="primary" disabled={!chosen.length} onClick={approve} className="ls-approve">
                {t('rule.approve', { count: chosen.length })}
              </Button>
            </>
          )}
        </div>
      ) : null}
    </section>
  );
}
