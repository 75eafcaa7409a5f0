import type { LocalizedNames, ShippingAttribute } from '@dsm/contract';

/**
 * Demo warehouses and shipping methods with realistic (illustrative) rates. Weights in grams,
 * prices in USD minor units. The operator edits all of it afterwards (/api/admin/logistics).
 */

export interface SeedRate {
  maxWeightG: number | null;
  firstWeightG: number;
  firstPriceMinor: number;
  stepWeightG: number;
  stepPriceMinor: number;
}
export interface SeedZone {
  name: string;
  countries: string[];
  rates: SeedRate[];
}
export interface SeedMethod {
  code: string;
  warehouse: string;
  names: Required<LocalizedNames>;
  volumetricDivisor: number;
  minDays: number;
  maxDays: number;
  refusedAttributes: ShippingAttribute[];
  position: number;
  zones: SeedZone[];
}

export const SEED_WAREHOUSES: Array<{
  code: string;
  country: string;
  position: number;
  names: Required<LocalizedNames>;
}> = [
  {
    code: 'CN',
    country: 'CN',
    position: 1,
    names: {
      'en-US': 'China warehouse (Shenzhen)',
      'zh-CN': '中国仓（深圳）',
      'fr-FR': 'Entrepôt Chine (Shenzhen)',
      'tr-TR': 'Çin deposu (Shenzhen)',
    },
  },
  {
    code: 'US',
    country: 'US',
    position: 2,
    names: {
      'en-US': 'US warehouse (Los Angeles)',
      'zh-CN': '美国仓（洛杉矶）',
      'fr-FR': 'Entrepôt États-Unis (Los Angeles)',
      'tr-TR': 'ABD deposu (Los Angeles)',
    },
  },
  {
    code: 'EU',
    country: 'DE',
    position: 3,
    names: {
      'en-US': 'EU warehouse (Frankfurt)',
      'zh-CN': '欧洲仓（法兰克福）',
      'fr-FR': 'Entrepôt UE (Francfort)',
      'tr-TR': 'AB deposu (Frankfurt)',
    },
  },
];

const NORTH_AMERICA = ['US', 'CA'];
const WESTERN_EUROPE = ['GB', 'FR', 'DE', 'ES', 'IT', 'NL'];
const FAR = ['TR', 'AU'];

/** One band: first weight and step in grams, prices in cents. */
const band = (
  maxKg: number | null,
  firstG: number,
  firstCents: number,
  stepG: number,
  stepCents: number,
): SeedRate => ({
  maxWeightG: maxKg === null ? null : maxKg * 1000,
  firstWeightG: firstG,
  firstPriceMinor: firstCents,
  stepWeightG: stepG,
  stepPriceMinor: stepCents,
});

