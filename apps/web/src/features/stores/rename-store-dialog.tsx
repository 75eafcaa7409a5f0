import { useState } from 'react';
import { STORE_NAME_MAX, type Store } from '@dsm/contract';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { applyServerErrors } from '../../lib/form-errors';
import { storeActions, useRefreshStores } from './stores.api';

/** Renames a store (PATCH /api/p/stores/:id); the server's field error shows under the field. */
export function RenameStoreDialog({ store, onClose }: { store: Store; onClose: () => void }) {
  const { t } = useTranslation('stores');
  const [form] = Form.useForm<{ name: string }>();
  const refresh = useRefreshStores();
  const [saving, setSaving] = useState(false);

  async function save({ name }: { name: string }) {
    setSaving(true);
    try {
      const res = await storeActions.update(store.id, { name: name.trim() });
      if (!res.success) {
        applyServerErrors(form, res);
        return;
      }
      toast.success(t('card.saved'));
      await refresh();
      onClose();
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      title={t('rename.title')}
      okText={t('rename.save')}
      cancelText={t('card.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: store.name }}
        onFinish={(v) => void save(v)}
        requiredMark={false}
      >
        <Form.Item
          name="name"
          label={t('rename.name')}
          rules={[{ required: true, whitespace: true, message: t('form.name-required') }]}
        >
          <Input maxLength={STORE_NAME_MAX} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
