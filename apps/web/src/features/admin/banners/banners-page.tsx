import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Radio, Switch, Table, Tag, Upload, type TableColumnsType } from 'antd';
import { LOCALES, type AdminBanner, type CreateBannerBody, type Locale } from '@dsm/contract';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { AdminPage, ServerErrors } from '../shared/admin-page';
import { useConfirm } from '../shared/confirm';
import { DecimalInput } from '../shared/decimal-input';
import { BANNER_IMAGE_TYPES, checkImage, toUploadBody } from '../shared/images';
import { LocaleTabs } from '../shared/locale-tabs';
import { pickName } from '../shared/names';
import { useAdminRules } from '../shared/rules';
import { applyServerErrors, firstErrorLocale, type NamePath } from '../shared/server-errors';
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
      <Upload accept={BANNER_IMAGE_TYPES.join(',')} showUploadList={false} aria-label={t('banners.choose-image')} beforeUpload={(file) => (onChange?.(file), Upload.LIST_IGNORE)}>
        <Button>{value ? t('banners.replace-image') : t('banners.choose-image')}</Button>
      </Upload>
      {value ? <span className="admin-muted"> {value.name}</span> : null}
    </div>
  );
}

function BannerModal({ banner, onClose }: { banner: AdminBanner | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const rules = useAdminRules();
  const [form] = Form.useForm<BannerValues>();
  const [tab, setTab] = useState<Locale>('en-US');
  const [saving, setSaving] = useState(false);
  const [orphans, setOrphans] = useState<string[]>([]);
  const { save } = useBannerActions();
  const source: Source = Form.useWatch('source', form) ?? (banner ? 'keep' : 'upload');

  const initial: BannerValues = {
    source: banner ? 'keep' : 'upload',
    imgUrl: '',
    link: banner?.link ?? '',
    seq: banner?.seq ?? 0,
    active: banner?.active ?? true,
    text: Object.fromEntries(LOCALES.map((l) => [l, { title: banner?.text[l]?.title ?? '', alt: banner?.text[l]?.alt ?? '' }])) as BannerValues['text'],
  };

  function reveal(names: NamePath[]) {
    const locale = firstErrorLocale(names, 'text', LOCALES);
    if (locale) setTab(locale);
  }

  async function submit(values: BannerValues) {
    const text: Partial<Record<Locale, { title: string; alt: string }>> = {};
    for (const l of LOCALES) {
      const entry = values.text[l];
      if (entry?.title.trim() || entry?.alt.trim()) text[l] = { title: entry.title.trim(), alt: entry.alt.trim() };
    }
    setSaving(true);
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
    const result = await save(banner?.imgId ?? null, body);
    setSaving(false);
    if (result.success) {
      toast.success(banner ? t('banners.saved') : t('banners.created'));
      onClose();
      return;
    }
    setOrphans(
      applyServerErrors(form, result, (path) => {
        if (path[0] === 'image' || (path[0] === 'imgUrl' && values.source !== 'url')) return ['imageFile'];
        if (path[0] === 'text' && path.length === 2) return ['text', path[1]!, 'title'];
        return path;
      }),
    );
    reveal(form.getFieldsError().filter((f) => f.errors.length).map((f) => f.name as NamePath));
  }

  return (
    <Modal
      open
      title={banner ? t('banners.edit-title') : t('banners.new-title')}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={720}
    >
      <ServerErrors messages={orphans} />
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(v) => void submit(v)}
        onFinishFailed={({ errorFields }) => reveal(errorFields.map((f) => f.name as NamePath))}
      >
        <Form.Item name="source" label={t('banners.image')}>
          <Radio.Group
            options={[
              ...(banner ? [{ value: 'keep', label: t('banners.keep-image') }] : []),
              { value: 'upload', label: t('banners.upload-image') },
              { value: 'url', label: t('banners.use-image-url') },
            ]}
          />
        </Form.Item>
        {source === 'keep' && banner ? <img className="admin-banner-preview" src={banner.imgUrl} alt={t('banners.current-image')} /> : null}
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
                  return Promise.reject(new Error(t(problem === 'image-type' ? 'banners.image-type' : `images.${problem}`, { name: file!.name })));
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
            rules={[rules.requiredText(t('banners.image-required')), { pattern: IMAGE_URL, message: t('banners.image-url-invalid') }, rules.max(500)]}
          >
            <Input inputMode="url" maxLength={500} />
          </Form.Item>
        ) : null}
        <div className="admin-grid">
          <Form.Item name="link" label={t('banners.link')} extra={t('banners.link-hint')} rules={[{ pattern: LINK, message: t('banners.link-invalid') }, rules.max(500)]}>
            <Input inputMode="url" maxLength={500} />
          </Form.Item>
          <Form.Item name="seq" label={t('form.position')} extra={t('form.position-hint')} rules={[rules.range(0, 10_000)]}>
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
              <Form.Item name={['text', locale, 'alt']} label={t('banners.alt')} extra={t('banners.alt-hint')} rules={[rules.max(200)]}>
                <Input maxLength={200} />
              </Form.Item>
            </div>
          )}
        </LocaleTabs>
      </Form>
    </Modal>
  );
}

