import { useState } from 'react';
import { Button, Form, Input, Select, Tag, type TableColumnsType } from 'antd';
import type { AdminPriceDifference } from '@dsm/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/money';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import {
  type AdminDifferenceFilter,
  STATE_COLOURS,
  useAdminPriceDifferences,
  usePriceDifferenceWrites,
} from '../../../lib/price-differences';
import { ServerErrors } from '../shared/admin-page';
import { useConfirm } from '../shared/confirm';
import { AdminListPage } from '../shared/list-page';
import { useAdminRules } from '../shared/rules';
import { applyServerErrors } from '../shared/server-errors';
import { AmountAndReason } from './raise-price-difference-dialog';

interface Values {
  orderNumber: string;
  amount: number | null;
  reason: string;
}

/**
 * /admin/price-differences (decision 0089): raise a difference by order number, and every
 * difference with its user, due first; a due one may be cancelled (the order goes on).
 */
export default function PriceDifferencesPage() {
  const { t } = useTranslation('pricing');
  const lang = useSession((s) => s.lang);
  const usd = (amount: number) => formatMoney(amount, null, lang);
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
  const rules = useAdminRules();
  const [filter, setFilter] = useState<AdminDifferenceFilter>({ state: 'all', current: 1, size: 20 });
  const list = useAdminPriceDifferences(filter);
  const writes = usePriceDifferenceWrites();
  const [confirm, holder] = useConfirm();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [orphans, setOrphans] = useState<string[]>([]);

  async function raise(values: Values) {
    setSaving(true);
    const result = await writes
      .raiseByNumber({ orderNumber: values.orderNumber, amount: values.amount!, reason: values.reason })
      .finally(() => setSaving(false));
    if (result.success) {
      setOrphans([]);
      toast.success(t('admin.raised', { number: result.data.orderNumber }));
      form.resetFields();
    } else {
      setOrphans(applyServerErrors(form, result));
    }
  }

  async function cancel(d: AdminPriceDifference) {
    if (
      !(await confirm({
        title: t('admin.cancel-confirm', { number: d.orderNumber }),
        danger: true,
        okText: t('admin.cancel'),
      }))
    )
      return;
    const result = await writes.cancel(d.id);
    if (result.success) toast.success(t('admin.cancelled', { number: d.orderNumber }));
  }

  const columns: TableColumnsType<AdminPriceDifference> = [
    { title: t('fill.order'), key: 'order', render: (_, d) => <strong>{d.orderNumber}</strong> },
    { title: t('admin.user'), key: 'user', render: (_, d) => d.userEmail },
    { title: t('fill.amount'), key: 'amount', align: 'right', render: (_, d) => usd(d.amount) },
    {
      title: t('fill.reason'),
      key: 'reason',
      render: (_, d) => (
        <span style={{ display: 'inline-block', maxWidth: 320, whiteSpace: 'normal' }}>{d.reason}</span>
      ),
    },
    {
      title: t('fill.state'),
      key: 'state',
      render: (_, d) => <Tag color={STATE_COLOURS[d.state]}>{t(`states.${d.state}`)}</Tag>,
    },
    { title: t('fill.created'), key: 'created', render: (_, d) => date.format(new Date(d.createdAt)) },
  ];

  return (
    <AdminListPage<AdminPriceDifference>
      title={t('routes:admin-price-differences')}
      intro={t('admin.intro')}
      before={
        <>
          {holder}
          <ServerErrors messages={orphans} />
          <Form<Values>
            form={form}
            layout="vertical"
            onFinish={(v) => void raise(v)}
            initialValues={{ orderNumber: '', amount: null, reason: '' }}
            style={{ maxWidth: 520 }}
          >
            <Form.Item name="orderNumber" label={t('admin.order-number')} rules={[rules.requiredText(), rules.max(20)]}>
              <Input placeholder="O00000042" style={{ width: 200 }} />
            </Form.Item>
            <AmountAndReason rules={rules} />
            <Form.Item>
              <Button type="primary" htmlType="submit" loading={saving}>
                {t('admin.raise')}
              </Button>
            </Form.Item>
          </Form>
        </>
      }
      filters={
        <>
          <Select
            aria-label={t('admin.filter')}
            value={filter.state}
            style={{ width: 160 }}
            onChange={(state) => setFilter({ ...filter, state, current: 1 })}
            options={(['all', 'due', 'paid', 'cancelled'] as const).map((s) => ({
              value: s,
              label: t(`fill.tabs.${s}`),
            }))}
          />
          <Input.Search
            aria-label={t('admin.search')}
            placeholder={t('admin.search')}
            allowClear
            style={{ width: 220 }}
            onSearch={(orderNumber) =>
              setFilter({ ...filter, orderNumber: orderNumber.trim() || undefined, current: 1 })
            }
          />
        </>
      }
      rowKey="id"
      columns={columns}
      query={{ ...list, isFetching: list.isPending }}
      paging={{
        current: filter.current,
        size: filter.size,
        sizeChanger: 'over-50',
        onChange: (current, size) => setFilter({ ...filter, current, size }),
      }}
      rowName={(d) => d.orderNumber}
      // Only a due difference can be cancelled; the order goes on without it.
      rowActions={(d) =>
        d.state === 'due' ? (
          <Button
            size="small"
            danger
            onClick={() => void cancel(d)}
            aria-label={t('admin.cancel-label', { number: d.orderNumber })}
          >
            {t('admin.cancel')}
          </Button>
        ) : null
      }
    />
  );
}
