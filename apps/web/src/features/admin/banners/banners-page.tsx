import { useEffect, useState } from 'react';
import { Button, Form, Input, Radio, Switch, Tag, Upload, type TableColumnsType } from 'antd';
import { LOCALES, type AdminBanner, type CreateBannerBody, type Locale } from '@dsm/contract';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { DecimalInput } from '../shared/decimal-input';
import { BANNER_IMAGE_TYPES, checkImage, toUploadBody } from '../shared/images';
import { AdminListPage, type ListEditor } from '../shared/list-page';
import { LocaleTabs } from '../shared/locale-tabs';
import { pickName } from '../shared/names';
import { useAdminRules } from '../shared/rules';
import { firstErrorLocale, type NamePath } from '../shared/server-errors';
import { useAdminBanners, useBannerActions } from './banners.api';

type Source = 'keep' | 'upload' | 'url';

interface BannerValues {
  source: Source;
  imageFile?: File;
  imgUrl?: string;
  link: string;
  seq: number | null;
  active: boolean;
  text: Record<Locale, { title: string; alt: string }>;
}

const LINK = /^$|^\/(?!\/)|^https?:\/\//i;
const IMAGE_URL = /^\/(?!\/)|^https?:\/\//i;

function titleOf(banner: AdminBanner, lang: Locale): string {
  return pickName(Object.fromEntries(Object.entries(banner.text).map(([l, v]) => [l, v.title])), lang);
}

/** Picks one picture file and shows it before it is sent. */
function ImageFilePicker({ value, onChange, id }: { value?: File; onChange?: (file?: File) => void; id?: string }) {
  const { t } = useTranslation('admin');
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!value) return setPreview(null);
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);
  return (
    <div id={id}>
      {preview ? <img className="admin-banner-preview" src={preview} alt={t('banners.chosen-image')} /> : null}
      <Upload
        accept={BANNER_IMAGE_TYPES.join(',')}
        showUploadList={false}
        aria-label={t('banners.choose-image')}
        beforeUpload={(file) => (onChange?.(file), Upload.LIST_IGNORE)}
      >
        <Button>{value ? t('banners.replace-image') : t('banners.choose-image')}</Button>
      </Upload>
      {value ? <span className="admin-muted"> {value.name}</span> : null}
    </div>
  );
}

