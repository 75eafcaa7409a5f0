import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The brand mark and name, linking to the home page. The accessible name starts with the visible
 * name (WCAG 2.5.3, label in name), so a speech user can say what they see.
 */
export function Logo() {
  const { t } = useTranslation();
  return (
    <Link to="/index" className="logo" aria-label={`${t('brand')} – ${t('header.home')}`}>
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#1247b3" />
        <path
          d="M8 12.5 16 8l8 4.5v9L16 26l-8-4.5v-9Z"
          fill="none"
          stroke="#fff"
          strokeWidth="2"
          strokeLinejoin="round"
        />
        <path d="m8 12.5 8 4.5 8-4.5M16 17v9" fill="none" stroke="#fff" strokeWidth="2" strokeLinejoin="round" />
      </svg>
      <span className="logo-text">{t('brand')}</span>
    </Link>
  );
}
