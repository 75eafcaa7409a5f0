import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** SPEC §2 footer links, grouped. */
export const FOOTER_GROUPS = [
  {
    key: 'company',
    links: [
      { key: 'about', to: '/aboutus' },
      { key: 'contact', to: '/contanctus' },
      { key: 'how-it-works', to: '/howitworks' },
      { key: 'affiliate', to: '/affiliate' },
    ],
  },
  {
    key: 'help',
    links: [
      { key: 'faq', to: '/faq' },
      { key: 'wallet-rules', to: '/walletrules' },
      { key: 'shipping-policy', to: '/shippingpolicy' },
      { key: 'refunds', to: '/refunds' },
    ],
  },
  {
    key: 'legal',
    links: [
      { key: 'terms', to: '/agreement' },
      { key: 'user-agreement', to: '/useragreement' },
      { key: 'privacy', to: '/privacy' },
    ],
  },
] as const;

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <nav className="footer-inner" aria-label={t('footer.label')}>
        {FOOTER_GROUPS.map((group) => (
          <div key={group.key} className="footer-group">
            <h2 className="footer-heading">{t(`footer.${group.key}`)}</h2>
            <ul>
              {group.links.map((link) => (
                <li key={link.key}>
                  <Link to={link.to}>{t(`footer.${link.key}`)}</Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <p className="footer-copy">{t('footer.copyright', { year: new Date().getFullYear(), brand: t('brand') })}</p>
    </footer>
  );
}
