import { useTranslation } from 'react-i18next';
import './progress-bar.css';

/** A thin bar across the top while something loads; it appears after a short delay (CSS). */
export function ProgressBar({ active }: { active: boolean }) {
  const { t } = useTranslation();
  if (!active) return null;
  return <div className="top-progress" role="progressbar" aria-label={t('loading')} />;
}
