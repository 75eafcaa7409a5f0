/**
 * Words shared by every demo category, written for this project in the four languages (not
 * machine translated). Order of the tuples: en-US, zh-CN, fr-FR, tr-TR.
 */
export type Four = readonly [en: string, zh: string, fr: string, tr: string];

export interface Colour {
  code: string;
  hex: string;
  names: Four;
}

export const COLOURS: readonly Colour[] = [
  { code: 'black', hex: '#1f2937', names: ['Black', '黑色', 'Noir', 'Siyah'] },
  { code: 'white', hex: '#a8a29e', names: ['White', '白色', 'Blanc', 'Beyaz'] },
  { code: 'red', hex: '#dc2626', names: ['Red', '红色', 'Rouge', 'Kırmızı'] },
  { code: 'blue', hex: '#2563eb', names: ['Blue', '蓝色', 'Bleu', 'Mavi'] },
  { code: 'navy', hex: '#1e3a8a', names: ['Navy', '藏青色', 'Bleu marine', 'Lacivert'] },
  { code: 'green', hex: '#16a34a', names: ['Green', '绿色', 'Vert', 'Yeşil'] },
  { code: 'pink', hex: '#db2777', names: ['Pink', '粉色', 'Rose', 'Pembe'] },
  { code: 'purple', hex: '#7c3aed', names: ['Purple', '紫色', 'Violet', 'Mor'] },
  { code: 'yellow', hex: '#ca8a04', names: ['Yellow', '黄色', 'Jaune', 'Sarı'] },
  { code: 'orange', hex: '#ea580c', names: ['Orange', '橙色', 'Orange', 'Turuncu'] },
  { code: 'grey', hex: '#6b7280', names: ['Grey', '灰色', 'Gris', 'Gri'] },
  { code: 'beige', hex: '#b08d57', names: ['Beige', '米色', 'Beige', 'Bej'] },
  { code: 'brown', hex: '#7c4a21', names: ['Brown', '棕色', 'Marron', 'Kahverengi'] },
  { code: 'gold', hex: '#b7950b', names: ['Gold', '金色', 'Doré', 'Altın'] },
  { code: 'silver', hex: '#94a3b8', names: ['Silver', '银色', 'Argenté', 'Gümüş'] },
];

/** How a subcategory's variants differ besides colour. */
export type SizeScheme = 'apparel' | 'shoes' | 'dimension' | 'capacity' | 'ring' | 'pack' | 'none';

export interface SpecDefinition {
  code: string;
  names: Four;
  values: ReadonlyArray<{ code: string; names: Four }>;
}

const same = (v: string): Four => [v, v, v, v];

/** The specs of the demo catalogue; `colour` first, the size-like spec second. */
export const SPECS: Record<'colour' | Exclude<SizeScheme, 'none'>, SpecDefinition> = {
  colour: {
    code: 'colour',
    names: ['Colour', '颜色', 'Couleur', 'Renk'],
    values: COLOURS.map((c) => ({ code: c.code, names: c.names })),
  },
  apparel: {
    code: 'size',
    names: ['Size', '尺码', 'Taille', 'Beden'],
    values: ['XS', 'S', 'M', 'L', 'XL', 'XXL'].map((s) => ({ code: s.toLowerCase(), names: same(s) })),
  },
  shoes: {
    code: 'shoe-size',
    names: ['Shoe size', '鞋码', 'Pointure', 'Numara'],
    values: ['36', '37', '38', '39', '40', '41', '42', '43', '44'].map((s) => ({ code: `eu${s}`, names: same(s) })),
  },
  dimension: {
    code: 'dimension',
    names: ['Size', '规格', 'Format', 'Boyut'],
    values: [
      { code: 'small', names: ['Small', '小号', 'Petit', 'Küçük'] },
      { code: 'medium', names: ['Medium', '中号', 'Moyen', 'Orta'] },
      { code: 'large', names: ['Large', '大号', 'Grand', 'Büyük'] },
    ],
  },
  capacity: {
    code: 'capacity',
    names: ['Capacity', '容量', 'Contenance', 'Hacim'],
    values: [
      { code: '250ml', names: ['250 ml', '250毫升', '250 ml', '250 ml'] },
      { code: '500ml', names: ['500 ml', '500毫升', '500 ml', '500 ml'] },
      { code: '1l', names: ['1 L', '1升', '1 L', '1 L'] },
      { code: '2l', names: ['2 L', '2升', '2 L', '2 L'] },
    ],
  },
  ring: {
    code: 'ring-size',
    names: ['Ring size', '戒指尺寸', 'Taille de bague', 'Yüzük ölçüsü'],
    values: ['6', '7', '8', '9', '10'].map((s) => ({ code: `us${s}`, names: same(s) })),
  },
  pack: {
    code: 'pack',
    names: ['Pack', '套装', 'Lot', 'Paket'],
    values: [
      { code: '1pc', names: ['Single', '单件装', 'À l’unité', 'Tekli'] },
      { code: '2pcs', names: ['Pack of 2', '2件装', 'Lot de 2', '2’li paket'] },
      { code: '5pcs', names: ['Pack of 5', '5件装', 'Lot de 5', '5’li paket'] },
    ],
  },
};

