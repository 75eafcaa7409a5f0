import { useEffect, useMemo, useState } from 'react';
import { type ListingQuote, MAX_LISTING_SKUS, type ProductDetail } from '@dsm/contract';
import { Alert, Checkbox, Form, Input, InputNumber, Modal, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { ImageOrder, type OrderedImage, chosenImages, imagesOf } from './image-order';
import { ListManyDialog } from './list-many-dialog';
import { listingActions, storeMoney, useProduct, useStores } from './listings.api';

/** "List to store" for one product (below) or several (the wish list, a catalogue selection). */
export function ListDialog({ prodIds, onClose }: { prodIds: number[]; onClose: (queued: boolean) => void }) {
  // Mounted per opening, so its choices and its idempotency key start afresh each time.
  if (!prodIds.length) return null;
  if (prodIds.length > 1) return <ListManyDialog prodIds={prodIds} onClose={onClose} />;
  return <ListOneDialog prodId={prodIds[0] ?? null} onClose={onClose} />;
}

/**
 * "List to store" (issue 22): the stores, the variants (checkboxes, at most 99: the 100th is
 * refused, not dropped), the price (the store's rule or the owner's own), the template with its
 * image order, and a preview of what the first chosen store will show, priced by the server's
 * own quote.
 */
function ListOneDialog({ prodId, onClose }: { prodId: number | null; onClose: (queued: boolean) => void }) {
  const { t } = useTranslation('listings');
  const lang = useSession((s) => s.lang);
  const product = useProduct(prodId);
  const stores = useStores().data ?? [];
  const usable = stores.filter((s) => s.platform !== 'aliexpress' && s.status === 'connected');
  const [storeIds, setStoreIds] = useState<string[]>([]);
  const [skuIds, setSkuIds] = useState<number[]>([]);
  const [own, setOwn] = useState(false);
  const [lockPrice, setLockPrice] = useState(false);
  const [prices, setPrices] = useState<Record<number, number | null>>({});
  const [template, setTemplate] = useState({ title: '', description: '', tags: '', productType: '' });
  const [quote, setQuote] = useState<ListingQuote | null>(null);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const [images, setImages] = useState<OrderedImage[]>([]);
  const [busy, setBusy] = useState(false);
  // One key per opening: a second click while the first is on its way queues nothing more.
  const [key] = useState(() => crypto.randomUUID());

  const p: ProductDetail | undefined = product.data;
  useEffect(() => {
    if (!p) return;
    setSkuIds(p.skuList.slice(0, MAX_LISTING_SKUS).map((s) => s.skuId));
    setImages(imagesOf(p));
    setTemplate({
      title: p.prodName,
      description: p.content,
      tags: p.tags.map((x) => x.name).join(', '),
      productType: '',
    });
  }, [p]);
  useEffect(() => {
    if (!storeIds.length && usable[0]) setStoreIds([usable[0].id]);
  }, [usable, storeIds.length]);

  const item = useMemo(
    () => ({
      prodId: prodId ?? 0,
      skuIds,
      ...(own ? { prices: skuIds.flatMap((id) => (prices[id] ? [{ skuId: id, price: prices[id]! }] : [])) } : {}),
      template: {
        title: template.title,
        description: template.description,
        images: chosenImages(images),
        tags: template.tags
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
        productType: template.productType || null,
      },
    }),
    [prodId, skuIds, own, prices, template, images],
  );
  const rule = own
    ? {
        mode: 'own' as const,
        multiple: null,
        markup: null,
        centsEnding: null,
        compareAtMultiple: null,
        minMarginPercent: null,
      }
    : undefined;

  // The preview follows the choices, priced by the server (the same code as the listing).
  useEffect(() => {
    if (!prodId || !storeIds[0] || !skuIds.length || skuIds.length > MAX_LISTING_SKUS) return setQuote(null);
    let live = true;
    void listingActions.quote({ storeId: storeIds[0], item, ...(rule ? { rule } : {}) }).then((res) => {
      if (!live) return;
      setQuote(res.success ? res.data : null);
      setQuoteError(res.success ? null : res.msg);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [prodId, storeIds[0], item, own]);

  async function submit() {
    setBusy(true);
    const res = await listingActions
      .create({ storeIds, items: [item], ...(rule ? { rule } : {}), lockPrice }, key)
      .finally(() => setBusy(false));
    if (res.success) {
      toast.success(t('dialog.queued', { count: res.data.ids.length }));
      onClose(true);
    }
  }

  const tooMany = skuIds.length > MAX_LISTING_SKUS;
  const first = usable.find((s) => s.id === storeIds[0]);
  const money = (n: number) => storeMoney(n, quote?.currency ?? 'USD', lang);
  return (
    <Modal
      open={!!prodId}
      title={t('dialog.title')}
      onCancel={() => onClose(false)}
      onOk={submit}
      okText={t('dialog.submit')}
      cancelText={t('dialog.cancel')}
      okButtonProps={{ disabled: !storeIds.length || !skuIds.length || tooMany, loading: busy }}
      width={860}
    >
      {p ? (
        <div className="ls-dialog">
          <Form layout="vertical">
            <Form.Item label={t('dialog.stores')}>
              {usable.length ? (
                <Checkbox.Group
                  value={storeIds}
                  onChange={(v) => setStoreIds(v as string[])}
                  options={stores.map((s) => ({
                    value: s.id,
                    label:
                      s.platform === 'aliexpress'
                        ? `${s.name} — ${t('dialog.aliexpress')}`
                        : `${s.name} (${s.platform})`,
                    disabled: s.platform === 'aliexpress' || s.status !== 'connected',
                  }))}
                />
              ) : (
                <Alert type="info" message={t('dialog.no-stores')} />
              )}
            </Form.Item>
            <Form.Item
              label={t('dialog.variants')}
              help={
                tooMany
                  ? t('dialog.too-many')
                  : skuIds.length
                    ? t('dialog.selected', { count: skuIds.length, max: MAX_LISTING_SKUS })
                    : t('dialog.no-variant')
              }
              validateStatus={tooMany || !skuIds.length ? 'error' : undefined}
            >
              <Checkbox.Group
                className="ls-variants"
                value={skuIds}
                onChange={(v) => setSkuIds(v as number[])}
                options={p.skuList.map((s) => ({ value: s.skuId, label: `${s.skuName} · ${s.skuCode}` }))}
              />
            </Form.Item>
            <Form.Item label={t('dialog.price')}>
              <Radio.Group
                value={own ? 'own' : 'rule'}
                onChange={(e) => setOwn(e.target.value === 'own')}
                options={[
                  { value: 'rule', label: t('dialog.use-rule') },
                  { value: 'own', label: t('dialog.use-own') },
                ]}
              />
            </Form.Item>
            {own
              ? p.skuList
                  .filter((s) => skuIds.includes(s.skuId))
                  .map((s) => (
                    <Form.Item
                      key={s.skuId}
                      label={`${s.skuName} — ${t('dialog.own-price', { currency: quote?.currency ?? '' })}`}
                    >
                      <InputNumber
                        min={0.01}
                        precision={2}
                        value={prices[s.skuId] ?? null}
                        onChange={(v) => setPrices({ ...prices, [s.skuId]: v })}
                      />
                    </Form.Item>
                  ))
              : null}
            <Form.Item label={t('columns.lock-price')} help={t('lock.help')}>
              <Switch checked={lockPrice} onChange={setLockPrice} aria-label={t('columns.lock-price')} />
            </Form.Item>
            <h3>{t('dialog.template')}</h3>
            <Form.Item label={t('dialog.product-title')}>
              <Input
                value={template.title}
                maxLength={255}
                onChange={(e) => setTemplate({ ...template, title: e.target.value })}
              />
            </Form.Item>
            <Form.Item label={t('dialog.description')}>
              <Input.TextArea
                rows={3}
                value={template.description}
                onChange={(e) => setTemplate({ ...template, description: e.target.value })}
              />
            </Form.Item>
            <Form.Item label={t('images.label')} help={t('images.help')}>
              <ImageOrder value={images} onChange={setImages} />
            </Form.Item>
            <Form.Item label={t('dialog.tags')}>
              <Input value={template.tags} onChange={(e) => setTemplate({ ...template, tags: e.target.value })} />
            </Form.Item>
            <Form.Item label={t('dialog.product-type')}>
              <Input
                value={template.productType}
                maxLength={120}
                onChange={(e) => setTemplate({ ...template, productType: e.target.value })}
              />
            </Form.Item>
          </Form>
          <aside className="ls-store-preview" aria-label={t('dialog.store-preview', { store: first?.name ?? '' })}>
            <h3>{t('dialog.store-preview', { store: first?.name ?? '' })}</h3>
            {item.template.images[0] ? <img src={item.template.images[0]} alt="" /> : null}
            {item.template.images.length > 1 ? (
              <div className="ls-preview-thumbs" data-testid="preview-images">
                {item.template.images.slice(1).map((u) => (
                  <img key={u} src={u} alt="" />
                ))}
              </div>
            ) : null}
            <strong>{template.title}</strong>
            {quoteError ? <Alert type="warning" message={quoteError} /> : null}
            <ul>
              {quote?.variants.map((v) => (
                <li key={v.skuId}>
                  <span>{v.name}</span> <strong data-testid="quote-price">{money(v.price)}</strong>{' '}
                  {v.compareAtPrice ? <s>{money(v.compareAtPrice)}</s> : null}
                  <div className="ls-muted">
                    {t('dialog.cost', {
                      cost: money(v.cost),
                      platform: v.platformPrice.toFixed(2),
                      shipping: v.shipping.toFixed(2),
                      rate: quote.rate,
                    })}{' '}
                    · {t('dialog.margin', { margin: v.marginPercent })}
                  </div>
                </li>
              ))}
            </ul>
          </aside>
        </div>
      ) : null}
    </Modal>
  );
}
