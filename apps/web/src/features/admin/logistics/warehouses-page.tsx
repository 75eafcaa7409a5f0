import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Select, Switch, Table, Tag, type TableColumnsType } from 'antd';
import type { AdminWarehouse, Locale } from '@dsm/contract';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { AdminPage, ServerErrors } from '../shared/admin-page';
import { useConfirm } from '../shared/confirm';
import { DecimalInput } from '../shared/decimal-input';
import { LocalizedNames } from '../shared/localized-names';
import { compactNames, namesForForm, pickName } from '../shared/names';
import { SEARCH_BY_LABEL, useAdminRules } from '../shared/rules';
import { applyServerErrors } from '../shared/server-errors';
import { useCountries } from '../../../lib/countries';
import { useAdminWarehouses, useLogisticsActions } from './logistics.api';

interface WarehouseValues {
  code: string;
  country?: string;
  names: Record<Locale, string>;
  active: boolean;
  position: number | null;
}

function WarehouseModal({ warehouse, onClose }: { warehouse: AdminWarehouse | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const lang = useSession((s) => s.lang);
  const rules = useAdminRules();
  const [form] = Form.useForm<WarehouseValues>();
  const [saving, setSaving] = useState(false);
  const [orphans, setOrphans] = useState<string[]>([]);
  const countries = useCountries();
  const { saveWarehouse } = useLogisticsActions();

  async function submit(values: WarehouseValues) {
    setSaving(true);
    const result = await saveWarehouse(warehouse?.code ?? null, {
      code: values.code.trim(),
      country: values.country!,
      names: compactNames(values.names),
      active: values.active,
      position: values.position ?? 0,
    });
    setSaving(false);
    if (result.success) {
      toast.success(warehouse ? t('warehouses.saved') : t('warehouses.created'));
      onClose();
    } else setOrphans(applyServerErrors(form, result));
  }

  return (
    <Modal
      open
      title={warehouse ? t('warehouses.edit-title', { name: pickName(warehouse.names, lang) }) : t('warehouses.new-title')}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={640}
    >
      <ServerErrors messages={orphans} />
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          code: warehouse?.code ?? '',
          country: warehouse?.country,
          names: namesForForm(warehouse?.names),
          active: warehouse?.active ?? true,
          position: warehouse?.position ?? 0,
        }}
        onFinish={(v) => void submit(v)}
      >
        <div className="admin-grid">
          <Form.Item
            name="code"
            label={t('warehouses.code')}
            extra={warehouse ? undefined : t('warehouses.code-hint')}
            rules={[rules.requiredText(), { pattern: /^[A-Za-z]{2,8}$/, message: t('warehouses.code-format') }]}
          >
            <Input disabled={Boolean(warehouse)} maxLength={8} autoComplete="off" />
          </Form.Item>
          <Form.Item name="country" label={t('warehouses.country')} rules={[rules.required()]}>
            <Select
              showSearch={SEARCH_BY_LABEL}
              loading={countries.isLoading}
              options={(countries.data ?? []).map((c) => ({ value: c.code, label: `${c.name} (${c.code})` }))}
            />
          </Form.Item>
        </div>
        <LocalizedNames />
        <div className="admin-grid">
          <Form.Item name="position" label={t('form.position')} rules={[rules.range(0, 1000)]}>
            <DecimalInput decimals={0} />
          </Form.Item>
          <Form.Item name="active" label={t('warehouses.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}

/** /admin/warehouses: where goods ship from (the calculator's "from"). */
export default function WarehousesPage() {
  const { t } = useTranslation('admin');
  const lang = useSession((s) => s.lang);
  const warehouses = useAdminWarehouses();
  const countries = useCountries();
  const [editing, setEditing] = useState<AdminWarehouse | 'new' | null>(null);
  const countryName = (code: string) => countries.data?.find((c) => c.code === code)?.name ?? code;
  const { deleteWarehouse } = useLogisticsActions();
  const [confirm, holder] = useConfirm();

  // A warehouse still in use is refused by the server, whose reason shows as a warning.
  async function onDelete(w: AdminWarehouse) {
    const name = pickName(w.names, lang) || w.code;
    if (!(await confirm({ title: t('warehouses.delete-title', { name }), okText: t('actions.delete'), danger: true }))) return;
    const result = await deleteWarehouse(w.code);
    if (result.success) toast.success(t('warehouses.deleted'));
  }

  const columns: TableColumnsType<AdminWarehouse> = [
    { title: t('warehouses.name'), key: 'name', render: (_, w) => pickName(w.names, lang) },
    { title: t('warehouses.code'), dataIndex: 'code' },
    { title: t('warehouses.country'), key: 'country', render: (_, w) => countryName(w.country) },
    {
      title: t('warehouses.active'),
      key: 'active',
      render: (_, w) => <Tag color={w.active ? 'green' : 'default'}>{w.active ? t('shipping.on') : t('shipping.off')}</Tag>,
    },
    { title: t('form.position'), dataIndex: 'position', align: 'right' },
    {
      title: t('actions.label'),
      key: 'actions',
      // Stays in view when the other columns are wider than the console (decision 0066).
      fixed: 'end',
      render: (_, w) => (
        <div className="admin-row-actions">
          <Button size="small" onClick={() => setEditing(w)} aria-label={t('actions.edit-named', { name: pickName(w.names, lang) })}>
            {t('actions.edit')}
          </Button>
          <Button size="small" danger onClick={() => void onDelete(w)} aria-label={t('actions.delete-named', { name: pickName(w.names, lang) || w.code })}>
            {t('actions.delete')}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <AdminPage
      title={t('routes:admin-warehouses')}
      intro={t('warehouses.intro')}
      actions={
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('warehouses.new')}
        </Button>
      }
    >
      {holder}
      {warehouses.isError ? <Alert type="error" showIcon title={t('form.load-failed')} /> : null}
      <Table<AdminWarehouse>
        rowKey="code"
        columns={columns}
        dataSource={[...(warehouses.data ?? [])].sort((a, b) => a.position - b.position)}
        loading={warehouses.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      {editing ? <WarehouseModal warehouse={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </AdminPage>
  );
}