export const SEED_METHODS: SeedMethod[] = [
  {
    code: 'CN_POST_AIR',
    warehouse: 'CN',
    names: {
      'en-US': 'China Post Registered Air Mail',
      'zh-CN': '中国邮政挂号小包',
      'fr-FR': 'China Post – courrier aérien recommandé',
      'tr-TR': 'China Post Kayıtlı Hava Postası',
    },
    volumetricDivisor: 8000,
    minDays: 15,
    maxDays: 35,
    refusedAttributes: ['battery', 'liquid', 'powder'],
    position: 1,
    zones: [
      { name: 'North America', countries: NORTH_AMERICA, rates: [band(2, 500, 420, 500, 110)] },
      { name: 'Western Europe', countries: WESTERN_EUROPE, rates: [band(2, 500, 480, 500, 120)] },
      { name: 'Türkiye & Oceania', countries: FAR, rates: [band(2, 500, 520, 500, 140)] },
      { name: 'Rest of world', countries: ['*'], rates: [band(2, 500, 650, 500, 180)] },
    ],
  },
  {
    code: 'YUN_STANDARD',
    warehouse: 'CN',
    names: {
      'en-US': 'YunExpress Standard',
      'zh-CN': '云途标准专线',
      'fr-FR': 'YunExpress Standard',
      'tr-TR': 'YunExpress Standart',
    },
    volumetricDivisor: 6000,
    minDays: 7,
    maxDays: 15,
    refusedAttributes: ['liquid', 'powder'],
    position: 2,
    zones: [
      { name: 'North America', countries: NORTH_AMERICA, rates: [band(20, 500, 550, 500, 160)] },
      { name: 'Western Europe', countries: WESTERN_EUROPE, rates: [band(20, 500, 580, 500, 170)] },
      { name: 'Türkiye & Oceania', countries: FAR, rates: [band(20, 500, 650, 500, 190)] },
      { name: 'Rest of world', countries: ['*'], rates: [band(20, 500, 800, 500, 240)] },
    ],
  },
  {
    code: 'DHL_EXPRESS',
    warehouse: 'CN',
    names: {
      'en-US': 'DHL Express',
      'zh-CN': 'DHL 国际快递',
      'fr-FR': 'DHL Express',
      'tr-TR': 'DHL Express',
    },
    volumetricDivisor: 5000,
    minDays: 3,
    maxDays: 6,
    refusedAttributes: ['liquid'],
    position: 3,
    // Two bands: half-kilo steps for small parcels, whole kilos above 2 kg.
    zones: [
      {
        name: 'North America',
        countries: NORTH_AMERICA,
        rates: [band(2, 500, 2000, 500, 480), band(70, 500, 2000, 1000, 850)],
      },
      {
        name: 'Western Europe',
        countries: WESTERN_EUROPE,
        rates: [band(2, 500, 1800, 500, 450), band(70, 500, 1800, 1000, 800)],
      },
      {
        name: 'Türkiye & Oceania',
        countries: FAR,
        rates: [band(2, 500, 2200, 500, 520), band(70, 500, 2200, 1000, 900)],
      },
      {
        name: 'Rest of world',
        countries: ['*'],
        rates: [band(2, 500, 2600, 500, 600), band(70, 500, 2600, 1000, 1050)],
      },
    ],
  },
  {
    code: 'SEA_FREIGHT',
    warehouse: 'CN',
    names: {
      'en-US': 'Sea Freight (heavy parcels)',
      'zh-CN': '海运（大件货物）',
      'fr-FR': 'Fret maritime (colis lourds)',
      'tr-TR': 'Deniz Kargosu (ağır koliler)',
    },
    volumetricDivisor: 6000,
    minDays: 25,
    maxDays: 45,
    refusedAttributes: ['battery', 'liquid', 'powder', 'magnetic'],
    position: 4,
    // The first 10 kg are always paid: only worth it for heavy parcels.
    zones: [
      { name: 'North America', countries: NORTH_AMERICA, rates: [band(500, 10_000, 4800, 1000, 190)] },
      { name: 'Europe & Türkiye', countries: [...WESTERN_EUROPE, 'TR'], rates: [band(500, 10_000, 4500, 1000, 180)] },
      { name: 'Oceania', countries: ['AU'], rates: [band(500, 10_000, 5200, 1000, 210)] },
    ],
  },
  {
    code: 'SF_CN_DOMESTIC',
    warehouse: 'CN',
    names: {
      'en-US': 'SF Express (mainland China)',
      'zh-CN': '顺丰速运（中国大陆）',
      'fr-FR': 'SF Express (Chine continentale)',
      'tr-TR': 'SF Express (Çin anakarası)',
    },
    volumetricDivisor: 6000,
    minDays: 1,
    maxDays: 3,
    refusedAttributes: [],
    position: 5,
    zones: [{ name: 'Mainland China', countries: ['CN'], rates: [band(50, 1000, 250, 1000, 100)] }],
  },
  {
    // Sensitive goods (batteries, liquids, powders, cosmetics) need a line that accepts them: without
    // it no product of those kinds in the China warehouse could leave the country (decision 0110).
    code: 'YUN_SENSITIVE',
    warehouse: 'CN',
    names: {
      'en-US': 'YunExpress Sensitive Goods Line',
      'zh-CN': '云途特货专线',
      'fr-FR': 'YunExpress – ligne marchandises sensibles',
      'tr-TR': 'YunExpress Hassas Ürün Hattı',
    },
    volumetricDivisor: 6000,
    minDays: 10,
    maxDays: 20,
    refusedAttributes: [],
    position: 6,
    zones: [
      { name: 'North America', countries: NORTH_AMERICA, rates: [band(20, 500, 790, 500, 210)] },
      { name: 'Western Europe', countries: WESTERN_EUROPE, rates: [band(20, 500, 820, 500, 220)] },
      { name: 'Türkiye & Oceania', countries: FAR, rates: [band(20, 500, 900, 500, 250)] },
      { name: 'Rest of world', countries: ['*'], rates: [band(20, 500, 1100, 500, 300)] },
    ],
  },
  {
    code: 'USPS_GROUND',
    warehouse: 'US',
    names: {
      'en-US': 'USPS Ground Advantage',
      'zh-CN': 'USPS 地面经济快递',
      'fr-FR': 'USPS Ground Advantage',
      'tr-TR': 'USPS Ground Advantage',
    },
    volumetricDivisor: 6000,
    minDays: 2,
    maxDays: 5,
    refusedAttributes: ['liquid'],
    position: 1,
    zones: [{ name: 'United States', countries: ['US'], rates: [band(30, 500, 450, 500, 90)] }],
  },
  {
    code: 'UPS_GROUND',
    warehouse: 'US',
    names: {
      'en-US': 'UPS Ground',
      'zh-CN': 'UPS 陆运',
      'fr-FR': 'UPS Ground',
      'tr-TR': 'UPS Kara Taşımacılığı',
    },
    volumetricDivisor: 5000,
    minDays: 1,
    maxDays: 5,
    refusedAttributes: [],
    position: 2,
    zones: [
      { name: 'United States', countries: ['US'], rates: [band(70, 500, 890, 500, 110)] },
      { name: 'Canada', countries: ['CA'], rates: [band(70, 500, 1450, 500, 220)] },
    ],
  },
  {
    code: 'DHL_PAKET_EU',
    warehouse: 'EU',
    names: {
      'en-US': 'DHL Parcel Europe',
      'zh-CN': 'DHL 欧洲包裹',
      'fr-FR': 'DHL Colis Europe',
      'tr-TR': 'DHL Avrupa Koli',
    },
    volumetricDivisor: 5000,
    minDays: 2,
    maxDays: 5,
    refusedAttributes: ['liquid'],
    position: 1,
    zones: [
      { name: 'Germany', countries: ['DE'], rates: [band(31.5, 500, 490, 500, 60)] },
      { name: 'EU neighbours', countries: ['FR', 'ES', 'IT', 'NL'], rates: [band(31.5, 500, 790, 500, 110)] },
      { name: 'United Kingdom', countries: ['GB'], rates: [band(31.5, 500, 1150, 500, 180)] },
    ],
  },
  {
    code: 'GLS_EU_ECONOMY',
    warehouse: 'EU',
    names: {
      'en-US': 'GLS Europe Economy',
      'zh-CN': 'GLS 欧洲经济型',
      'fr-FR': 'GLS Europe Économique',
      'tr-TR': 'GLS Avrupa Ekonomik',
    },
    volumetricDivisor: 6000,
    minDays: 3,
    maxDays: 7,
    refusedAttributes: ['battery', 'liquid'],
    position: 2,
    zones: [{ name: 'EU', countries: ['DE', 'FR', 'ES', 'IT', 'NL'], rates: [band(40, 500, 620, 500, 90)] }],
  },
  {
    // The EU warehouse's way out of Europe: without it its products shipped to no one outside the
    // EU and the UK, the demo store owner (US) included (issue 20, decision 0110).
    code: 'DHL_EXPRESS_EU',
    warehouse: 'EU',
    names: {
      'en-US': 'DHL Express Worldwide (from Frankfurt)',
      'zh-CN': 'DHL 全球快递（法兰克福发货）',
      'fr-FR': 'DHL Express Worldwide (depuis Francfort)',
      'tr-TR': 'DHL Express Worldwide (Frankfurt çıkışlı)',
    },
    volumetricDivisor: 5000,
    minDays: 3,
    maxDays: 7,
    refusedAttributes: [],
    position: 3,
    zones: [
      {
        name: 'North America',
        countries: NORTH_AMERICA,
        rates: [band(2, 500, 2400, 500, 520), band(70, 500, 2400, 1000, 900)],
      },
      {
        name: 'Türkiye & Oceania',
        countries: FAR,
        rates: [band(2, 500, 2100, 500, 480), band(70, 500, 2100, 1000, 850)],
      },
      {
        name: 'Rest of world',
        countries: ['*'],
        rates: [band(2, 500, 2800, 500, 620), band(70, 500, 2800, 1000, 1100)],
      },
    ],
  },
];
