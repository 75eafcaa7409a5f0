import { useEffect, useState } from 'react';
import { Button, Form, Input, Switch, Tag, type TableColumnsType } from 'antd';
import { LOCALES, type AdminNotice, type Locale, type SaveNoticeBody } from '@dsm/contract';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { HtmlPreview } from '../shared/html-preview';
import { AdminListPage, type ListEditor } from '../shared/list-page';
import { LocaleTabs } from '../shared/locale-tabs';
import { pickName } from '../shared/names';
import { useAdminRules } from '../shared/rules';
import { firstErrorLocale, type NamePath } from '../shared/server-errors';
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
      <Form.Item
        name={['text', locale, 'body']}
        label={t('notices.body')}
        extra={t('form.html-hint')}
        rules={[rules.max(100_000)]}
      >
        <Input.TextArea rows={6} className="admin-code" spellCheck={false} />
      </Form.Item>
      <Button onClick={() => setPreview((v) => !v)} aria-expanded={preview}>
        {preview ? t('form.hide-preview') : t('form.show-preview')}
      </Button>
      {preview ? (
        <Form.Item noStyle shouldUpdate>
          {(form) => (
            <HtmlPreview
              lang={locale}
              title={form.getFieldValue(['text', locale, 'title'])}
              html={form.getFieldValue(['text', locale, 'body']) ?? ''}
            />
          )}
        </Form.Item>
      ) : null}
    </div>
  );
}

/** The pinned switch and a tab per language; the tab of the first error opens by itself. */
function NoticeFields({ errors }: { errors: NamePath[] }) {
  const { t } = useTranslation('admin');
  const [tab, setTab] = useState<Locale>('en-US');
  useEffect(() => {
    const locale = firstErrorLocale(errors, 'text', LOCALES);
    if (locale) setTab(locale);
  }, [errors]);
  return (
    <>
      <Form.Item name="pinned" label={t('notices.pinned')} extra={t('notices.pinned-hint')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <LocaleTabs prefix="text" activeKey={tab} onChange={setTab}>
        {(locale) => <NoticeBody locale={locale} />}
      </LocaleTabs>
    </>
  );
}

/** /admin/notices: announcements at the top of the storefront, pinned first. */
export default function NoticesPage() {
  const { t } = useTranslation('admin');
  const lang = useSession((s) => s.lang);
  const [page, setPage] = useState({ current: 1, size: 10 });
  const notices = useAdminNotices(page.current, page.size);
  const { save, remove } = useNoticeActions();
  const dateFormat = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });

  const columns: TableColumnsType<AdminNotice> = [
    { title: t('notices.title'), key: 'title', render: (_, n) => titleOf(n, lang) },
    {
      title: t('notices.pinned'),
      key: 'pinned',
      render: (_, n) =>
        n.pinned ? <Tag color="blue">{t('notices.pinned-tag')}</Tag> : <span className="admin-muted">—</span>,
    },
    {
      title: t('notices.languages'),
      key: 'languages',
      render: (_, n) =>
        LOCALES.filter((l) => n.text[l])
          .map((l) => t(`common:languages.${l}`))
          .join(', '),
    },
    {
      title: t('notices.published-at'),
      key: 'publishedAt',
      render: (_, n) => dateFormat.format(new Date(n.publishedAt)),
    },
  ];

  const editor: ListEditor<AdminNotice, NoticeValues> = {
    title: (notice) => (notice ? t('notices.edit-title') : t('notices.new-title')),
    width: 760,
    initialValues: (notice) => ({
      pinned: notice?.pinned ?? false,
      text: Object.fromEntries(
        LOCALES.map((l) => [l, { title: notice?.text[l]?.title ?? '', body: notice?.text[l]?.body ?? '' }]),
      ) as NoticeValues['text'],
    }),
    fields: ({ errors }) => <NoticeFields errors={errors} />,
    submit: (values, notice) => {
      const text: Partial<Record<Locale, { title: string; body: string }>> = {};
      for (const l of LOCALES) {
        const entry = values.text[l];
        if (entry?.title.trim() || entry?.body.trim()) text[l] = { title: entry.title.trim(), body: entry.body };
      }
      // publishedAt is left out: a new notice is published now, an edited one keeps its date.
      return save(notice?.id ?? null, { pinned: values.pinned, text: text as SaveNoticeBody['text'] });
    },
    // "text.fr-FR" (a language missing its title) belongs under that language's title.
    mapField: (path) => (path[0] === 'text' && path.length === 2 ? ['text', path[1]!, 'title'] : path),
    saved: (notice) => (notice ? t('notices.saved') : t('notices.created')),
  };

  return (
    <AdminListPage<AdminNotice, NoticeValues>
      title={t('routes:admin-notices')}
      intro={t('notices.intro')}
      newLabel={t('notices.new')}
      rowKey="id"
      columns={columns}
      query={notices}
      paging={{ current: page.current, size: page.size, onChange: (current, size) => setPage({ current, size }) }}
      rowName={(n) => titleOf(n, lang)}
      editor={editor}
      remove={{
        question: (name) => t('notices.delete-title', { name }),
        run: (n) => remove(n.id),
        done: () => t('notices.deleted'),
      }}
    />
  );
}
