import { Form, Input, type TableColumnsType } from 'antd';
import { LOCALES, type AdminTag, type Locale } from '@dsm/contract';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { DecimalInput } from '../shared/decimal-input';
import { AdminListPage, type ListEditor } from '../shared/list-page';
import { LocalizedNames } from '../shared/localized-names';
import { compactNames, namesForForm, pickName } from '../shared/names';
import { useAdminRules } from '../shared/rules';
import { useAdminTags, useSaveTag } from './tags.api';

interface TagValues {
  code: string;
  position: number | null;
  names: Record<Locale, string>;
}

function TagFields({ tag }: { tag: AdminTag | null }) {
  const { t } = useTranslation('admin');
  const rules = useAdminRules();
  return (
    <>
      <div className="admin-grid">
        <Form.Item
          name="code"
          label={t('tags.code')}
          extra={t('tags.code-hint')}
          rules={[rules.requiredText(), { pattern: /^[a-zA-Z0-9][a-zA-Z0-9-]{0,39}$/, message: t('tags.code-format') }]}
        >
          <Input disabled={Boolean(tag)} maxLength={40} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="position"
          label={t('form.position')}
          extra={t('form.position-hint')}
          rules={[rules.range(0, 100_000)]}
        >
          <DecimalInput decimals={0} />
        </Form.Item>
      </div>
      <LocalizedNames />
    </>
  );
}

/** /admin/tags: product tags (new, trending…) with their names in each language. */
export default function TagsPage() {
  const { t } = useTranslation('admin');
  const lang = useSession((s) => s.lang);
  const tags = useAdminTags();
  const save = useSaveTag();
  const nameOf = (tag: AdminTag) => pickName(tag.names, lang) || tag.code;

  const columns: TableColumnsType<AdminTag> = [
    { title: t('tags.name'), key: 'name', render: (_, tag) => pickName(tag.names, lang) },
    { title: t('tags.code'), dataIndex: 'code' },
    {
      title: t('tags.languages'),
      key: 'languages',
      render: (_, tag) =>
        LOCALES.filter((l) => tag.names[l])
          .map((l) => t(`common:languages.${l}`))
          .join(', '),
    },
    { title: t('tags.products'), dataIndex: 'productCount', align: 'right' },
    { title: t('form.position'), dataIndex: 'position', align: 'right' },
  ];

  const editor: ListEditor<AdminTag, TagValues> = {
    title: (tag) => (tag ? t('tags.edit-title', { name: nameOf(tag) }) : t('tags.new-title')),
    initialValues: (tag) => ({ code: tag?.code ?? '', position: tag?.position ?? 0, names: namesForForm(tag?.names) }),
    fields: ({ row }) => <TagFields tag={row} />,
    submit: (values, tag) =>
      save(tag?.tagId ?? null, {
        code: values.code.trim().toLowerCase(),
        position: values.position ?? 0,
        names: compactNames(values.names),
      }),
    saved: (tag) => (tag ? t('tags.saved') : t('tags.created')),
  };

  return (
    <AdminListPage<AdminTag, TagValues>
      title={t('routes:admin-tags')}
      intro={t('tags.intro')}
      newLabel={t('tags.new')}
      rowKey="tagId"
      columns={columns}
      query={tags}
      search={(tag, word) =>
        tag.code.includes(word) || Object.values(tag.names).some((n) => n?.toLowerCase().includes(word))
      }
      rowName={nameOf}
      editor={editor}
    />
  );
}