/** The picture (kept, uploaded or linked), link, position, visibility and a tab per language. */
function BannerFields({ banner, errors }: { banner: AdminBanner | null; errors: NamePath[] }) {
  const { t } = useTranslation('admin');
  const rules = useAdminRules();
  const form = Form.useFormInstance<BannerValues>();
  const [tab, setTab] = useState<Locale>('en-US');
  const source: Source = Form.useWatch('source', form) ?? (banner ? 'keep' : 'upload');
  useEffect(() => {
    const locale = firstErrorLocale(errors, 'text', LOCALES);
    if (locale) setTab(locale);
  }, [errors]);
  return (
    <>
      <Form.Item name="source" label={t('banners.image')}>
        <Radio.Group
          options={[
            ...(banner ? [{ value: 'keep', label: t('banners.keep-image') }] : []),
            { value: 'upload', label: t('banners.upload-image') },
            { value: 'url', label: t('banners.use-image-url') },
          ]}
        />
      </Form.Item>
      {source === 'keep' && banner ? (
        <img className="admin-banner-preview" src={banner.imgUrl} alt={t('banners.current-image')} />
      ) : null}
      {source === 'upload' ? (
        <Form.Item
          name="imageFile"
          label={t('banners.image-file')}
          extra={t('banners.image-hint')}
          rules={[
            { required: true, message: t('banners.image-required') },
            {
              validator: (_, file?: File) => {
                const problem = file ? checkImage(file, BANNER_IMAGE_TYPES) : null;
                if (!problem) return Promise.resolve();
                return Promise.reject(
                  new Error(
                    t(problem === 'image-type' ? 'banners.image-type' : `images.${problem}`, { name: file!.name }),
                  ),
                );
              },
            },
          ]}
        >
          <ImageFilePicker />
        </Form.Item>
      ) : null}
      {source === 'url' ? (
        <Form.Item
          name="imgUrl"
          label={t('banners.image-url')}
          extra={t('banners.image-url-hint')}
          rules={[
            rules.requiredText(t('banners.image-required')),
            { pattern: IMAGE_URL, message: t('banners.image-url-invalid') },
            rules.max(500),
          ]}
        >
          <Input inputMode="url" maxLength={500} />
        </Form.Item>
      ) : null}
      <div className="admin-grid">
        <Form.Item
          name="link"
          label={t('banners.link')}
          extra={t('banners.link-hint')}
          rules={[{ pattern: LINK, message: t('banners.link-invalid') }, rules.max(500)]}
        >
          <Input inputMode="url" maxLength={500} />
        </Form.Item>
        <Form.Item
          name="seq"
          label={t('form.position')}
          extra={t('form.position-hint')}
          rules={[rules.range(0, 10_000)]}
        >
          <DecimalInput decimals={0} />
        </Form.Item>
        <Form.Item name="active" label={t('banners.active')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </div>
      <LocaleTabs prefix="text" activeKey={tab} onChange={setTab}>
        {(locale) => (
          <div lang={locale}>
            <Form.Item
              name={['text', locale, 'title']}
              label={t('banners.title')}
              rules={
                locale === 'en-US'
                  ? [rules.requiredText(t('banners.title-required')), rules.max(200)]
                  : [
                      rules.max(200),
                      ({ getFieldValue }) => ({
                        validator: (_, value?: string) =>
                          !value?.trim() && String(getFieldValue(['text', locale, 'alt']) ?? '').trim()
                            ? Promise.reject(new Error(t('banners.title-needed')))
                            : Promise.resolve(),
                      }),
                    ]
              }
            >
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item
              name={['text', locale, 'alt']}
              label={t('banners.alt')}
              extra={t('banners.alt-hint')}
              rules={[rules.max(200)]}
            >
              <Input maxLength={200} />
            </Form.Item>
          </div>
        )}
      </LocaleTabs>
    </>
  );
}

/** /admin/banners: the home page carousel. */
export default function BannersPage() {
  const { t } = useTranslation('admin');
  const lang = useSession((s) => s.lang);
  const banners = useAdminBanners();
  const { save, remove } = useBannerActions();
  const rows = banners.data ? [...banners.data].sort((a, b) => a.seq - b.seq || a.imgId - b.imgId) : undefined;

  const columns: TableColumnsType<AdminBanner> = [
    {
      title: t('banners.image'),
      key: 'image',
      render: (_, b) => (
        <img
          className="admin-banner-thumb"
          src={b.imgUrl}
          alt={b.text[lang]?.alt || b.text['en-US']?.alt || ''}
          loading="lazy"
        />
      ),
    },
    { title: t('banners.title'), key: 'title', render: (_, b) => titleOf(b, lang) },
    {
      title: t('banners.link'),
      dataIndex: 'link',
      render: (link: string) => link || <span className="admin-muted">—</span>,
    },
    { title: t('form.position'), dataIndex: 'seq', align: 'right' },
    {
      title: t('banners.active'),
      key: 'active',
      render: (_, b) => (
        <Tag color={b.active ? 'green' : 'default'}>{b.active ? t('banners.shown') : t('banners.hidden')}</Tag>
      ),
    },
  ];

  const editor: ListEditor<AdminBanner, BannerValues> = {
    title: (banner) => (banner ? t('banners.edit-title') : t('banners.new-title')),
    width: 720,
    initialValues: (banner) => ({
      source: banner ? 'keep' : 'upload',
      imgUrl: '',
      link: banner?.link ?? '',
      seq: banner?.seq ?? 0,
      active: banner?.active ?? true,
      text: Object.fromEntries(
        LOCALES.map((l) => [l, { title: banner?.text[l]?.title ?? '', alt: banner?.text[l]?.alt ?? '' }]),
      ) as BannerValues['text'],
    }),
    fields: ({ row, errors }) => <BannerFields banner={row} errors={errors} />,
    submit: async (values, banner) => {
      const text: Partial<Record<Locale, { title: string; alt: string }>> = {};
      for (const l of LOCALES) {
        const entry = values.text[l];
        if (entry?.title.trim() || entry?.alt.trim()) text[l] = { title: entry.title.trim(), alt: entry.alt.trim() };
      }
      const body: CreateBannerBody = {
        link: values.link.trim(),
        seq: values.seq ?? 0,
        active: values.active,
        // The period is not edited here; it is sent back as it was.
        startsAt: banner?.startsAt ?? null,
        endsAt: banner?.endsAt ?? null,
        text: text as CreateBannerBody['text'],
        ...(values.source === 'url' ? { imgUrl: values.imgUrl?.trim() } : {}),
        ...(values.source === 'upload' && values.imageFile ? { image: await toUploadBody(values.imageFile) } : {}),
      };
      return save(banner?.imgId ?? null, body);
    },
    mapField: (path, values) => {
      if (path[0] === 'image' || (path[0] === 'imgUrl' && values.source !== 'url')) return ['imageFile'];
      if (path[0] === 'text' && path.length === 2) return ['text', path[1]!, 'title'];
      return path;
    },
    saved: (banner) => (banner ? t('banners.saved') : t('banners.created')),
  };

  return (
    <AdminListPage<AdminBanner, BannerValues>
      title={t('routes:admin-banners')}
      intro={t('banners.intro')}
      newLabel={t('banners.new')}
      rowKey="imgId"
      columns={columns}
      query={{ ...banners, data: rows }}
      rowName={(b) => titleOf(b, lang)}
      editor={editor}
      remove={{
        question: (name) => t('banners.delete-title', { name }),
        run: (b) => remove(b.imgId),
        done: () => t('banners.deleted'),
      }}
    />
  );
}
