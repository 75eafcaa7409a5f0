import sanitizeHtml from 'sanitize-html';

const SVG_TAGS = [
  'svg',
  'g',
  'path',
  'circle',
  'ellipse',
  'rect',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'defs',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'title',
  'desc',
  'symbol',
  'use',
];
const SVG_ATTRIBUTES = [
  'xmlns',
  'viewBox',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'x2',
  'y1',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'd',
  'points',
  'fill',
  'fill-opacity',
  'fill-rule',
  'clip-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-miterlimit',
  'opacity',
  'transform',
  'id',
  'class',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'fx',
  'fy',
  'clip-path',
  'mask',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
  'preserveAspectRatio',
  'version',
  'href',
  'xlink:href',
  'xmlns:xlink',
];

/**
 * SVG is XML that can carry scripts, event handlers, foreign HTML and external references. The
 * file store keeps an SVG only after this: drawing elements and presentation attributes only,
 * `href` only to a fragment in the same file, no `url()` to anything outside it.
 */
export function sanitizeSvg(svg: string): string {
  const clean = sanitizeHtml(svg, {
    allowedTags: SVG_TAGS,
    allowedAttributes: { '*': SVG_ATTRIBUTES },
    parser: { xmlMode: true },
    allowedSchemes: [],
    exclusiveFilter: (frame) =>
      frame.tag === 'use' && !/^#/.test(frame.attribs.href ?? frame.attribs['xlink:href'] ?? ''),
    transformTags: {
      '*': (tagName, attribs) => {
        const out = { ...attribs };
        for (const k of ['href', 'xlink:href']) if (out[k] !== undefined && !out[k]!.startsWith('#')) delete out[k];
        for (const [k, v] of Object.entries(out)) if (/url\(\s*['"]?(?!#)/i.test(v)) delete out[k];
        return { tagName, attribs: out };
      },
    },
  });
  return clean.trim();
}
