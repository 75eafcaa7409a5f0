import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Switch, Table, Tag, type TableColumnsType } from 'antd';
import { LOCALES, type AdminNotice, type Locale, type SaveNoticeBody } from '@dsm/contract';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { AdminPage, ServerErrors } from '../shared/admin-page';
import { useConfirm } from '../shared/confirm';
import { HtmlPreview } from '../shared/html-preview';
import { LocaleTabs } from '../shared/locale-tabs';
import { pickName } from '../shared/names';
import { useAdminRules } from '../shared/rules';
import { applyServerErrors, firstErrorLocale, type NamePath } from '../shared/server-errors';
import { useAdminNotices, useNoticeActions } from './notices.api';

interface NoticeValues {
  pinned: boolean;
  text: Record<Locale, { title: string; body: string }>;
}

function titleOf(notice: AdminNotice, lang: Locale): string {
  return pickName(Object.fromEntries(Object.entries(notice.text).map(([l, v]) => [l, v.title])), lang);
}

function NoticeBody({ locale }: { locale: Locale }) {
  const { t } = useTranslation('admin');
  const rules = useAdminRules();
  const [preview, setPreview] = useState(false);
  return (
    <div lang={locale}>
      <Form.Item
        name={['text', locale, 'title']}
        label={t('notices.title')}
        rules={
          locale === 'en-US'
            ? [rules.requiredText(t('notices.title-required')), rules.max(200)]
            : [
                rules.max(200),
                ({ getFieldValue }) => ({
                  validator: (_, value?: string) =>
                    !value?.trim() && String(getFieldValue(['text', locale, 'body']) ?? '').trim()
                      ? Promise.reject(new Error(t('notices.title-needed')))
                      : Promise.resolve(),
                }),
              ]
        }
      >
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name={['text', locale, 'body']} label={t('notices.body')} extra={t('form.html-hint')} rules={[rules.max(100_000)]}>
        <Input.TextArea rows={6} className="admin-code" spellCheck={false} />
      </Form.Item>
      <Button onClick={() => setPreview((v) => !v)} aria-expanded={preview}>
        {preview ? t('form.hide-preview') : t('form.show-preview')}
      </Button>
      {preview ? (
        <Form.Item noStyle shouldUpdate>
          {(form) => (
            <HtmlPreview lang={locale} title={form.getFieldValue(['text', locale, 'title'])} html={form.getFieldValue(['text', locale, 'body']) ?? ''} />
          )}
        </Form.Item>
      ) : null}
    </div>
  );
}

function NoticeModal({ notice, onClose }: { notice: AdminNotice | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<NoticeValues>();
  const [tab, setTab] = useState<Locale>('en-US');
  const [saving, setSaving] = useState(false);
  const [orphans, setOrphans] = useState<string[]>([]);
  const { save } = useNoticeActions();

  const initial: NoticeValues = {
    pinned: notice?.pinned ?? false,
    text: Object.fromEntries(LOCALES.map((l) => [l, { title: notice?.text[l]?.title ?? '', body: notice?.text[l]?.body ?? '' }])) as NoticeValues['text'],
  };

  function reveal(names: NamePath[]) {
    const locale = firstErrorLocale(names, 'text', LOCALES);
    if (locale) setTab(locale);
  }

  async function submit(values: NoticeValues) {
    const text: Partial<Record<Locale, { title: string; body: string }>> = {};
    for (const l of LOCALES) {
      const entry = values.text[l];
      if (entry?.title.trim() || entry?.body.trim()) text[l] = { title: entry.title.trim(), body: entry.body };
    }
    setSaving(true);
    // publishedAt is left out: a new notice is published now, an edited one keeps its date.
    const result = await save(notice?.id ?? null, { pinned: values.pinned, text: text as SaveNoticeBody['text'] });
    setSaving(false);
    if (result.success) {
      toast.success(notice ? t('notices.saved') : t('notices.created'));
      onClose();
      return;
    }
    setOrphans(applyServerErrors(form, result, (path) => (path[0] === 'text' && path.length === 2 ? ['text', path[1]!, 'title'] : path)));
    reveal(form.getFieldsError().filter((f) => f.errors.length).map((f) => f.name as NamePath));
  }

  return (
    <Modal
      open
      title={notice ? t('notices.edit-title') : t('notices.new-title')}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={760}
    >
      <ServerErrors messages={orphans} />
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(v) => void submit(v)}
        onFinishFailed={({ errorFields }) => reveal(errorFields.map((f) => f.name as NamePath))}
      >
        <Form.Item name="pinned" label={t('notices.pinned')} extra={t('notices.pinned-hint')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <LocaleTabs prefix="text" activeKey={tab} onChange={setTab}>
          {(locale) => <NoticeBody locale={locale} />}
        </LocaleTabs>
      </Form>
    </Modal>
  );
}

/** /admin/notices: announcements at the top of the storefront, pinned first. */
export default function NoticesPage() {
  const { t } = useTranslation('admin');
  const lang = useSession((s) => s.lang);
  const [page, setPage] = useState({ current: 1, size: 10 });
  const notices = useAdminNotices(page.current, page.size);
  const { remove } = useNoticeActions();
  const [confirm, holder] = useConfirm();
  const [editing, setEditing] = useState<AdminNotice | 'new' | null>(null);
  const dateFormat = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });

  async function onDelete(notice: AdminNotice) {
    const name = titleOf(notice, lang);
    if (!(await confirm({ title: t('notices.delete-title', { name }), okText: t('actions.delete'), danger: true }))) return;
    const result = await remove(notice.id);
    if (result.success) toast.success(t('notices.deleted'));
  }

  const columns: TableColumnsType<AdminNotice> = [
    { title: t('notices.title'), key: 'title', render: (_, n) => titleOf(n, lang) },
    {
      title: t('notices.pinned'),
      key: 'pinned',
      render: (_, n) => (n.pinned ? <Tag color="blue">{t('notices.pinned-tag')}</Tag> : <span className="admin-muted">—</span>),
    },
    {
      title: t('notices.languages'),
      key: 'languages',
      render: (_, n) => LOCALES.filter((l) => n.text[l]).map((l) => t(`common:languages.${l}`)).join(', '),
    },
    { title: t('notices.published-at'), key: 'publishedAt', render: (_, n) => dateFormat.format(new Date(n.publishedAt)) },
    {
      title: t('actions.label'),
      key: 'actions',
      render: (_, n) => (
        <div className="admin-row-actions">
          <Button size="small" onClick={() => setEditing(n)} aria-label={t('actions.edit-named', { name: titleOf(n, lang) })}>
            {t('actions.edit')}
          </Button>
          <Button size="small" danger onClick={() => void onDelete(n)} aria-label={t('actions.delete-named', { name: titleOf(n, lang) })}>
            {t('actions.delete')}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <AdminPage
      title={t('routes:admin-notices')}
      intro={t('notices.intro')}
      actions={
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('notices.new')}
        </Button>
      }
    >
      {holder}
      {notices.isError ? <Alert type="error" showIcon title={t('form.load-failed')} /> : null}
      <Table<AdminNotice>
        rowKey="id"
        columns={columns}
        dataSource={notices.data?.records ?? []}
        loading={notices.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: notices.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (current, size) => setPage({ current, size }),
        }}
      />
      {editing ? <NoticeModal notice={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </AdminPage>
  );
}
