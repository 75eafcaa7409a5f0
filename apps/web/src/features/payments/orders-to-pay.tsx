import { useEffect, useState } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@dsm/contract';
import { useMoney } from '../../lib/money';
import { useSession } from '../../lib/session';

/** The time now, again every second while a countdown is on screen. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** "14:59" or "1:02:03" left until `until`, or null once past. */
export function timeLeft(until: number, now: number): string | null {
  const s = Math.floor((until - now) / 1000);
  if (s <= 0) return null;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${twoDigits(m)}:${twoDigits(s % 60)}` : `${m}:${twoDigits(s % 60)}`;
}

/**
 * The orders about to be paid: number, what is in them, total in the chosen currency, and the
 * time left before an unpaid order gives its stock back (from the submit answer, when known).
 */
export function OrdersToPay({ orders, payBy }: { orders: OrderDetail[]; payBy: Record<string, string> }) {
  const { t } = useTranslation('payments');
  const money = useMoney();
  const lang = useSession((s) => s.lang);
  const now = useNow(orders.some((o) => payBy[o.id]));
  const time = new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit' });

  return (
    <ul className="pay-order-lines pay-orders">
      {orders.map((o) => {
        const until = payBy[o.id] ? Date.parse(payBy[o.id]!) : NaN;
        const left = Number.isNaN(until) ? null : timeLeft(until, now);
        const more = o.lineCount - 1;
        return (
          <li key={o.id} className="pay-order-line" data-testid={`pay-order-${o.number}`}>
            {o.firstLine?.image ? (
              <img src={o.firstLine.image} alt="" width={56} height={56} />
            ) : (
              <span className="pay-order-line-noimage" />
            )}
            <span className="pay-order-line-text">
              <strong>{t('pay-order.order-number', { number: o.number })}</strong>
              <span className="pay-order-muted">
                {o.firstLine?.title ?? ''}
                {more > 0 ? ` ${t('pay-order.more-lines', { count: more })}` : ''} ·{' '}
                {t('pay-order.items', { count: o.itemCount })}
              </span>
              {o.state !== 'awaiting-payment' ? (
                <Tag color="blue">{t('pay-order.not-awaiting', { state: t(`pay-order.states.${o.state}`) })}</Tag>
              ) : !Number.isNaN(until) ? (
                <span className={`pay-order-muted pay-by${left ? '' : ' pay-by-late'}`}>
                  {left ? t('pay-order.pay-by', { time: time.format(until), left }) : t('pay-order.expired')}
                </span>
              ) : null}
            </span>
            <span className="pay-order-line-price">
              <strong>{money(o.total)}</strong>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
