import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ClockIcon } from './icons';
import { StatusPage } from './status-page';

interface ComingSoonProps {
  /** The page's translated title. */
  title: string;
  heading?: 'h1' | 'h2';
  /** Replaces the default "this page is on its way" note (e.g. for a section of a page). */
  text?: string;
  /** Offer a link back to the home page (default true). */
  homeLink?: boolean;
}

/** What a page whose capability is not built yet shows: its title and an honest note. */
export function ComingSoon({ title, text, heading = 'h1', homeLink = true }: ComingSoonProps) {
  const { t } = useTranslation();
  return (
    <StatusPage
      icon={<ClockIcon />}
      title={title}
      heading={heading}
      text={text ?? t('coming-soon.text')}
      actions={
        homeLink ? (
          <Link className="button button-secondary" to="/index">
            {t('coming-soon.home')}
          </Link>
        ) : undefined
      }
    />
  );
}
