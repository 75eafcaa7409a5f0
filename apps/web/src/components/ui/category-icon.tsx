import type { ReactNode } from 'react';

/**
 * The commodity market's 18 category icons (SPEC §1), drawn for this site on a 24-unit grid in
 * the same stroke style as icons.tsx. Inline SVG: no request, no layout shift, any colour.
 */
const PATHS: Record<string, ReactNode> = {
  bags: (
    <>
      <path d="M4.5 8.5h15l-1.2 11.2a1 1 0 0 1-1 .8H6.7a1 1 0 0 1-1-.8L4.5 8.5Z" />
      <path d="M8.5 11V7a3.5 3.5 0 0 1 7 0v4" />
    </>
  ),
  car: (
    <>
      <path d="M3.5 16.5V12l2.3-5.2a1 1 0 0 1 .9-.6h10.6a1 1 0 0 1 .9.6L20.5 12v4.5" />
      <path d="M3.5 12h17M3.5 16.5h1.8M9.2 16.5h5.6M18.7 16.5h1.8" />
      <circle cx="7.2" cy="16.8" r="1.9" />
      <circle cx="16.8" cy="16.8" r="1.9" />
    </>
  ),
  digital: (
    <>
      <rect x="6.5" y="2.5" width="11" height="19" rx="2.2" />
      <path d="M10.5 18.5h3M10 5h4" />
    </>
  ),
  fashion: <path d="M8.5 3.5 3.5 6.2l1.8 4.1 2.7-1V20.5h8V9.3l2.7 1 1.8-4.1-5-2.7a3.5 3.5 0 0 1-7 0Z" />,
  festival: (
    <>
      <rect x="3.5" y="8" width="17" height="4" rx="0.8" />
      <path d="M5 12v8.5h14V12M12 8v12.5" />
      <path d="M12 8C10.6 4.6 7.3 4.3 7.2 6.2 7.1 7.9 10.1 8 12 8Zm0 0c1.4-3.4 4.7-3.7 4.8-1.8.1 1.7-2.9 1.8-4.8 1.8Z" />
    </>
  ),
  health: (
    <>
      <path d="M12 20.5S3.5 15.6 3.5 9.6A4.6 4.6 0 0 1 12 7.2a4.6 4.6 0 0 1 8.5 2.4c0 6-8.5 10.9-8.5 10.9Z" />
      <path d="M6.5 12.5h3l1.5-2.5 2 4.5 1.5-2h3" />
    </>
  ),
  home: (
    <>
      <path d="M3.5 11.2 12 4l8.5 7.2" />
      <path d="M5.5 9.6V20.5h13V9.6" />
      <path d="M10 20.5v-5.5h4v5.5" />
    </>
  ),
  jewelry: (
    <>
      <path d="M6.5 4h11l3.5 5-9 11.5L3 9l3.5-5Z" />
      <path d="M3 9h18M9.8 4 8.2 9 12 20.5 15.8 9l-1.6-5" />
    </>
  ),
  kitchen: (
    <>
      <path d="M4 11h16v2.5a6 6 0 0 1-6 6h-4a6 6 0 0 1-6-6V11Z" />
      <path d="M2.5 11h19M9 8c0-1.2 1.2-1.6 1.2-2.8S9 3.6 9 2.9M14 8c0-1.2 1.2-1.6 1.2-2.8S14 3.6 14 2.9" />
    </>
  ),
  ladies: (
    <>
      <path d="M9.3 3h5.4l-.9 4.5 4.7 13H5.5l4.7-13L9.3 3Z" />
      <path d="M10.2 7.5h3.6" />
    </>
  ),
  mens: (
    <>
      <path d="M8 3.5h8l-2.5 3.5h-3L8 3.5Z" />
      <path d="M10.5 7 9 17l3 3.5 3-3.5-1.5-10" />
    </>
  ),
  nail: (
    <>
      <rect x="6.5" y="10.5" width="11" height="10.5" rx="2.2" />
      <path d="M9 10.5V7.5h6v3M10.3 7.5V3h3.4v4.5" />
    </>
  ),
  outdoor: (
    <>
      <path d="M2.5 20.5 12 4l9.5 16.5h-19Z" />
      <path d="M8.8 20.5 12 14.5l3.2 6" />
    </>
  ),
  pet: (
    <>
      <circle cx="8" cy="7.5" r="1.8" />
      <circle cx="16" cy="7.5" r="1.8" />
      <circle cx="4.8" cy="12" r="1.7" />
      <circle cx="19.2" cy="12" r="1.7" />
      <path d="M12 11.5c-3 0-5.6 3.7-5.6 5.8 0 1.7 1.5 2.6 3 2.3 1.1-.2 1.6-.8 2.6-.8s1.5.6 2.6.8c1.5.3 3-.6 3-2.3 0-2.1-2.6-5.8-5.6-5.8Z" />
    </>
  ),
  sports: (
    <>
      <path d="M7 6.5v11M17 6.5v11M4 9v6M20 9v6M7 12h10" />
    </>
  ),
  tools: (
    <>
      <path d="M12.2 10 4.6 17.6a1.8 1.8 0 0 0 2.6 2.6l7.6-7.6" />
      <path d="m9.5 7.3 3.6-3.6 2.2.6 4.8 4.8-2.5 2.5-2.2-1.2-1.9 1.9-4-4.4Z" />
    </>
  ),
  toys: (
    <>
      <rect x="3.5" y="12.5" width="7.5" height="7.5" rx="1" />
      <rect x="13" y="12.5" width="7.5" height="7.5" rx="1" />
      <rect x="8.2" y="3.5" width="7.5" height="7.5" rx="1" />
    </>
  ),
  weddings: (
    <>
      <circle cx="9" cy="14.5" r="5.5" />
      <circle cx="15" cy="14.5" r="5.5" />
      <path d="M10.4 5.5 11.2 4h1.6l.8 1.5L12 7.3l-1.6-1.8Z" />
    </>
  ),
};

/**
 * The icon keys in SPEC order (the same list as the contract's CATEGORY_ICONS; kept here so the
 * home page does not pull the catalogue's schemas into its chunk).
 */
export const CATEGORY_ICON_KEYS = Object.keys(PATHS);

/** A generic box for an icon key this file does not know (the operator may add categories). */
const FALLBACK = (
  <>
    <path d="M3 7.5 12 3l9 4.5v9L12 21l-9-4.5v-9Z" />
    <path d="m3 7.5 9 4.5 9-4.5M12 12v9" />
  </>
);

export function CategoryIcon({ icon, size = 28 }: { icon: string; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[icon] ?? FALLBACK}
    </svg>
  );
}
