import { useMemo, useState } from 'react';
import { Button, Form, Modal, Select, TreeSelect, type TableColumnsType } from 'antd';
import { CATEGORY_ICONS, type AdminCategory, type CategoryIcon, type Locale } from '@dsm/contract';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { ServerErrors } from '../shared/admin-page';
import { DecimalInput } from '../shared/decimal-input';
import { AdminListPage } from '../shared/list-page';
import { LocalizedNames } from '../shared/localized-names';
import { compactNames, namesForForm, pickName } from '../shared/names';
import { SEARCH_BY_LABEL, SEARCH_TREE_BY_TITLE, useAdminRules } from '../shared/rules';
import { applyServerErrors } from '../shared/server-errors';
import { categoryTree, subtreeIds, useAdminCategories, useCategoryActions, type CategoryNode } from './categories.api';

interface CategoryValues {
  icon?: CategoryIcon;
  position: number | null;
  names: Record<Locale, string>;
}

type Editing = { mode: 'create'; parent: AdminCategory | null } | { mode: 'edit'; category: AdminCategory };

function CategoryModal({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const lang = useSession((s) => s.lang);
  const rules = useAdminRules();
  const [form] = Form.useForm<CategoryValues>();
  const [saving, setSaving] = useState(false);
  const [orphans, setOrphans] = useState<string[]>([]);
  const actions = useCategoryActions();
  const initial: CategoryValues =
    editing.mode === 'edit'
      ? {
          icon: editing.category.icon as CategoryIcon,
          position: editing.category.position,
          names: namesForForm(editing.category.names),
        }
      : {
          icon: (editing.parent?.icon as CategoryIcon | undefined) ?? undefined,
          position: 0,
          names: namesForForm(undefined),
        };

  async function submit(values: CategoryValues) {
    setSaving(true);
    const body = { icon: values.icon!, position: values.position ?? 0, names: compactNames(values.names) };
    const result =
      editing.mode === 'edit'
        ? await actions.update(editing.category.categoryId, body)
        : await actions.create({ ...body, parentId: editing.parent?.categoryId ?? null });
    setSaving(false);
    if (result.success) {
      toast.success(editing.mode === 'edit' ? t('categories.saved') : t('categories.created'));
      onClose();
    } else setOrphans(applyServerErrors(form, result));
  }

  const title =
    editing.mode === 'edit'
      ? t('categories.edit-title', { name: pickName(editing.category.names, lang) })
      : editing.parent
        ? t('categories.new-sub-title', { name: pickName(editing.parent.names, lang) })
        : t('categories.new-title');

  return (
    <Modal
      open
      title={title}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={640}
    >
      <ServerErrors messages={orphans} />
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(v) => void submit(v)}>
        <LocalizedNames />
        <div className="admin-grid">
          <Form.Item name="icon" label={t('categories.icon')} rules={[rules.required()]}>
            <Select
              showSearch={SEARCH_BY_LABEL}
              options={CATEGORY_ICONS.map((icon) => ({ value: icon, label: t(`icons.${icon}`) }))}
            />
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
      </Form>
    </Modal>
  );
}

function MoveModal({ category, all, onClose }: { category: AdminCategory; all: AdminCategory[]; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const lang = useSession((s) => s.lang);
  const [form] = Form.useForm<{ parentId?: number }>();
  const [saving, setSaving] = useState(false);
  const [orphans, setOrphans] = useState<string[]>([]);
  const actions = useCategoryActions();
  // A category cannot go under itself or anything below it.
  const tree = useMemo(() => {
    const blocked = subtreeIds(all, category.categoryId);
    const mark = (nodes: CategoryNode[]): CategoryNode[] =>
      nodes.map((n) => ({ ...n, disabled: blocked.has(n.value), children: n.children ? mark(n.children) : undefined }));
    return mark(categoryTree(all, lang));
  }, [all, category.categoryId, lang]);

  async function submit(values: { parentId?: number }) {
    setSaving(true);
    const result = await actions.move(category.categoryId, { parentId: values.parentId ?? null });
    setSaving(false);
    if (result.success) {
      toast.success(t('categories.moved'));
      onClose();
    } else setOrphans(applyServerErrors(form, result));
  }

  return (
    <Modal
      open
      title={t('categories.move-title', { name: pickName(category.names, lang) })}
      okText={t('categories.move')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <ServerErrors messages={orphans} />
      <Form
        form={form}
        layout="vertical"
        initialValues={{ parentId: category.parentId ?? undefined }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item name="parentId" label={t('categories.parent')} extra={t('categories.parent-hint')}>
          <TreeSelect
            treeData={tree}
            allowClear
            placeholder={t('categories.top-level')}
            showSearch={SEARCH_TREE_BY_TITLE}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /admin/categories: the category tree; create, rename per language, move, delete when empty. */
export default function CategoriesPage() {
  const { t } = useTranslation('admin');
  const lang = useSession((s) => s.lang);
  const categories = useAdminCategories();
  const actions = useCategoryActions();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [moving, setMoving] = useState<AdminCategory | null>(null);
  const all = useMemo(() => categories.data ?? [], [categories.data]);
  const tree = useMemo(() => categoryTree(all, lang), [all, lang]);

  const columns: TableColumnsType<CategoryNode> = [
    {
      title: t('categories.name'),
      key: 'name',
      render: (_, n) => (
        <span>
          {n.title || <em>{t('categories.unnamed')}</em>}
          <span className="admin-muted"> #{n.category.categoryId}</span>
        </span>
      ),
    },
    {
      title: t('categories.icon'),
      key: 'icon',
      render: (_, n) => t(`icons.${n.category.icon}`, { defaultValue: n.category.icon }),
    },
    { title: t('categories.products'), key: 'count', align: 'right', render: (_, n) => n.category.productCount },
    { title: t('form.position'), key: 'position', align: 'right', render: (_, n) => n.category.position },
  ];

  return (
    <>
      <AdminListPage<CategoryNode>
        title={t('routes:admin-categories')}
        intro={t('categories.intro')}
        actions={
          <Button type="primary" onClick={() => setEditing({ mode: 'create', parent: null })}>
            {t('categories.new')}
          </Button>
        }
        rowKey="key"
        columns={columns}
        query={{ ...categories, data: tree }}
        paging={false}
        table={{ size: 'middle' }}
        rowName={(n) => n.title}
        // Edit and add-below open the page's own dialog: a new category may go under a parent.
        rowActions={(n) => (
          <>
            <Button
              size="small"
              onClick={() => setEditing({ mode: 'edit', category: n.category })}
              aria-label={t('actions.edit-named', { name: n.title })}
            >
              {t('actions.edit')}
            </Button>
            <Button
              size="small"
              onClick={() => setEditing({ mode: 'create', parent: n.category })}
              aria-label={t('categories.add-sub-named', { name: n.title })}
            >
              {t('categories.add-sub')}
            </Button>
            <Button
              size="small"
              onClick={() => setMoving(n.category)}
              aria-label={t('categories.move-named', { name: n.title })}
            >
              {t('categories.move')}
            </Button>
          </>
        )}
        remove={{
          question: (name) => t('categories.delete-title', { name }),
          run: (n) => actions.remove(n.category.categoryId),
          done: (name) => t('categories.deleted', { name }),
          blocked: (n) => (!n.children?.length && n.category.productCount === 0 ? null : t('categories.not-empty')),
        }}
      />
      {editing ? <CategoryModal editing={editing} onClose={() => setEditing(null)} /> : null}
      {moving ? <MoveModal category={moving} all={all} onClose={() => setMoving(null)} /> : null}
    </>
  );
}
