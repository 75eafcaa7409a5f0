import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ui/coming-soon';
import { useRouteTitleKey } from '../route-handle';

/** The page of every route whose capability is not built yet: its own title, then the note. */
export default function ComingSoonPage() {
  const { t } = useTranslation();
  const titleKey = useRouteTitleKey();
  return <ComingSoon title={titleKey ? t(titleKey) : t('coming-soon.title')} />;
}
