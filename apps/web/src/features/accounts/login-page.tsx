import { useId, useState, type FormEvent } from 'react';
import { ERRORS } from '@dsm/contract';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AlertIcon } from '../../components/ui/icons';
import { safeRedirect } from '../../lib/navigation';
import { session } from '../../lib/session';
import { login } from './accounts.api';
import { formatWait, useCountdown } from './use-countdown';
import './accounts.css';

type Field = 'email' | 'password';
type FieldErrors = Partial<Record<Field, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** /login: email and password (SPEC §5), then back to where the visitor was going. */
export default function LoginPage() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  /** The server's answer when it is not about one field: wrong credentials, disabled account, … */
  const [formError, setFormError] = useState<string | null>(null);
  const throttle = useCountdown();
  const id = useId();
  const redirect = params.get('redirect');
  const withRedirect = (path: string) => (redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path);

  function validate(): FieldErrors {
    const found: FieldErrors = {};
    if (!email.trim()) found.email = t('login.email-required');
    else if (!EMAIL.test(email.trim())) found.email = t('login.email-invalid');
    if (!password) found.password = t('login.password-required');
    return found;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setEmail(email.trim());
    if (found.email || found.password || throttle.secondsLeft > 0) return;
    setSubmitting(true);
    setFormError(null);
    const result = await login({ email: email.trim(), password });
    setSubmitting(false);
    if (result.success) {
      session.login(result.data);
      void navigate(safeRedirect(redirect), { replace: true });
      return;
    }
    if (result.errorCode === ERRORS.RATE_LIMITED.code) {
      // Too many failures: wait the time the server names, counted down here.
      const seconds = Number((result.data as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds);
      throttle.start(Number.isFinite(seconds) && seconds > 0 ? seconds : 60);
      return;
    }
    // A00002 names the fields at fault; anything else is said once, in the form.
    if (result.errorCode === ERRORS.VALIDATION.code && Array.isArray(result.data)) {
      const fieldErrors: FieldErrors = {};
      for (const item of result.data as Array<{ field?: string; message?: string }>) {
        if ((item.field === 'email' || item.field === 'password') && item.message)
          fieldErrors[item.field] = item.message;
      }
      setErrors(fieldErrors);
      return;
    }
    setFormError(result.msg);
  }

  const fieldProps = (field: Field) => ({
    id: `${id}-${field}`,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
  });

  return (
    <div className="auth-page">
      <form className="auth-card" onSubmit={(e) => void onSubmit(e)} noValidate>
        <h1>{t('login.title')}</h1>
        <p className="auth-subtitle">{t('login.subtitle')}</p>

        {throttle.secondsLeft > 0 ? (
          <p className="form-alert form-alert-warning" role="alert">
            <AlertIcon size={18} />
            <span>
              {/* role=timer is not a live region: the ticking is shown, not read out each second. */}
              <Trans
                t={t}
                i18nKey="login.throttled"
                values={{ time: formatWait(throttle.secondsLeft) }}
                components={{ timer: <span role="timer" className="form-alert-timer" /> }}
              />
            </span>
          </p>
        ) : formError ? (
          <p className="form-alert" role="alert">
            <AlertIcon size={18} />
            <span>{formError}</span>
          </p>
        ) : null}

        <label htmlFor={`${id}-email`}>{t('login.email')}</label>
        <input
          {...fieldProps('email')}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        {errors.email ? (
          <p className="field-error" id={`${id}-email-error`}>
            {errors.email}
          </p>
        ) : null}

        <label htmlFor={`${id}-password`}>{t('login.password')}</label>
        <input
          {...fieldProps('password')}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {errors.password ? (
          <p className="field-error" id={`${id}-password-error`}>
            {errors.password}
          </p>
        ) : null}

        <div className="auth-row">
          <Link to="/resetpassword">{t('login.forgot')}</Link>
        </div>

        <button
          type="submit"
          className="button button-primary auth-submit"
          disabled={submitting || throttle.secondsLeft > 0}
        >
          {submitting ? t('login.submitting') : t('login.submit')}
        </button>

        <p className="auth-alt">
          {t('login.no-account')} <Link to={withRedirect('/register')}>{t('login.register')}</Link>
        </p>
      </form>
    </div>
  );
}
