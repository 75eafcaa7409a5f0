import { useMemo, useState, type ReactNode } from 'react';
import { Button, Form, Input, Select, TreeSelect } from 'antd';
import { LOCALES, SHIPPING_ATTRIBUTE, type AdminProduct, type Locale, type SaveProductBody } from '@dsm/contract';
import type { ApiResult } from '../../../lib/api';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session';
import { categoryTree, useAdminCategories } from '../categories/categories.api';
import { ServerErrors } from '../shared/admin-page';
import { HtmlPreview } from '../shared/html-preview';
import { LocaleTabs } from '../shared/locale-tabs';
import { pickName } from '../shared/names';
import { SEARCH_BY_LABEL, SEARCH_TREE_BY_TITLE, useAdminRules } from '../shared/rules';
import { applyServerErrors, firstErrorLocale, type NamePath } from '../shared/server-errors';
import { useAdminTags } from '../tags/tags.api';
import {
  MAX_IMAGES,
  mapProductErrorPath,
  toFormValues,
  toSaveBody,
  type ProductFormValues,
} from './product-form.model';
import { ProductImages } from './product-images';
import { useAdminWarehouses } from '../logistics/logistics.api';
import { propertyLabel, useAdminSpecs, useProductActions } from './products.api';
import { SkuTable } from './sku-table';
import { SpecValueModal } from './spec-value-modal';

interface ProductFormProps {
  /** null: a new product. */
  prodId: number | null;
  initialValues: ProductFormValues;
  onSaved: (product: AdminProduct) => void;
  /**
   * A new product saved through another module's use case instead of the catalogue's create (a
   * sourcing request answered with it, decision 0134): `save` sends the body, `done` follows it.
   */
  via?: { save: (body: SaveProductBody) => Promise<ApiResult<unknown>>; done: () => void; cancelTo: string };
}

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section className="admin-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function TranslationFields({ locale }: { locale: Locale }) {
  const { t } = useTranslation('admin');
  const rules = useAdminRules();
  const [preview, setPreview] = useState(false);
  const required = locale === 'en-US';
  const titleRules = required
    ? [rules.requiredText(t('products.title-required')), rules.max(200)]
    : [
        rules.max(200),
        ({ getFieldValue }: { getFieldValue: (name: NamePath) => unknown }) => ({
          validator: (_: unknown, value: string | undefined) => {
            const brief = String(getFieldValue(['translations', locale, 'brief']) ?? '').trim();
            const description = String(getFieldValue(['translations', locale, 'description']) ?? '').trim();
            return !value?.trim() && (brief || description)
              ? Promise.reject(new Error(t('products.title-needed')))
              : Promise.resolve();
          },
        }),
      ];
  return (
    <div lang={locale}>
      <Form.Item
        name={['translations', locale, 'title']}
        label={t('products.title')}
        rules={titleRules}
        required={required}
        dependencies={
          required
            ? []
            : [
                ['translations', locale, 'brief'],
                ['translations', locale, 'description'],
              ]
        }
      >
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name={['translations', locale, 'brief']} label={t('products.brief')} rules={[rules.max(500)]}>
        <Input.TextArea rows={2} maxLength={500} showCount />
      </Form.Item>
      <Form.Item
        name={['translations', locale, 'description']}
        label={t('products.description')}
        extra={t('form.html-hint')}
        rules={[rules.max(100_000)]}
      >
        <Input.TextArea rows={8} className="admin-code" spellCheck={false} />
      </Form.Item>
      <Button onClick={() => setPreview((v) => !v)} aria-expanded={preview}>
        {preview ? t('form.hide-preview') : t('form.show-preview')}
      </Button>
      {preview ? (
        <Form.Item noStyle shouldUpdate>
          {(form) => (
            <HtmlPreview
              lang={locale}
              title={form.getFieldValue(['translations', locale, 'title'])}
              html={form.getFieldValue(['translations', locale, 'description']) ?? ''}
            />
          )}
        </Form.Item>
      ) : null}
    </div>
  );
}

