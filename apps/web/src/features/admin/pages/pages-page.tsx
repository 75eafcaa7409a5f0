import { useState } from 'react';
import { Alert, Button, Form, Input, Select, Skeleton } from 'antd';
import { LOCALES, PAGE_SLUGS, type AdminContentPage, type Locale, type PageSlug } from '@dsm/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { AdminPage, ServerErrors } from '../shared/admin-page';
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

function LanguagePanel({ slug, locale, page, onOrphans }: { slug: PageSlug; locale: Locale; page: AdminContentPage; onOrphans: (m: string[]) => void }) {
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
      onOrphans(applyServerErrors(form, result, (path) => (path[0] === 'title' || path[0] === 'body' ? ['t', locale, path[0]] : null)));
    }
  }

  return (
    <div lang={locale}>
      <p className="admin-hint">
        {stored
          ? t('pages.last-saved', { date: new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(stored.updatedAt)) })
          : locale === 'en-US'
            ? t('pages.missing-english')
            : t('pages.missing', { language })}
      </p>
      <Form.Item name={['t', locale, 'title']} label={t('pages.title')} rules={[rules.requiredText(t('pages.title-required')), rules.max(200)]}>
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
          {(f) => <HtmlPreview lang={locale} title={f.getFieldValue(['t', locale, 'title'])} html={f.getFieldValue(['t', locale, 'body']) ?? ''} />}
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

/** /admin/pages: the footer's static pages (terms, privacy…), title and body per language. */
export default function PagesPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const pages = useAdminPages();
  const wanted = params.get('slug');
  const slug: PageSlug = (PAGE_SLUGS as readonly string[]).includes(wanted ?? '') ? (wanted as PageSlug) : PAGE_SLUGS[0];
  const languagesOf = (s: string) => pages.data?.find((p) => p.slug === s)?.translations.length ?? 0;

  return (
    <AdminPage
      title={t('routes:admin-pages')}
      intro={t('pages.intro')}
      actions={
        <a className="admin-link-button" href={`/${slug}`} target="_blank" rel="noreferrer">
          {t('pages.open', { page: t(`routes:${slug}`) })}
        </a>
      }
    >
      <div className="admin-filters">
        <Select
          aria-label={t('pages.choose')}
          className="admin-filter-select admin-page-select"
          value={slug}
          onChange={(next: string) => setParams({ slug: next }, { replace: true })}
          options={PAGE_SLUGS.map((s) => ({
            value: s,
            label: `${t(`routes:${s}`)} (${t('pages.languages-count', { count: languagesOf(s), total: LOCALES.length })})`,
          }))}
        />
      </div>
      <PageEditor key={slug} slug={slug} />
    </AdminPage>
  );
}
