import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  AlertIcon,
  BoxIcon,
  ClockIcon,
  GlobeIcon,
  StoreIcon,
  WalletIcon,
  CompassIcon,
} from '../../../components/ui/icons';
import {
  CoinsIcon,
  MailIcon,
  MenuIcon,
  ReceiptIcon,
  SettingsIcon,
  TagIcon,
  UsersIcon,
} from '../../../components/ui/console-icons';
import { AdminPage } from '../shared/admin-page';

interface Area {
  to: string;
  /** routes:<title> and admin:dashboard.<title> */
  title: string;
  icon: ReactNode;
}

const icon = (Component: (p: { size?: number }) => ReactNode) => <Component size={18} />;

/** The console's areas, grouped as in the sidebar. */
export const ADMIN_AREAS: Array<{ key: string; areas: Area[] }> = [
  {
    key: 'catalogue',
    areas: [
      { to: '/admin/products', title: 'admin-products', icon: icon(StoreIcon) },
      { to: '/admin/categories', title: 'admin-categories', icon: icon(MenuIcon) },
      { to: '/admin/tags', title: 'admin-tags', icon: icon(TagIcon) },
    ],
  },
  {
    key: 'content',
    areas: [
      { to: '/admin/banners', title: 'admin-banners', icon: icon(CompassIcon) },
      { to: '/admin/notices', title: 'admin-notices', icon: icon(AlertIcon) },
      { to: '/admin/pages', title: 'admin-pages', icon: icon(ReceiptIcon) },
    ],
  },
  {
    key: 'shipping',
    areas: [
      { to: '/admin/shipping', title: 'admin-shipping', icon: icon(GlobeIcon) },
      { to: '/admin/warehouses', title: 'admin-warehouses', icon: icon(BoxIcon) },
    ],
  },
  {
    key: 'payments',
    areas: [
      { to: '/admin/recharges', title: 'admin-recharges', icon: icon(WalletIcon) },
      { to: '/admin/payment-methods', title: 'admin-payment-methods', icon: icon(CoinsIcon) },
    ],
  },
  {
    key: 'platform',
    areas: [
      { to: '/admin/users', title: 'admin-users', icon: icon(UsersIcon) },
      { to: '/admin/mail-outbox', title: 'admin-mail-outbox', icon: icon(MailIcon) },
      { to: '/admin/jobs', title: 'admin-jobs', icon: icon(ClockIcon) },
      { to: '/admin/currencies', title: 'admin-currencies', icon: icon(CoinsIcon) },
      { to: '/admin/settings', title: 'admin-settings', icon: icon(SettingsIcon) },
    ],
  },
];

/** /admin (→ /admin/overview): the operator's landing page, a card for each area. */
export default function DashboardPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminPage title={t('routes:admin-overview')} intro={t('dashboard.intro')}>
      {ADMIN_AREAS.map((group) => (
        <section key={group.key} aria-labelledby={`admin-group-${group.key}`}>
          <h2 className="admin-group-title" id={`admin-group-${group.key}`}>
            {t(`dashboard.group-${group.key}`)}
          </h2>
          <ul className="admin-cards">
            {group.areas.map((area) => (
              <li key={area.to}>
                <Link className="admin-card" to={area.to}>
                  <span className="admin-card-icon" aria-hidden="true">
                    {area.icon}
                  </span>
                  <span>
                    <strong>{t(`routes:${area.title}`)}</strong>
                    <span className="admin-card-text">{t(`dashboard.${area.title}`)}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </AdminPage>
  );
}
