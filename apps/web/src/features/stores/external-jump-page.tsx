import { useEffect, useState } from 'react';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AlertIcon, GlobeIcon } from '../../components/ui/icons';
import { StatusPage } from '../../components/ui/status-page';
import { leaveSite } from '../../lib/navigation';
import { jumpTarget, takeExpectedJump } from './flow';
import './stores.css';

/**
 * /externalJump?to=<url> (SPEC §2, decision 0100): shown while the browser is sent to a store
 * platform, so a slow platform page does not look like a dead click. Only http(s) addresses; the
 * destination's host is always shown, and a link that our own screens did not make (someone
 * else's /externalJump link) waits for the visitor's click instead of going on by itself.
 */
export default function ExternalJumpPage() {
  const { t } = useTranslation('stores');
  const [params] = useSearchParams();
  const raw = params.get('to');
  const target = jumpTarget(raw);
  const [auto] = useState(() => (target ? takeExpectedJump(target.href) : false));

  useEffect(() => {
    if (target && auto) leaveSite.to(target.href);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the address in the URL
  }, [auto, raw]);

  if (!target) {
    return (
      <StatusPage
        tone="warning"
        icon={<AlertIcon />}
        title={t('jump.invalid-title')}
        text={t('jump.invalid-text')}
        actions={
          <Link className="button button-primary" to="/user/shopify">
            {t('links.stores')}
          </Link>
        }
      />
    );
  }
  return (
    <StatusPage
      icon={auto ? <Spin size="large" /> : <GlobeIcon />}
      title={auto ? t('jump.taking-you', { host: target.host }) : t('jump.leaving', { host: target.host })}
      text={auto ? t('jump.wait') : t('jump.confirm-text', { host: target.host })}
      actions={
        <>
          <a className={`button ${auto ? 'button-secondary' : 'button-primary'}`} href={target.href} rel="noreferrer">
            {auto ? t('jump.not-moving') : t('jump.continue', { host: target.host })}
          </a>
          {auto ? null : (
            <Link className="button button-secondary" to="/user/shopify">
              {t('links.stores')}
            </Link>
          )}
        </>
      }
    />
  );
}
