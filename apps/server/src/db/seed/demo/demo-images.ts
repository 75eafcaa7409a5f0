import type { CategoryIcon } from '@dsm/contract';

/**
 * Demo product pictures: one line glyph per category icon (drawn on a 24×24 grid for this
 * project) in a variant colour, a few hundred bytes each. They are generated on request from the
 * URL (/api/files/demo/<icon>/<colour>-<n>.svg), so a fresh start writes no files and any node
 * can serve them.
 */
export const GLYPHS: Record<CategoryIcon, string> = {
  bags: '<path d="M5 8h14l-1 12H6z"/><path d="M9 8V6a3 3 0 0 1 6 0v2"/>',
  car: '<path d="M3 16v-4l2-5h14l2 5v4z"/><path d="M3 12h18"/><circle cx="7" cy="17" r="2"/><circle cx="17" cy="17" r="2"/>',
  digital: '<rect x="7" y="2" width="10" height="20" rx="2"/><path d="M11 18h2"/>',
  fashion: '<path d="M8 3 3 6l2 4 3-1v12h8V9l3 1 2-4-5-3a4 4 0 0 1-8 0z"/>',
  festival: '<ellipse cx="12" cy="9" rx="6" ry="7"/><path d="M12 16l-1 2h2zM12 18c0 2-2 2-2 4"/>',
  health: '<path d="M12 21s-8-5-8-11a4 4 0 0 1 8-1 4 4 0 0 1 8 1c0 6-8 11-8 11z"/><path d="M12 8v6M9 11h6"/>',
  home: '<path d="M3 11l9-8 9 8"/><path d="M5 10v10h14V10"/><path d="M10 20v-6h4v6"/>',
  jewelry: '<path d="M6 3h12l4 6-10 12L2 9z"/><path d="M2 9h20M9 3l3 18 3-18"/>',
  kitchen: '<path d="M4 10h16v6a4 4 0 0 1-4 4H8a4 4 0 0 1-4-4z"/><path d="M2 10h2M20 10h2M9 7h6"/>',
  ladies: '<path d="M9 2h6l-1 5 5 15H5l5-15z"/><path d="M10 7h4"/>',
  mens: '<path d="M6 3h12l3 5-3 2v11H6V10L3 8z"/><path d="M12 4l-1 3 1 8 1-8z"/>',
  nail: '<rect x="6" y="10" width="12" height="11" rx="2"/><path d="M10 10V3h4v7"/>',
  outdoor: '<path d="M2 20 12 4l10 16z"/><path d="M9 20l3-5 3 5"/>',
  pet: '<circle cx="7" cy="9" r="2"/><circle cx="12" cy="6" r="2"/><circle cx="17" cy="9" r="2"/><path d="M8 18c0-3 2-6 4-6s4 3 4 6-2 2-4 2-4 1-4-2z"/>',
  sports: '<circle cx="12" cy="12" r="9"/><path d="M3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18"/>',
  tools: '<path d="M14 4a4 4 0 0 0 6 5l-10 10a2 2 0 0 1-3-3l10-10a4 4 0 0 0-3-2z"/>',
  toys: '<rect x="3" y="13" width="8" height="8"/><rect x="13" y="13" width="8" height="8"/><rect x="8" y="4" width="8" height="8"/>',
  weddings: '<circle cx="9" cy="14" r="5"/><circle cx="15" cy="14" r="5"/><path d="M10 5l2-2 2 2-2 2z"/>',
};

/** Variant backgrounds: plain, dotted, striped, framed. */
const BACKDROPS = [
  '',
  '<g fill="COL" opacity=".12"><circle cx="60" cy="60" r="18"/><circle cx="340" cy="340" r="26"/><circle cx="330" cy="70" r="10"/></g>',
  '<path d="M0 300 300 0h60L0 360z" fill="COL" opacity=".08"/>',
  '<rect x="20" y="20" width="360" height="360" rx="24" fill="none" stroke="COL" stroke-width="6" opacity=".25"/>',
];

export const DEMO_VARIANTS = BACKDROPS.length;

export function demoImageUrl(icon: string, colour: string, variant: number): string {
  return `/api/files/demo/${icon}/${colour}-${variant % DEMO_VARIANTS}.svg`;
}

/** The SVG for a demo picture, or null when the icon, colour or variant is unknown. */
export function demoSvg(icon: string, colourHex: string | undefined, variant: number): string | null {
  const glyph = (GLYPHS as Record<string, string>)[icon];
  if (!glyph || !colourHex || !(variant >= 0 && variant < DEMO_VARIANTS)) return null;
  const backdrop = BACKDROPS[variant]!.replaceAll('COL', colourHex);
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400">' +
    `<rect width="400" height="400" fill="#f5f5f4"/>${backdrop}` +
    `<circle cx="200" cy="200" r="140" fill="${colourHex}" opacity=".14"/>` +
    `<g transform="translate(80 80) scale(10)" fill="none" stroke="${colourHex}" stroke-width="1.5" ` +
    `stroke-linecap="round" stroke-linejoin="round">${glyph}</g></svg>`
  );
}
