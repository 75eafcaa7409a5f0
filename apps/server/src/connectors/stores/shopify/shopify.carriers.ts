import { universalTrackingUrl } from '../tracking-url.js';

/**
 * Our carrier names → Shopify's tracking companies (connector-protocols.md §1.5, §6.1): `company`
 * must be one of Shopify's supported carriers, spelt exactly (case included), for Shopify to
 * build the tracking link and follow the shipment. The operator types the carrier (the ship
 * dialog prefills the shipping method's name, in the operator's language: "YunExpress Standard",
 * "DHL 国际快递"), so we match on words, most specific first.
 *
 * A carrier we cannot place keeps its own name and gets a universal tracking link, since Shopify
 * builds none for a company it does not know (decision 0115).
 */

interface CarrierRule {
  /** Shopify's name, exactly as its supported-carrier list spells it. */
  company: string;
  /** Matched against the carrier in lower case, punctuation turned into spaces. */
  pattern: RegExp;
}

const RULES: readonly CarrierRule[] = [
  { company: 'DHL eCommerce Asia', pattern: /\bdhl e ?commerce asia\b/ },
  { company: 'DHL eCommerce', pattern: /\bdhl e ?commerce\b/ },
  { company: 'DHL Express', pattern: /\bdhl (express|国际快递)/ },
  { company: 'Deutsche Post', pattern: /\bdeutsche post\b/ },
  { company: 'USPS', pattern: /\busps\b/ },
  { company: 'UPS', pattern: /\bups\b/ },
  { company: 'FedEx', pattern: /\bfed ?ex\b/ },
  { company: 'YunExpress', pattern: /\byun ?express\b|云途/ },
  { company: '4PX', pattern: /\b4px\b/ },
  { company: 'China Post', pattern: /\bchina post\b|\bepacket\b|中国邮政/ },
  { company: 'SF Express', pattern: /\bsf express\b|顺丰/ },
  { company: 'GLS', pattern: /\bgls\b/ },
  { company: 'DPD', pattern: /\bdpd\b/ },
  { company: 'TNT', pattern: /\btnt\b/ },
  { company: 'Royal Mail', pattern: /\broyal mail\b/ },
  { company: 'Evri', pattern: /\bevri\b/ },
  { company: 'Canada Post', pattern: /\bcanada post\b/ },
  { company: 'Purolator', pattern: /\bpurolator\b/ },
  { company: 'Australia Post', pattern: /\baustralia post\b/ },
  { company: 'PostNL', pattern: /\bpostnl\b/ },
  { company: 'La Poste', pattern: /\bla poste\b/ },
  { company: 'Colissimo', pattern: /\bcolissimo\b/ },
  { company: 'Chronopost', pattern: /\bchronopost\b/ },
  { company: 'Correos', pattern: /\bcorreos\b/ },
  { company: 'Poste Italiane', pattern: /\bposte italiane\b/ },
  { company: 'Swiss Post', pattern: /\bswiss post\b/ },
  { company: 'Singapore Post', pattern: /\bsingapore post\b/ },
  { company: 'OnTrac', pattern: /\bontrac\b/ },
];

export interface ShopifyCarrier {
  company: string;
  /** Shopify's own list: it builds the link, so we send none. */
  known: boolean;
}

/** Shopify's company for our carrier name, or the name itself (trimmed) when it is not on the list. */
export function shopifyCarrierOf(carrier: string): ShopifyCarrier {
  const words = ` ${carrier
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
  for (const rule of RULES) if (rule.pattern.test(words)) return { company: rule.company, known: true };
  return { company: carrier.trim(), known: false };
}

/** What `trackingInfo` gets: a known carrier without URL (Shopify's link), another with the universal one. */
export function trackingInfoOf(carrier: string, number: string, url: string | null) {
  const { company, known } = shopifyCarrierOf(carrier);
  return { company, number, url: url ?? (known ? null : universalTrackingUrl(number)) };
}
