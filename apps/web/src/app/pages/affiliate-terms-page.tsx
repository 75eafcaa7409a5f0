import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../lib/session';
import ContentPage from '../../features/content/content-page';
import { percentText, useAffiliateTerms } from '../../features/affiliates/affiliates.api';
import '../../features/affiliates/affiliates.css';

export { loader } from '../../features/content/content-page';

/**
 * /affiliate: the page the operator wrote, then the programme's current terms (rate as text, SPEC
 * §9; period, hold, cash or bonus) in the user's language. Below, not above: the terms arrive after
 * the page is drawn, and above they pushed the whole text down (a layout shift of 0.33 on a phone).
 */
export default function AffiliateTermsPage() {
  const { t } = useTranslation('affiliates');
  const lang = useSession((s) => s.lang);
  const terms = useAffiliateTerms().data;
  return (
    <>
      <ContentPage />
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
    </>
  );
}
