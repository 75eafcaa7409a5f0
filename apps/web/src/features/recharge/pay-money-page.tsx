import { useRef, useState, type ChangeEvent } from 'react';
import { Alert, Button, Skeleton, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SLIP_CONTENT_TYPES, SLIP_MAX_BYTES, type BankDetails, type RechargeOrder } from '@dsm/contract';
import { rechargeKeys } from '../../lib/query-keys';
import { useUsd } from '../../components/payment/money';
import { OrderSummary } from './order-summary';
import { useRechargeMethods } from '../../lib/recharge';
import { uploadSlip } from './recharge.api';
import { useRechargeFromUrl } from './use-order';
import '../../components/payment/payment.css';

export type SlipProblem = 'slip-required' | 'slip-type' | 'slip-too-large';

/** What the server would refuse, told before the upload (it checks the content again). */
export function checkSlip(file: Pick<File, 'type' | 'size'> | null): SlipProblem | null {
  if (!file) return 'slip-required';
  if (!(SLIP_CONTENT_TYPES as readonly string[]).includes(file.type)) return 'slip-type';
  if (file.size > SLIP_MAX_BYTES) return 'slip-too-large';
  return null;
}

/**
 * /user/paymoney?recharge=<id>: where to send a bank transfer (the order's number as the payment
 * reference) and the upload of its slip, which puts the order in the operator's review.
 */
export default function PayMoneyPage() {
  const { t } = useTranslation('recharge');
  const { id, order } = useRechargeFromUrl();
  const methods = useRechargeMethods();
  const ready = order.data && methods.data;
  return (
    <div className="payment-page">
      <h1>{t('paymoney.title')}</h1>
      {!id || order.isError || methods.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('not-found')}
          action={<Link to="/user/rechargeorder">{t('links.orders')}</Link>}
        />
      ) : null}
      {id && !ready && !order.isError ? <Skeleton active /> : null}
      {ready ? <BankTransfer order={order.data} bank={methods.data.bank} /> : null}
    </div>
  );
}

function BankTransfer({ order, bank }: { order: RechargeOrder; bank: BankDetails }) {
  const { t } = useTranslation('recharge');
  const usd = useUsd();
  const query = `recharge=${encodeURIComponent(order.id)}`;
  if (order.method !== 'bank' || order.state !== 'awaiting-payment') {
    return (
      <>
        <OrderSummary order={order} />
        <Alert
          className="payment-notice"
          type="info"
          showIcon
          title={
            order.method !== 'bank'
              ? t('paymoney.not-bank')
              : t('payment.not-awaiting', { state: t(`state.${order.state}`) })
          }
          action={<Link to={`/user/payconfirmation?${query}`}>{t('payment.see-result')}</Link>}
        />
      </>
    );
  }
  // [label, shown, copied]: the amount is copied as a plain number, the way bank forms take it.
  const rows: Array<[string, string, string]> = [
    [t('bank.beneficiary'), bank.beneficiary, bank.beneficiary],
    [t('bank.bank-name'), bank.bankName, bank.bankName],
    [t('bank.bank-address'), bank.bankAddress, bank.bankAddress],
    [t('bank.account-number'), bank.accountNumber, bank.accountNumber],
    [t('bank.iban'), bank.iban, bank.iban],
    [t('bank.swift'), bank.swiftBic, bank.swiftBic],
    [t('bank.reference'), order.number, order.number],
    [t('bank.amount'), usd(order.total), order.total.toFixed(2)],
  ];
  return (
    <>
      <section className="bank-details" aria-labelledby="bank-details-title">
        <h2 id="bank-details-title">{t('paymoney.instructions')}</h2>
        <p>{t('paymoney.instructions-text', { reference: order.number })}</p>
        <dl>
          {rows
            .filter(([, value]) => value)
            .map(([label, value, copied]) => (
              <div key={label} className="bank-row">
                <dt>{label}</dt>
                <dd>
                  <Typography.Text
                    copyable={{ text: copied, tooltips: [t('paymoney.copy', { label }), t('paymoney.copied')] }}
                  >
                    {value}
                  </Typography.Text>
                </dd>
              </div>
            ))}
        </dl>
        <Alert type="warning" showIcon title={t('paymoney.reference-warning', { reference: order.number })} />
      </section>
      <SlipForm order={order} />
      <OrderSummary order={order} />
    </>
  );
}

function SlipForm({ order }: { order: RechargeOrder }) {
  const { t } = useTranslation('recharge');
  const navigate = useNavigate();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // One key per chosen file: sending the same file again (a double click, a lost answer) repeats it.
  const key = useRef(crypto.randomUUID());

  function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    key.current = crypto.randomUUID();
    setFile(chosen);
    const found = chosen ? checkSlip(chosen) : null;
    setProblem(found ? t(`slip.${found}`) : null);
  }

  async function onSubmit() {
    const found = checkSlip(file);
    if (found || !file) {
      setProblem(t(`slip.${found ?? 'slip-required'}`));
      return;
    }
    setSending(true);
    const result = await uploadSlip(order.id, file, key.current);
    setSending(false);
    if (!result.success) {
      setProblem(result.msg);
      return;
    }
    client.setQueryData(rechargeKeys.order(order.id), result.data);
    void client.invalidateQueries({ queryKey: rechargeKeys.all });
    void navigate(`/user/payconfirmation?recharge=${encodeURIComponent(order.id)}`);
  }

  return (
    <section className="slip-form" aria-labelledby="slip-title">
      <h2 id="slip-title">{t('slip.title')}</h2>
      <p className="payment-muted">{t('slip.hint')}</p>
      <label className="slip-input">
        <span>{t('slip.file')}</span>
        <input
          type="file"
          name="file"
          accept={SLIP_CONTENT_TYPES.join(',')}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'slip-problem' : undefined}
          onChange={onChoose}
        />
      </label>
      {problem ? (
        <p id="slip-problem" role="alert" className="slip-problem">
          {problem}
        </p>
      ) : null}
      <Button type="primary" size="large" loading={sending} onClick={() => void onSubmit()}>
        {t('slip.submit')}
      </Button>
    </section>
  );
}
