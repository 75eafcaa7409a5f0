import { useId, useState, type FormEvent } from 'react';
import { CHANNELS, ERRORS, PLATFORMS, type RegisterBody, USER_TYPES } from '@dsm/contract';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AlertIcon } from '../../components/ui/icons';
import { safeRedirect } from '../../lib/navigation';
import { session } from '../../lib/session';
import { toast } from '../../lib/toast';
import { referralCode } from '../../lib/referral';
import { register } from './accounts.api';
import { CountryField, SelectField, TextField, fieldId, focusField } from './form-fields';
import { useSchemaForm } from './use-schema-form';
import { conflictField, serverFieldErrors } from './validation';
import './accounts.css';

/** The form's fields in the order they are shown (and checked). */
const EMPTY = {
  username: '',
  firstname: '',
  lastname: '',
  email: '',
  phoneNumber: '',
  country: '',
  userType: '',
  platform: '',
  channel: '',
  password: '',
  confirmPassword: '',
  agreement: false as boolean,
  ref: '',
};
type Field = keyof typeof EMPTY;
const PASSWORDS: readonly Field[] = ['password', 'confirmPassword'];

/** A conflict (A00007) on the e-mail: the address has an account; offer the way in. */
interface Conflict {
  field: string;
  msg: string;
}

const loadSchema = () => import('./form-schemas').then((m) => m.RegisterBody);

/** /register (SPEC §3, §5): every field of the API, checked with the server's own schema. */
export default function RegisterPage() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const formId = useId();
  const form = useSchemaForm<Field, RegisterBody>(
    loadSchema,
    { ...EMPTY, ref: referralCode() },
    { keepSpaces: PASSWORDS },
  );
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);

  const options = <K extends string>(list: readonly K[], prefix: string) =>
    list.map((value) => ({ value, label: t(`${prefix}.${value}`) }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    setConflict(null);
    const checked = await form.submit();
    if (!checked.data) {
      focusField(formId, checked.invalid);
      return;
    }
    setSubmitting(true);
    const result = await register(checked.data);
    setSubmitting(false);
    if (result.success) {
      session.login(result.data);
      toast.success(t('register.welcome', { name: result.data.userInfo.firstname }));
      void navigate(safeRedirect(redirect), { replace: true });
      return;
    }
    if (result.errorCode === ERRORS.VALIDATION.code) {
      const fields = serverFieldErrors(result.data);
      form.setServerErrors(fields);
      focusField(
        formId,
        (Object.keys(EMPTY) as Field[]).find((f) => fields[f]),
      );
      if (Object.keys(fields).length === 0) setFormError(result.msg);
      return;
    }
    const taken = result.errorCode === ERRORS.CONFLICT.code ? conflictField(result.data) : undefined;
    if (taken) {
      // The e-mail or user name is taken: said under the field and, with what to do, above the button.
      form.setServerErrors({ [taken]: result.msg });
      setConflict({ field: taken, msg: result.msg });
      focusField(formId, taken);
      return;
    }
    setFormError(result.msg);
  }

  const agreementError = form.error('agreement');
  const agreementId = fieldId(formId, 'agreement');

  return (
    <div className="auth-page">
      <form className="auth-card auth-card-wide" onSubmit={(e) => void onSubmit(e)} onFocus={form.prime} noValidate>
        <h1>{t('register.title')}</h1>
        <p className="auth-subtitle">{t('register.subtitle')}</p>

        <div className="form-grid">
          <TextField
            form={form}
            formId={formId}
            name="username"
            label={t('fields.username')}
            autoComplete="username"
            className="span-2"
          />
          <TextField
            form={form}
            formId={formId}
            name="firstname"
            label={t('fields.firstname')}
            autoComplete="given-name"
          />
          <TextField
            form={form}
            formId={formId}
            name="lastname"
            label={t('fields.lastname')}
            autoComplete="family-name"
          />
          <TextField
            form={form}
            formId={formId}
            name="email"
            type="email"
            inputMode="email"
            label={t('fields.email')}
            autoComplete="email"
          />
          <TextField
            form={form}
            formId={formId}
            name="phoneNumber"
            type="tel"
            label={t('fields.phoneNumber')}
            autoComplete="tel"
          />
          <CountryField
            form={form}
            formId={formId}
            name="country"
            label={t('fields.country')}
            placeholder={t('placeholders.country')}
          />
          <SelectField
            form={form}
            formId={formId}
            name="userType"
            label={t('fields.userType')}
            options={options(USER_TYPES, 'options.userType')}
            placeholder={t('placeholders.select')}
          />
          <SelectField
            form={form}
            formId={formId}
            name="platform"
            label={t('fields.platform')}
            options={options(PLATFORMS, 'options.platform')}
            placeholder={t('placeholders.select')}
          />
          <SelectField
            form={form}
            formId={formId}
            name="channel"
            label={t('fields.channel')}
            options={options(CHANNELS, 'options.channel')}
            placeholder={t('placeholders.select')}
          />
          <TextField
            form={form}
            formId={formId}
            name="password"
            type="password"
            label={t('fields.password')}
            autoComplete="new-password"
            hint={t('hints.password')}
          />
          <TextField
            form={form}
            formId={formId}
            name="confirmPassword"
            type="password"
            label={t('fields.confirmPassword')}
            autoComplete="new-password"
          />
          <TextField
            form={form}
            formId={formId}
            name="ref"
            label={t('fields.ref')}
            autoComplete="off"
            hint={t('hints.ref')}
          />
        </div>

        <div className="form-check">
          <input
            id={agreementId}
            type="checkbox"
            name="agreement"
            checked={form.values.agreement === true}
            aria-invalid={agreementError ? true : undefined}
            aria-describedby={agreementError ? `${agreementId}-error` : undefined}
            onChange={(e) => {
              form.setValue('agreement', e.target.checked);
              form.blur('agreement');
            }}
          />
          <label htmlFor={agreementId}>
            <Trans
              t={t}
              i18nKey="register.agreement"
              components={{
                terms: <a href="/useragreement" target="_blank" rel="noopener noreferrer" />,
                hint: <span className="sr-only" />,
              }}
            />
          </label>
        </div>
        {agreementError ? (
          <p className="field-error" id={`${agreementId}-error`}>
            {agreementError}
          </p>
        ) : null}

        {conflict ? (
          <div className="form-alert" role="alert">
            <AlertIcon size={18} />
            <div>
              <p>{conflict.msg}</p>
              {conflict.field === 'email' ? (
                <p className="form-alert-links">
                  <Link to={redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login'}>
                    {t('register.conflict-login')}
                  </Link>
                  <Link to="/resetpassword">{t('register.conflict-reset')}</Link>
                </p>
              ) : null}
            </div>
          </div>
        ) : formError ? (
          <p className="form-alert" role="alert">
            <AlertIcon size={18} />
            <span>{formError}</span>
          </p>
        ) : null}

        <button type="submit" className="button button-primary auth-submit" disabled={submitting}>
          {submitting ? t('register.submitting') : t('register.submit')}
        </button>

        <p className="auth-alt">
          {t('register.have-account')}{' '}
          <Link to={redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login'}>
            {t('register.login')}
          </Link>
        </p>
      </form>
    </div>
  );
}