/** /admin/banners: the home page carousel. */
export default function BannersPage() {
  const { t } = useTranslation('admin');
  const lang = useSession((s) => s.lang);
  const banners = useAdminBanners();
  const { remove } = useBannerActions();
  const [confirm, holder] = useConfirm();
  const [editing, setEditing] = useState<AdminBanner | 'new' | null>(null);
  const rows = useMemo(() => [...(banners.data ?? [])].sort((a, b) => a.seq - b.seq || a.imgId - b.imgId), [banners.data]);

  async function onDelete(banner: AdminBanner) {
    const name = titleOf(banner, lang);
    if (!(await confirm({ title: t('banners.delete-title', { name }), okText: t('actions.delete'), danger: true }))) return;
    const result = await remove(banner.imgId);
    if (result.success) toast.success(t('banners.deleted'));
  }

  const columns: TableColumnsType<AdminBanner> = [
    {
      title: t('banners.image'),
      key: 'image',
      render: (_, b) => <img className="admin-banner-thumb" src={b.imgUrl} alt={b.text[lang]?.alt || b.text['en-US']?.alt || ''} loading="lazy" />,
    },
    { title: t('banners.title'), key: 'title', render: (_, b) => titleOf(b, lang) },
    { title: t('banners.link'), dataIndex: 'link', render: (link: string) => link || <span className="admin-muted">—</span> },
    { title: t('form.position'), dataIndex: 'seq', align: 'right' },
    {
      title: t('banners.active'),
      key: 'active',
      render: (_, b) => <Tag color={b.active ? 'green' : 'default'}>{b.active ? t('banners.shown') : t('banners.hidden')}</Tag>,
    },
    {
      title: t('actions.label'),
      key: 'actions',
      render: (_, b) => (
        <div className="admin-row-actions">
          <Button size="small" onClick={() => setEditing(b)} aria-label={t('actions.edit-named', { name: titleOf(b, lang) })}>
            {t('actions.edit')}
          </Button>
          <Button size="small" danger onClick={() => void onDelete(b)} aria-label={t('actions.delete-named', { name: titleOf(b, lang) })}>
            {t('actions.delete')}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <AdminPage
      title={t('routes:admin-banners')}
      intro={t('banners.intro')}
      actions={
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('banners.new')}
        </Button>
      }
    >
      {holder}
      {banners.isError ? <Alert type="error" showIcon title={t('form.load-failed')} /> : null}
      <Table<AdminBanner> rowKey="imgId" columns={columns} dataSource={rows} loading={banners.isFetching} pagination={false} scroll={{ x: 'max-content' }} />
      {editing ? <BannerModal banner={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </AdminPage>
  );
}
