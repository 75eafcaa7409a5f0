import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../lib/session';
import ContentPage from '../../features/content/content-page';
import { percentText, useAffiliateTerms } from '../../features/affiliates/affiliates.api';
import '../../features/affiliates/affiliates.css';

export { loader } from '../../features/content/content-page';

/**
 * /affiliate serves two features: the affiliate programme's live terms, then the content page.
 * /affiliate: the operator's current terms (rate as text, SPEC §9; period, hold, cash or bonus) in
 * the user's language, above the page the operator wrote.
 */
export default function AffiliateTermsPage() {
  const { t } = useTranslation('affiliates');
  const lang = useSession((s) => s.lang);
  const terms = useAffiliateTerms().data;
  return (
    <>
      {terms ? (
        <section className="affiliate-public-terms" aria-labelledby="affiliate-terms-title">
          <h2 id="affiliate-terms-title">{t('public.title')}</h2>
          {terms.enabled ? (
            <>
              <p data-testid="affiliate-terms">
                {t('terms', {
                  rate: percentText(terms.rateBasisPoints, lang),
                  months: terms.periodMonths,
                  days: terms.holdDays,
                  payout: t(`payout.${terms.payout}`),
                })}
              </p>
              <Link to="/user/affiliate">{t('public.cta')}</Link>
            </>
          ) : (
            <p>{t('public.closed')}</p>
          )}
        </section>
      ) : null}
      <ContentPage />
    </>
  );
}
