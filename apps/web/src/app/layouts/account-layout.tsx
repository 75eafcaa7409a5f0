import { useEffect, useId, useMemo, useState } from 'react';
import { ConfigProvider, Layout, Menu, type MenuProps } from 'antd';
import enUS from 'antd/es/locale/en_US';
import frFR from 'antd/es/locale/fr_FR';
import trTR from 'antd/es/locale/tr_TR';
import zhCN from 'antd/es/locale/zh_CN';
import type { Locale as AntdLocale } from 'antd/es/locale';
import type { Locale } from '@dsm/contract';
import { type UseTranslationOptions, useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { MenuIcon } from '../../components/ui/console-icons';
import { isAgent, useSession } from '../../lib/session';
import { ADMIN_SECTIONS, USER_SECTIONS, type MenuSection } from './account-menu';
import { useAntdIconLabels } from './antd-icon-labels';
import { ConsoleHeader } from './console-header';
import { ContactButton } from './contact-button';
import { Header } from './header';
import './layout.css';
import './account-layout.css';

/** antd's own texts (pagination, pickers, empty states) follow the interface language. */
const ANTD_LOCALES: Record<Locale, AntdLocale> = { 'en-US': enUS, 'zh-CN': zhCN, 'fr-FR': frFR, 'tr-TR': trTR };

const THEME = {
  token: {
    colorPrimary: '#1456d8',
    // antd's default red (#ff4d4f) is 3.3:1 on white: too faint for field messages (WCAG AA 4.5:1).
    colorError: '#c9141f',
    // Help texts, empty states and placeholders: antd's 45 % / 25 % black fail 4.5:1 on white.
    colorTextDescription: '#4b5563',
    colorTextPlaceholder: '#6b7280',
    borderRadius: 6,
    fontFamily: 'inherit',
  },
};

const keyOf = (to: string) => to.toLowerCase();

/**
 * Chinese two-character buttons read "保存", not antd's spaced-out "保 存"; the same in every
 * language, so a label is shown exactly as the catalogue writes it.
 */
const BUTTON = { autoInsertSpace: false };

interface AccountShellProps {
  sections: MenuSection[];
  navLabel: string;
  /** The console has its own header and no customer chat button. */
  operatorConsole?: boolean;
}

/**
 * react-i18next's own option (its types leave it out): a new catalogue gives a new `t`, so the
 * menu's memoized entries are made again. The console's entries are titled from routes-admin,
 * which may arrive after the shell first renders (/admin before its page table has loaded).
 */
const REDRAW_ON_ADDED_CATALOGUE = { bindI18nStore: 'added' } as unknown as UseTranslationOptions<undefined>;

function AccountShell({ sections, navLabel, operatorConsole = false }: AccountShellProps) {
  // The console's entries are titled from routes-admin, a catalogue that may arrive after the
  // shell first renders (e.g. /admin before its page table loads): draw again when one is added.
  const { t } = useTranslation(undefined, REDRAW_ON_ADDED_CATALOGUE);
  useAntdIconLabels();
  const lang = useSession((s) => s.lang);
  const navId = useId();
  const pathname = keyOf(useLocation().pathname);
  // A page below a menu entry (/admin/products/12) highlights that entry (/admin/products).
  const selected = useMemo(() => {
    const links = sections.flatMap((s) => s.links.map((l) => keyOf(l.to)));
    if (links.includes(pathname)) return pathname;
    return links.filter((to) => pathname.startsWith(`${to}/`)).sort((a, b) => b.length - a.length)[0] ?? pathname;
  }, [sections, pathname]);
  // Below the lg breakpoint the menu folds away behind a real, labelled button (antd's own
  // zero-width trigger is not reachable from the keyboard).
  const [narrow, setNarrow] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [pathname]);
  const current = sections.find((s) => s.links.some((l) => keyOf(l.to) === selected));
  const [openKeys, setOpenKeys] = useState<string[]>(current ? [current.key] : []);
  const currentKey = current?.key;
  // Opening a page from elsewhere (header menu, a link) unfolds its section.
  useEffect(() => {
    if (currentKey) setOpenKeys((keys) => (keys.includes(currentKey) ? keys : [...keys, currentKey]));
  }, [currentKey]);

  const items = useMemo<MenuProps['items']>(
    () =>
      sections.map((section) => {
        const [only] = section.links;
        if (section.links.length === 1 && only) {
          return {
            key: keyOf(only.to),
            icon: section.icon,
            label: <Link to={only.to}>{t(`routes:${only.title}`)}</Link>,
          };
        }
        return {
          key: section.key,
          icon: section.icon,
          label: t(`sidebar.${section.key}`),
          children: section.links.map((link) => ({
            key: keyOf(link.to),
            label: <Link to={link.to}>{t(`routes:${link.title}`)}</Link>,
          })),
        };
      }),
    [sections, t],
  );

  return (
    <ConfigProvider locale={ANTD_LOCALES[lang]} theme={THEME} button={BUTTON}>
      <div className="site">
        <a className="skip-link" href="#main">
          {t('skip')}
        </a>
        {operatorConsole ? <ConsoleHeader /> : <Header />}
        {narrow ? (
          <div className="account-bar">
            <button
              type="button"
              className="button button-secondary account-menu-toggle"
              aria-expanded={menuOpen}
              aria-controls={`${navId}-nav`}
              onClick={() => setMenuOpen((v) => !v)}
            >
              <MenuIcon size={18} />
              {navLabel}
            </button>
          </div>
        ) : null}
        <Layout
          className={`account-layout${narrow ? ' is-narrow' : ''}${operatorConsole ? '' : ' has-contact'}`}
          hasSider
        >
          <Layout.Sider
            className="account-sider"
            theme="light"
            width={232}
            breakpoint="lg"
            collapsedWidth={0}
            collapsible
            collapsed={narrow && !menuOpen}
            onBreakpoint={setNarrow}
            trigger={null}
          >
            <nav id={`${navId}-nav`} aria-label={navLabel}>
              <Menu
                mode="inline"
                items={items}
                selectedKeys={[selected]}
                openKeys={openKeys}
                onOpenChange={(keys) => setOpenKeys(keys)}
              />
            </nav>
          </Layout.Sider>
          {/* antd's Content is the page's one <main> landmark (it renders <main> itself). */}
          <Layout.Content className="account-content" id="main">
            <div className="account-page">
              <Outlet />
            </div>
          </Layout.Content>
        </Layout>
        {operatorConsole ? null : <ContactButton />}
      </div>
    </ConfigProvider>
  );
}

/** /user/*: the signed-in user's account area. */
export function UserLayout() {
  const { t } = useTranslation();
  return <AccountShell sections={USER_SECTIONS} navLabel={t('sidebar.label')} />;
}

/** /admin/*: the operator console. */
export function AdminLayout() {
  const { t } = useTranslation();
  // A personal agent works the sourcing queue only (decision 0127).
  const agent = useSession(isAgent);
  const sections = agent ? ADMIN_SECTIONS.filter((s) => s.key === 'admin-sourcing') : ADMIN_SECTIONS;
  return <AccountShell sections={sections} navLabel={t('sidebar.admin-label')} operatorConsole />;
}