/** Demo tags: a share of products gets `new` and `trending` (the home page lists them). */
export const TAGS: ReadonlyArray<{ code: string; names: Four }> = [
  { code: 'new', names: ['New arrivals', '新品上架', 'Nouveautés', 'Yeni ürünler'] },
  { code: 'trending', names: ['Trending', '热门趋势', 'Tendances', 'Trend ürünler'] },
  { code: 'bestseller', names: ['Best sellers', '畅销爆款', 'Meilleures ventes', 'Çok satanlar'] },
  { code: 'sale', names: ['On sale', '限时特惠', 'Promotions', 'İndirimde'] },
];

/** Sentence pieces of briefs. French features agree with the noun: masculine, feminine, and their plurals. */
export const FEATURES: ReadonlyArray<{
  en: string;
  zh: string;
  fr: readonly [m: string, f: string, mp: string, fp: string];
  tr: string;
}> = [
  {
    en: 'easy to care for',
    zh: '易于打理',
    fr: ['facile à entretenir', 'facile à entretenir', 'faciles à entretenir', 'faciles à entretenir'],
    tr: 'bakımı kolay',
  },
  {
    en: 'built to last',
    zh: '经久耐用',
    fr: ['conçu pour durer', 'conçue pour durer', 'conçus pour durer', 'conçues pour durer'],
    tr: 'uzun ömürlü',
  },
  {
    en: 'carefully finished',
    zh: '做工精细',
    fr: ['aux finitions soignées', 'aux finitions soignées', 'aux finitions soignées', 'aux finitions soignées'],
    tr: 'özenle işlenmiş',
  },
  {
    en: 'practical for everyday use',
    zh: '日常使用十分方便',
    fr: ['pratique au quotidien', 'pratique au quotidien', 'pratiques au quotidien', 'pratiques au quotidien'],
    tr: 'günlük kullanımda pratik',
  },
  {
    en: 'with a timeless design',
    zh: '设计简约大方',
    fr: ['au design intemporel', 'au design intemporel', 'au design intemporel', 'au design intemporel'],
    tr: 'zamansız bir tasarıma sahip',
  },
  {
    en: 'great value for money',
    zh: '性价比高',
    fr: [
      'd’un excellent rapport qualité-prix',
      'd’un excellent rapport qualité-prix',
      'd’un excellent rapport qualité-prix',
      'd’un excellent rapport qualité-prix',
    ],
    tr: 'fiyat performans açısından üstün',
  },
];

export const DESCRIPTION_LABELS = {
  material: ['Material', '材质', 'Matière', 'Malzeme'],
  colours: ['Colours', '颜色', 'Coloris', 'Renkler'],
  shipsFrom: ['Ships from', '发货仓', 'Expédié depuis', 'Gönderim deposu'],
  closing: [
    'Every order is checked before dispatch and leaves our warehouse within 48 hours.',
    '每笔订单发货前均经过质检，48小时内从仓库发出。',
    'Chaque commande est contrôlée avant l’expédition et quitte notre entrepôt sous 48 heures.',
    'Her sipariş gönderilmeden önce kontrol edilir ve 48 saat içinde depomuzdan çıkar.',
  ],
  greatChoice: ['A great choice for', '非常适合', 'Un choix idéal pour', 'için ideal bir seçim'],
} as const satisfies Record<string, Four>;

export const WAREHOUSE_NAMES: Record<'CN' | 'US' | 'EU', Four> = {
  CN: ['our China warehouse', '中国仓', 'notre entrepôt en Chine', 'Çin depomuz'],
  US: ['our US warehouse', '美国仓', 'notre entrepôt aux États-Unis', 'ABD depomuz'],
  EU: ['our EU warehouse', '欧洲仓', 'notre entrepôt en Europe', 'Avrupa depomuz'],
};
