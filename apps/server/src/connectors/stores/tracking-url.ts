/**
 * A tracking link for a number whose carrier gives us none: 17TRACK recognises the carrier from
 * the number's format, so the buyer gets a working link whatever the carrier (the same choice as
 * the Shopify connector's for a carrier Shopify does not know, decision 0115).
 */
export function universalTrackingUrl(number: string): string {
  return `https://t.17track.net/en#nums=${encodeURIComponent(number)}`;
}
