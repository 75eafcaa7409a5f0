import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ERRORS, RESET_CODE, type ResetPasswordBody, type SendResetCodeBody } from '@dsm/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertIcon } from '../../components/ui/icons';
import { toast } from '../../lib/toast';
import { resetPassword, sendResetCode } from './accounts.api';
import { TextField, focusField } from './form-fields';
import { useCountdown } from './use-countdown';
import { useSchemaForm } from './use-schema-form';
import { serverFieldErrors } from './validation';
import './accounts.css';

type Step = 'email' | 'code' | 'done';

const EMAIL_FORM = { email: '' };
const RESET_FORM = { email: '', emailCode: '', password: '', confirmPassword: '' };
type ResetField = keyof typeof RESET_FORM;
const PASSWORDS: readonly ResetField[] = ['password', 'confirmPassword'];

/**
 * /resetpassword (SPEC §3, §5): the e-mail address, then the e-mailed 6-digit code with the new
 * password. A new code can be asked for once a minute (the server's rule), shown as a countdown.
 */
// Loaded on the first focus or submit, not with the page (decision 0109).
const loadEmailSchema = () => import('./form-schemas').then((m) => m.SendResetCodeBody);
const loadResetSchema = () => import('./form-schemas').then((m) => m.ResetPasswordBody);

export default function ResetPasswordPage() {
  const { t } = useTranslation('accounts');
  const emailFormId = useId();
  const resetFormId = useId();
  const [step, setStep] = useState<Step>('email');
  const emailForm = useSchemaForm<'email', SendResetCodeBody>(loadEmailSchema, EMAIL_FORM);
  const resetForm = useSchemaForm<ResetField, ResetPasswordBody>(loadResetSchema, RESET_FORM, {
    keepSpaces: PASSWORDS,
  });
  const resend = useCountdown();
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (step === 'code') focusField(resetFormId, 'emailCode');
    if (step === 'done') doneRef.current?.focus();
  }, [step, resetFormId]);

  /** Asks for a code; true when the server accepted (it answers the same for an unknown address). */
  async function requestCode(email: string): Promise<boolean> {
    setSending(true);
    setFormError(null);
    const result = await sendResetCode({ email });
    setSending(false);
    if (result.success) {
      resend.start(RESET_CODE.resendSeconds);
      return true;
    }
    if (result.errorCode === ERRORS.VALIDATION.code) {
      const fields = serverFieldErrors(result.data);
      if (fields.email && step === 'email') {
        emailForm.setServerErrors(fields);
        focusField(emailFormId, 'email');
        return false;
      }
    }
    // "Send email failed" and the like: the server's words, in the form.
    setFormError(result.msg);
    return false;
  }

  async function onSendCode(event: FormEvent) {
    event.preventDefault();
    const checked = await emailForm.submit();
    if (!checked.data) {
      focusField(emailFormId, checked.invalid);
      return;
    }
    if (resend.secondsLeft > 0 && checked.data.email === resetForm.values.email) {
      // Back from "change address" to the same address within the minute: the code is on its way.
      setStep('code');
      return;
    }
    if (await requestCode(checked.data.email)) {
      resetForm.reset({ email: checked.data.email });
      setStep('code');
    }
  }

  async function onResend() {
    if (resend.secondsLeft > 0) return;
    if (await requestCode(String(resetForm.values.email))) toast.success(t('reset.resent'));
  }

  async function onReset(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const checked = await resetForm.submit();
    if (!checked.data) {
      focusField(resetFormId, checked.invalid);
      return;
    }
    setSubmitting(true);
    const result = await resetPassword(checked.data);
    setSubmitting(false);
    if (result.success) {
      setStep('done');
      return;
    }
    if (result.errorCode === ERRORS.VALIDATION.code) {
      // "Verification failed" comes for the code field: said under it.
      const fields = serverFieldErrors(result.data);
      const shown = (['emailCode', 'password', 'confirmPassword'] as const).filter((f) => fields[f]);
      resetForm.setServerErrors(fields);
      focusField(resetFormId, shown[0]);
      if (shown.length === 0) setFormError(result.msg);
      return;
    }
    setFormError(result.msg);
  }

  const alert = formError ? (
    <p className="form-alert" role="alert">
      <AlertIcon size={18} />
      <span>{formError}</span>
    </p>
  ) : null;

  if (step === 'done') {
    return (
      <div className="auth-page">
        <section className="auth-card" aria-labelledby={`${resetFormId}-done`}>
          <h1 id={`${resetFormId}-done`} ref={doneRef} tabIndex={-1}>
            {t('reset.done-title')}
          </h1>
          <p className="auth-subtitle">{t('reset.done-text')}</p>
          <Link to="/login" className="button button-primary auth-submit">
            {t('reset.to-login')}
          </Link>
        </section>
      </div>
    );
  }

  return (
    <div className="auth-page">
      <div className="auth-card">
        <h1>{t('reset.title')}</h1>
        <ol className="steps" aria-label={t('reset.steps')}>
          <li aria-current={step === 'email' ? 'step' : undefined}>{t('reset.step-email')}</li>
          <li aria-current={step === 'code' ? 'step' : undefined}>{t('reset.step-code')}</li>
        </ol>

        {step === 'email' ? (
          <form onSubmit={(e) => void onSendCode(e)} onFocus={emailForm.prime} noValidate>
            <p className="auth-subtitle">{t('reset.email-intro')}</p>
            <TextField
              form={emailForm}
              formId={emailFormId}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              label={t('fields.email')}
            />
            {alert}
            <button type="submit" className="button button-primary auth-submit" disabled={sending}>
              {sending ? t('reset.sending') : t('reset.send-code')}
            </button>
            <p className="auth-alt">
              <Link to="/login">{t('reset.back-to-login')}</Link>
            </p>
          </form>
        ) : (
          <form onSubmit={(e) => void onReset(e)} onFocus={resetForm.prime} noValidate>
            <p className="auth-subtitle" role="status">
              {t('reset.code-sent', { email: String(resetForm.values.email) })}
            </p>
            <div className="code-row">
              <TextField
                form={resetForm}
                formId={resetFormId}
                name="emailCode"
                label={t('fields.emailCode')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={RESET_CODE.length}
                hint={t('hints.code', { length: RESET_CODE.length })}
              />
              <button
                type="button"
                className="button button-secondary code-resend"
                disabled={resend.secondsLeft > 0 || sending}
                onClick={() => void onResend()}
              >
                {resend.secondsLeft > 0 ? t('reset.resend-in', { seconds: resend.secondsLeft }) : t('reset.resend')}
              </button>
            </div>
            <TextField
              form={resetForm}
              formId={resetFormId}
              name="password"
              type="password"
              autoComplete="new-password"
              label={t('reset.new-password')}
              hint={t('hints.password')}
            />
            <TextField
              form={resetForm}
              formId={resetFormId}
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              label={t('reset.confirm-password')}
            />
            {alert}
            <button type="submit" className="button button-primary auth-submit" disabled={submitting}>
              {submitting ? t('reset.submitting') : t('reset.submit')}
            </button>
            <p className="auth-alt">
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  setFormError(null);
                  setStep('email');
                }}
              >
                {t('reset.change-email')}
              </button>
            </p>
          </form>
        )}
      </div>
    </div>
  );
}