/** Create and edit a product: basics, texts in four languages, pictures, SKUs. */
export function ProductForm({ prodId, initialValues, onSaved, via }: ProductFormProps) {
  const { t } = useTranslation('admin');
  const lang = useSession((s) => s.lang);
  const rules = useAdminRules();
  const [form] = Form.useForm<ProductFormValues>();
  const [tab, setTab] = useState<Locale>('en-US');
  const [orphans, setOrphans] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [specModal, setSpecModal] = useState(false);
  const { save } = useProductActions();
  const categories = useAdminCategories();
  const tags = useAdminTags();
  const properties = useAdminSpecs();
  const warehouses = useAdminWarehouses();

  /** Shows the tab of the first language with an error, then scrolls to the field. */
  function reveal(names: NamePath[]) {
    const locale = firstErrorLocale(names, 'translations', LOCALES);
    if (locale) setTab(locale);
    const first = names[0];
    if (first) setTimeout(() => form.scrollToField(first, { block: 'center', focus: true }), 0);
  }

  async function submit(values: ProductFormValues) {
    setSaving(true);
    const result = via ? await via.save(toSaveBody(values)) : await save(prodId, toSaveBody(values));
    setSaving(false);
    if (result.success) {
      setOrphans([]);
      if (via) return via.done();
      const product = result.data as AdminProduct;
      // New SKUs now have ids: the next save must edit them, not add them again.
      if (prodId !== null) form.setFieldsValue(toFormValues(product));
      onSaved(product);
      return;
    }
    const specCodes: string[] = form.getFieldValue('specCodes') ?? [];
    setOrphans(applyServerErrors(form, result, (path) => mapProductErrorPath(path, specCodes)));
    reveal(
      form
        .getFieldsError()
        .filter((f) => f.errors.length)
        .map((f) => f.name as NamePath),
    );
  }

  const propertyList = properties.data ?? [];
  // A new tree on every render would reset the picker's search while the operator types.
  const tree = useMemo(() => categoryTree(categories.data ?? [], lang), [categories.data, lang]);

  return (
    <>
      <Form<ProductFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => void submit(values)}
        onFinishFailed={({ errorFields }) => reveal(errorFields.map((f) => f.name as NamePath))}
        className="admin-form"
        noValidate
      >
        <ServerErrors messages={orphans} />
        <Section id="product-basics" title={t('products.section-basics')}>
          <div className="admin-grid">
            <Form.Item
              name="categoryId"
              label={t('products.category')}
              rules={[rules.required(t('products.category-required'))]}
            >
              <TreeSelect
                treeData={tree}
                showSearch={SEARCH_TREE_BY_TITLE}
                loading={categories.isLoading}
                treeDefaultExpandAll={false}
                popupMatchSelectWidth={false}
              />
            </Form.Item>
            <Form.Item name="attribute" label={t('products.attribute')} extra={t('products.attribute-hint')}>
              <Select options={SHIPPING_ATTRIBUTE.map((a) => ({ value: a, label: t(`attributes.${a}`) }))} />
            </Form.Item>
            <Form.Item name="warehouse" label={t('products.warehouse')}>
              {/* The operator's warehouses (Shipping → Warehouses), whichever they have added. */}
              <Select
                loading={warehouses.isLoading}
                options={(warehouses.data ?? []).map((w) => ({
                  value: w.code,
                  label: `${pickName(w.names, lang) || w.code} (${w.code})`,
                }))}
              />
            </Form.Item>
            <Form.Item name="sourceNote" label={t('products.source-note')} extra={t('products.source-note-hint')}>
              <Input maxLength={1000} />
            </Form.Item>
            <Form.Item name="tagIds" label={t('products.tags')}>
              <Select
                mode="multiple"
                loading={tags.isLoading}
                showSearch={SEARCH_BY_LABEL}
                options={(tags.data ?? []).map((tag) => ({
                  value: tag.tagId,
                  label: pickName(tag.names, lang) || tag.code,
                }))}
              />
            </Form.Item>
          </div>
        </Section>

        <Section id="product-texts" title={t('products.section-texts')}>
          <p className="admin-hint">{t('products.texts-hint')}</p>
          <LocaleTabs prefix="translations" activeKey={tab} onChange={setTab}>
            {(locale) => <TranslationFields locale={locale} />}
          </LocaleTabs>
        </Section>

        <Section id="product-images" title={t('products.section-images')}>
          <Form.Item
            name="imgs"
            rules={[{ type: 'array', max: MAX_IMAGES, message: t('images.too-many', { max: MAX_IMAGES }) }]}
          >
            <ProductImages />
          </Form.Item>
        </Section>

        <Section id="product-skus" title={t('products.section-skus')}>
          <div className="admin-spec-row">
            <Form.Item
              name="specCodes"
              label={t('products.specs')}
              extra={t('products.specs-hint')}
              rules={[{ type: 'array', max: 5 }]}
            >
              <Select
                mode="multiple"
                maxCount={5}
                loading={properties.isLoading}
                options={propertyList.map((p) => ({ value: p.code, label: propertyLabel(p, propertyList, lang) }))}
              />
            </Form.Item>
            <Button onClick={() => setSpecModal(true)}>{t('specs.new-value')}</Button>
          </div>
          <SkuTable properties={propertyList} />
        </Section>

        <div className="admin-form-actions">
          <Button type="primary" htmlType="submit" loading={saving}>
            {prodId === null ? t('products.create') : t('actions.save')}
          </Button>
          <Link className="admin-link-button" to={via?.cancelTo ?? '/admin/products'}>
            {t('actions.cancel')}
          </Link>
        </div>
      </Form>
      {/* Outside the product form: a submit inside the dialog must not bubble into it. */}
      <SpecValueModal open={specModal} properties={propertyList} onClose={() => setSpecModal(false)} />
    </>
  );
}
