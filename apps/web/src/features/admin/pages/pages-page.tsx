import { useState } from 'react';
import { Alert, Button, Form, Input, Skeleton, type TableColumnsType } from 'antd';
import { LOCALES, PAGE_SLUGS, type AdminContentPage, type Locale, type PageSlug } from '@dsm/contract';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { ServerErrors } from '../shared/admin-page';
import { AdminListPage } from '../shared/list-page';
import { HtmlPreview } from '../shared/html-preview';
import { LocaleTabs } from '../shared/locale-tabs';
import { useAdminRules } from '../shared/rules';
import { applyServerErrors } from '../shared/server-errors';
import { useAdminPage, useAdminPages, useSavePage } from './pages.api';

type PageValues = { t: Record<Locale, { title: string; body: string }> };

function toValues(page: AdminContentPage | undefined): PageValues {
  return {
    t: Object.fromEntries(
      LOCALES.map((l) => {
        const found = page?.translations.find((tr) => tr.locale === l);
        return [l, { title: found?.title ?? '', body: found?.body ?? '' }];
      }),
    ) as PageValues['t'],
  };
}

function LanguagePanel({
  slug,
  locale,
  page,
  onOrphans,
}: {
  slug: PageSlug;
  locale: Locale;
  page: AdminContentPage;
  onOrphans: (m: string[]) => void;
}) {
  const { t } = useTranslation('admin');
  const lang = useSession((s) => s.lang);
  const rules = useAdminRules();
  const form = Form.useFormInstance<PageValues>();
  const save = useSavePage();
  const [saving, setSaving] = useState(false);
  const [preview, setPreview] = useState(false);
  const stored = page.translations.find((tr) => tr.locale === locale);
  const language = t(`common:languages.${locale}`);

  async function onSave() {
    const fields = [
      ['t', locale, 'title'],
      ['t', locale, 'body'],
    ];
    try {
      await form.validateFields(fields);
    } catch {
      return;
    }
    const { title, body } = form.getFieldValue(['t', locale]) as { title: string; body: string };
    setSaving(true);
    const result = await save(slug, { locale, title: title.trim(), body });
    setSaving(false);
    if (result.success) {
      onOrphans([]);
      const saved = result.data.translations.find((tr) => tr.locale === locale);
      // Show the body as stored (sanitized), so the preview matches the storefront.
      if (saved) form.setFieldValue(['t', locale], { title: saved.title, body: saved.body });
      toast.success(t('pages.saved', { language }));
    } else {
      onOrphans(
        applyServerErrors(form, result, (path) =>
          path[0] === 'title' || path[0] === 'body' ? ['t', locale, path[0]] : null,
        ),
      );
    }
  }

  return (
    <div lang={locale}>
      <p className="admin-hint">
        {stored
          ? t('pages.last-saved', {
              date: new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(
                new Date(stored.updatedAt),
              ),
            })
          : locale === 'en-US'
            ? t('pages.missing-english')
            : t('pages.missing', { language })}
      </p>
      <Form.Item
        name={['t', locale, 'title']}
        label={t('pages.title')}
        rules={[rules.requiredText(t('pages.title-required')), rules.max(200)]}
      >
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item
        name={['t', locale, 'body']}
        label={t('pages.body')}
        extra={t('form.html-hint')}
        rules={[rules.requiredText(t('pages.body-required')), rules.max(100_000)]}
      >
        <Input.TextArea rows={14} className="admin-code" spellCheck={false} />
      </Form.Item>
      <div className="admin-row-actions">
        <Button type="primary" loading={saving} onClick={() => void onSave()}>
          {t('pages.save-language', { language })}
        </Button>
        <Button onClick={() => setPreview((v) => !v)} aria-expanded={preview}>
          {preview ? t('form.hide-preview') : t('form.show-preview')}
        </Button>
      </div>
      {preview ? (
        <Form.Item noStyle shouldUpdate>
          {(f) => (
            <HtmlPreview
              lang={locale}
              title={f.getFieldValue(['t', locale, 'title'])}
              html={f.getFieldValue(['t', locale, 'body']) ?? ''}
            />
          )}
        </Form.Item>
      ) : null}
    </div>
  );
}

function PageEditor({ slug }: { slug: PageSlug }) {
  const { t } = useTranslation('admin');
  const { data, isLoading, isError } = useAdminPage(slug);
  const [form] = Form.useForm<PageValues>();
  const [tab, setTab] = useState<Locale>('en-US');
  const [orphans, setOrphans] = useState<string[]>([]);
  // Values are taken once per page: a background refetch must not undo the operator's typing.
  const [initial, setInitial] = useState<PageValues | null>(null);
  if (data && !initial) setInitial(toValues(data));

  if (isError) return <Alert type="error" showIcon title={t('form.load-failed')} />;
  if (isLoading || !data || !initial) return <Skeleton active paragraph={{ rows: 10 }} />;
  return (
    <Form form={form} layout="vertical" initialValues={initial} className="admin-form">
      <ServerErrors messages={orphans} />
      <LocaleTabs prefix="t" activeKey={tab} onChange={setTab}>
        {(locale) => <LanguagePanel slug={slug} locale={locale} page={data} onOrphans={setOrphans} />}
      </LocaleTabs>
    </Form>
  );
}

interface PageRow {
  slug: PageSlug;
  languages: number;
  updatedAt: string | null;
}

/**
 * /admin/pages: the footer's static pages (terms, privacy…). The list shows which languages each
 * has; Edit opens the page in a drawer, title and body saved per language.
 */
export default function PagesPage() {
  const { t } = useTranslation('admin');
  const lang = useSession((s) => s.lang);
  const pages = useAdminPages();
  const dateFormat = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
  const rows: PageRow[] | undefined = pages.data
    ? PAGE_SLUGS.map((slug) => {
        const translations = pages.data.find((p) => p.slug === slug)?.translations ?? [];
        const latest =
          translations
            .map((tr) => tr.updatedAt)
            .sort()
            .at(-1) ?? null;
        return { slug, languages: translations.length, updatedAt: latest };
      })
    : undefined;

  const columns: TableColumnsType<PageRow> = [
    { title: t('pages.choose'), key: 'page', render: (_, r) => t(`routes:${r.slug}`) },
    {
      title: t('pages.languages'),
      key: 'languages',
      render: (_, r) => t('pages.languages-count', { count: r.languages, total: LOCALES.length }),
    },
    {
      title: t('pages.updated-at'),
      key: 'updatedAt',
      render: (_, r) =>
        r.updatedAt ? dateFormat.format(new Date(r.updatedAt)) : <span className="admin-muted">—</span>,
    },
  ];

  return (
    <AdminListPage<PageRow>
      title={t('routes:admin-pages')}
      intro={t('pages.intro')}
      rowKey="slug"
      columns={columns}
      query={{ ...pages, data: rows }}
      rowName={(r) => t(`routes:${r.slug}`)}
      drawer={{ title: (r) => t(`routes:${r.slug}`), render: (r) => <PageEditor slug={r.slug} /> }}
      rowActions={(r) => (
        <a
          href={`/${r.slug}`}
          target="_blank"
          rel="noreferrer"
          aria-label={t('pages.open', { page: t(`routes:${r.slug}`) })}
        >
          {t('pages.open-short')}
        </a>
      )}
    />
  );
}
