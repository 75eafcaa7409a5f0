/**
 * One way to turn an address into text, shared by the invoice's "bill to", the checkout and the
 * order drawer (issue 20). The second address line (`address`) is an addition to the street and
 * house number, never a replacement: every filled part is shown, empty parts are left out.
 */

/** The parts of an address that make its text; any may be empty or missing. */
export interface AddressParts {
  street?: string | null;
  houseNo?: string | null;
  /** The second address line (apartment, building, c/o…). */
  address?: string | null;
  postCode?: string | null;
  city?: string | null;
  /** State or province. */
  province?: string | null;
  /** ISO 3166-1 alpha-2 code. */
  country?: string | null;
}

export interface AddressTextOptions {
  /** The country's name in the reader's language; without it the code is shown. */
  countryName?: (code: string) => string;
  /** Leave the country out (a caller that shows it on its own). */
  withoutCountry?: boolean;
}

/** Countries where the house number comes before the street ("100 Main St", "5 rue de la Paix"). */
const NUMBER_FIRST = new Set(['US', 'CA', 'GB', 'IE', 'AU', 'NZ', 'FR', 'BE', 'LU', 'SG', 'IN', 'ZA', 'PH', 'MY']);

const clean = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/**
 * The address as lines: street and house number, second line, post code and city, state or
 * province, country. ("Hauptstraße 5", "Hinterhaus, 3. OG", "10115 Berlin", "Berlin", "Germany")
 */
export function addressLines(a: AddressParts, options: AddressTextOptions = {}): string[] {
  const street = clean(a.street);
  const houseNo = clean(a.houseNo);
  const country = clean(a.country).toUpperCase();
  const streetLine = NUMBER_FIRST.has(country) ? [houseNo, street] : [street, houseNo];
  const city = clean(a.city);
  const province = clean(a.province);
  const lines = [
    streetLine.filter(Boolean).join(' '),
    clean(a.address),
    [clean(a.postCode), city].filter(Boolean).join(' '),
    // A city-state or a province named like its city ("Berlin, Berlin") says it once.
    province.toLowerCase() === city.toLowerCase() ? '' : province,
    options.withoutCountry || !country ? '' : (options.countryName?.(country) ?? country),
  ];
  return lines.filter(Boolean);
}

/** The address on one line, its parts joined by `separator` (", " unless told). */
export function formatAddress(a: AddressParts, options: AddressTextOptions = {}, separator = ', '): string {
  return addressLines(a, options).join(separator);
}
