import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Table, type TableColumnsType } from 'antd';
import { LOCALES, type AdminTag, type Locale } from '@dsm/contract';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { AdminPage, ServerErrors } from '../shared/admin-page';
import { DecimalInput } from '../shared/decimal-input';
import { LocalizedNames } from '../shared/localized-names';
import { compactNames, namesForForm, pickName } from '../shared/names';
import { useAdminRules } from '../shared/rules';
import { applyServerErrors } from '../shared/server-errors';
import { useAdminTags, useSaveTag } from './tags.api';

interface TagValues {
  code: string;
  position: number | null;
  names: Record<Locale, string>;
}

function TagModal({ tag, onClose }: { tag: AdminTag | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const lang = useSession((s) => s.lang);
  const rules = useAdminRules();
  const [form] = Form.useForm<TagValues>();
  const [saving, setSaving] = useState(false);
  const [orphans, setOrphans] = useState<string[]>([]);
  const save = useSaveTag();

  async function submit(values: TagValues) {
    setSaving(true);
    const result = await save(tag?.tagId ?? null, {
      code: values.code.trim().toLowerCase(),
      position: values.position ?? 0,
      names: compactNames(values.names),
    });
    setSaving(false);
    if (result.success) {
      toast.success(tag ? t('tags.saved') : t('tags.created'));
      onClose();
    } else setOrphans(applyServerErrors(form, result));
  }

  return (
    <Modal
      open
      title={tag ? t('tags.edit-title', { name: pickName(tag.names, lang) || tag.code }) : t('tags.new-title')}
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
        initialValues={{ code: tag?.code ?? '', position: tag?.position ?? 0, names: namesForForm(tag?.names) }}
        onFinish={(v) => void submit(v)}
      >
        <div className="admin-grid">
          <Form.Item
            name="code"
            label={t('tags.code')}
            extra={t('tags.code-hint')}
            rules={[rules.requiredText(), { pattern: /^[a-zA-Z0-9][a-zA-Z0-9-]{0,39}$/, message: t('tags.code-format') }]}
          >
            <Input disabled={Boolean(tag)} maxLength={40} autoComplete="off" />
          </Form.Item>
          <Form.Item name="position" label={t('form.position')} extra={t('form.position-hint')} rules={[rules.range(0, 100_000)]}>
            <DecimalInput decimals={0} />
          </Form.Item>
        </div>
        <LocalizedNames />
      </Form>
    </Modal>
  );
}

/** /admin/tags: product tags (new, trending…) with their names in each language. */
export default function TagsPage() {
  const { t } = useTranslation('admin');
  const lang = useSession((s) => s.lang);
  const tags = useAdminTags();
  const [editing, setEditing] = useState<AdminTag | 'new' | null>(null);

  const columns: TableColumnsType<AdminTag> = [
    { title: t('tags.name'), key: 'name', render: (_, tag) => pickName(tag.names, lang) },
    { title: t('tags.code'), dataIndex: 'code' },
    {
      title: t('tags.languages'),
      key: 'languages',
      render: (_, tag) => LOCALES.filter((l) => tag.names[l]).map((l) => t(`common:languages.${l}`)).join(', '),
    },
    { title: t('tags.products'), dataIndex: 'productCount', align: 'right' },
    { title: t('form.position'), dataIndex: 'position', align: 'right' },
    {
      title: t('actions.label'),
      key: 'actions',
      render: (_, tag) => (
        <Button size="small" onClick={() => setEditing(tag)} aria-label={t('actions.edit-named', { name: pickName(tag.names, lang) || tag.code })}>
          {t('actions.edit')}
        </Button>
      ),
    },
  ];

  return (
    <AdminPage
      title={t('routes:admin-tags')}
      intro={t('tags.intro')}
      actions={
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('tags.new')}
        </Button>
      }
    >
      {tags.isError ? <Alert type="error" showIcon title={t('form.load-failed')} /> : null}
      <Table<AdminTag>
        rowKey="tagId"
        columns={columns}
        dataSource={tags.data ?? []}
        loading={tags.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      {editing ? <TagModal tag={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </AdminPage>
  );
}
