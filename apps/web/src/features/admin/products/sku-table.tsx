import type { ReactNode } from 'react';
import { Button, Form, Input, Select, Table } from 'antd';
import type { AdminSpec } from '@dsm/contract';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { DecimalInput, MoneyInput } from '../shared/decimal-input';
import { pickName } from '../shared/names';
import { SEARCH_BY_LABEL, useAdminRules } from '../shared/rules';
import { useAdminWarehouses } from '../logistics/logistics.api';
import { propertyLabel } from './products.api';
import { MAX_SKUS, SKU_CODE, emptySku, type ProductFormValues, type SkuRow } from './product-form.model';

interface Row {
  key: number;
  name: number;
}

/** The variants: one row each with code, spec values, prices, weight, size, stock and picture. */
export function SkuTable({ properties }: { properties: AdminSpec[] }) {
  const { t } = useTranslation('admin');
  const lang = useSession((s) => s.lang);
  const rules = useAdminRules();
  const form = Form.useFormInstance<ProductFormValues>();
  // The operator's warehouses: a SKU may keep its stock in one other than its product's.
  const warehouses = useAdminWarehouses();
  const specCodes: string[] = Form.useWatch('specCodes', form) ?? [];
  const imgs: string[] = Form.useWatch('imgs', form) ?? [];
  const specs = specCodes
    .map((code) => properties.find((p) => p.code === code))
    .filter((p): p is AdminSpec => Boolean(p));

  const label = (field: string, n: number) => t('skus.cell-label', { field, n });

  const cell = (render: (row: Row, n: number) => ReactNode, title: string, width?: number) => ({
    title,
    key: title,
    width,
    render: (_: unknown, row: Row, index: number) => render(row, index + 1),
  });

  const uniqueCode = {
    validator: (_: unknown, value: string | undefined) => {
      const code = value?.trim().toUpperCase();
      if (!code) return Promise.resolve();
      const rows: SkuRow[] = form.getFieldValue('skus') ?? [];
      const same = rows.filter((r) => r?.skuCode?.trim().toUpperCase() === code).length;
      return same > 1 ? Promise.reject(new Error(t('skus.code-duplicate'))) : Promise.resolve();
    },
  };

  return (
    <Form.List
      name="skus"
      rules={[
        {
          validator: (_, rows: SkuRow[] | undefined) =>
            rows?.length ? Promise.resolve() : Promise.reject(new Error(t('skus.required'))),
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => {
        const columns = [
          cell((_, n) => <span className="admin-sku-n">{n}</span>, '#', 40),
          cell(
            (row, n) => (
              <Form.Item
                className="admin-sku-code"
                name={[row.name, 'skuCode']}
                rules={[
                  rules.requiredText(t('skus.code-required')),
                  { pattern: SKU_CODE, message: t('skus.code-format') },
                  rules.max(64),
                  uniqueCode,
                ]}
              >
                <Input aria-label={label(t('skus.code'), n)} maxLength={64} autoComplete="off" />
              </Form.Item>
            ),
            t('skus.code'),
            150,
          ),
          ...specs.map((property) =>
            cell(
              (row, n) => (
                <Form.Item name={[row.name, 'spec', property.code]} rules={[rules.required(t('skus.spec-required'))]}>
                  <Select
                    aria-label={label(propertyLabel(property, properties, lang), n)}
                    showSearch={SEARCH_BY_LABEL}
                    allowClear
                    popupMatchSelectWidth={false}
                    options={property.values.map((v) => ({ value: v.code, label: pickName(v.names, lang) || v.code }))}
                  />
                </Form.Item>
              ),
              propertyLabel(property, properties, lang),
              130,
            ),
          ),
          cell(
            (row, n) => (
              <Form.Item
                name={[row.name, 'price']}
                rules={[rules.required(t('skus.price-required')), rules.positive(), rules.decimals(2)]}
              >
                <MoneyInput aria-label={label(t('skus.price'), n)} />
              </Form.Item>
            ),
            t('skus.price'),
            120,
          ),
          cell(
            (row, n) => (
              <Form.Item name={[row.name, 'oriPrice']} rules={[rules.decimals(2)]}>
                <MoneyInput aria-label={label(t('skus.ori-price'), n)} />
              </Form.Item>
            ),
            t('skus.ori-price'),
            120,
          ),
          cell(
            (row, n) => (
              <Form.Item
                name={[row.name, 'weight']}
                rules={[
                  rules.required(t('skus.weight-required')),
                  rules.positive(),
                  rules.decimals(3),
                  rules.range(0, 1000),
                ]}
              >
                <DecimalInput decimals={3} suffix="kg" aria-label={label(t('skus.weight'), n)} />
              </Form.Item>
            ),
            t('skus.weight'),
            110,
          ),
          ...(['length', 'width', 'height'] as const).map((side) =>
            cell(
              (row, n) => (
                <Form.Item name={[row.name, side]} rules={[rules.decimals(1), rules.range(0, 1000)]}>
                  <DecimalInput decimals={1} suffix="cm" aria-label={label(t(`skus.${side}`), n)} />
                </Form.Item>
              ),
              t(`skus.${side}`),
              100,
            ),
          ),
          cell(
            (row, n) => (
              <Form.Item
                name={[row.name, 'stocks']}
                rules={[rules.required(t('skus.stock-required')), rules.range(0, 100_000_000)]}
              >
                <DecimalInput decimals={0} aria-label={label(t('skus.stock'), n)} />
              </Form.Item>
            ),
            t('skus.stock'),
            100,
          ),
          cell(
            (row, n) => (
              <Form.Item name={[row.name, 'warehouse']}>
                <Select
                  aria-label={label(t('skus.warehouse'), n)}
                  allowClear
                  placeholder={t('skus.warehouse-product')}
                  popupMatchSelectWidth={false}
                  loading={warehouses.isLoading}
                  options={(warehouses.data ?? []).map((w) => ({
                    value: w.code,
                    label: `${pickName(w.names, lang) || w.code} (${w.code})`,
                  }))}
                />
              </Form.Item>
            ),
            t('skus.warehouse'),
            150,
          ),
          cell(
            (row, n) => (
              <Form.Item name={[row.name, 'pic']}>
                <Select
                  aria-label={label(t('skus.image'), n)}
                  allowClear
                  placeholder={t('skus.image-none')}
                  popupMatchSelectWidth={false}
                  options={imgs.map((url, i) => ({
                    value: url,
                    label: (
                      <span className="admin-sku-pic">
                        <img src={url} alt="" />
                        {t('images.alt', { n: i + 1 })}
                      </span>
                    ),
                  }))}
                />
              </Form.Item>
            ),
            t('skus.image'),
            150,
          ),
          cell(
            (row, n) => (
              <Button
                danger
                aria-label={t('skus.remove', { n })}
                onClick={() => remove(row.name)}
                disabled={fields.length <= 1}
              >
                ×
              </Button>
            ),
            t('skus.actions'),
            60,
          ),
        ];
        return (
          <>
            <Table<Row>
              className="admin-sku-table"
              dataSource={fields.map((f) => ({ key: f.key, name: f.name }))}
              columns={columns}
              pagination={false}
              size="small"
              scroll={{ x: 'max-content' }}
              rowKey="key"
            />
            <Form.ErrorList errors={errors} />
            <Button
              className="admin-add-row"
              onClick={() => add(emptySku(form.getFieldValue(['skus', fields.length - 1])))}
              disabled={fields.length >= MAX_SKUS}
            >
              {t('skus.add')}
            </Button>
          </>
        );
      }}
    </Form.List>
  );
}
