import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ShipmentType, ShippingAttribute } from '@dsm/contract';
import { Combobox } from '../../components/ui/combobox';
import { formatAmountOnBlur, sanitizeAmountInput } from '../../lib/amount';
import { useCountries } from '../../lib/countries';
import { useMoney } from '../../lib/money';
import { useSession } from '../../lib/session';
import {
  EMPTY_FORM,
  MAX_SIDE_CM,
  MAX_WEIGHT_KG,
  SIZE_FIELDS,
  formFromSearch,
  formToSearch,
  toBody,
  validate,
  type CalculatorForm,
  type Field,
  type Problem,
} from './calculator';
import { calculateQuery, useAttributes, useWarehouses, type CalculateOutcome, type FieldErrors } from './logistics.api';
import '../../components/ui/field.css';
import './logistics.css';

const FIELD_ORDER: Field[] = ['type', 'from', 'to', 'weight', 'length', 'width', 'height', 'attribute'];

/**
 * /shippingfee: the shipping fee calculator (SPEC §3, §5). The calculation is in the URL, so a
 * link or the back button shows the same result; the form checks what it can before asking.
 */
export default function ShippingFeePage() {
  const { t } = useTranslation('logistics');
  const [params] = useSearchParams();
  const submitted = useMemo(() => formFromSearch(params), [params]);
  const body = submitted && Object.keys(validate(submitted)).length === 0 ? toBody(submitted) : null;
  const result = useQuery({ ...calculateQuery(body ?? toBody(EMPTY_FORM)), enabled: body !== null });
  const serverErrors = result.data?.kind === 'invalid' ? result.data.errors : {};

  return (
    <div className="shipping-page">
      <header className="shipping-head">
        <h1>{t('title')}</h1>
        <p>{t('intro')}</p>
      </header>
      <div className="shipping-layout">
        {/* A new address (back button, a link) starts the form from what it says. */}
        <CalculatorFormView key={params.toString()} initial={submitted ?? EMPTY_FORM} serverErrors={serverErrors} />
        <Results submitted={body ? submitted : null} result={result} />
      </div>
    </div>
  );
}

function CalculatorFormView({ initial, serverErrors }: { initial: CalculatorForm; serverErrors: FieldErrors }) {
  const { t } = useTranslation('logistics');
  const navigate = useNavigate();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<CalculatorForm>(initial);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submittedOnce, setSubmittedOnce] = useState(false);
  const warehouses = useWarehouses();
  const attributes = useAttributes();
  const countries = useCountries();

  const problems = validate(form);
  const message = (field: Field, problem: Problem) => {
    if (problem === 'from-required' || problem === 'to-required') return t(`errors.${problem}`);
    return t(`errors.${problem}`, { max: field === 'weight' ? MAX_WEIGHT_KG : MAX_SIDE_CM });
  };
  /** The message a field shows: ours once it was left or the form sent, else the server's. */
  const errorOf = (field: Field): string | undefined => {
    const problem = problems[field];
    if (problem && (touched[field] || submittedOnce)) return message(field, problem);
    const unchanged = form[field] === initial[field];
    return unchanged ? serverErrors[field] : undefined;
  };

  const set = <K extends Field>(field: K, value: CalculatorForm[K]) => setForm((f) => ({ ...f, [field]: value }));
  const touch = (field: Field) => setTouched((s) => ({ ...s, [field]: true }));

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmittedOnce(true);
    const first = FIELD_ORDER.find((f) => problems[f]);
    if (first) {
      formRef.current?.ownerDocument.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    void navigate(`/shippingfee${formToSearch(form)}`);
  }

  function reset() {
    setForm(EMPTY_FORM);
    setTouched({});
    setSubmittedOnce(false);
    void navigate('/shippingfee');
  }

  const described = (field: Field, hint?: boolean) =>
    [errorOf(field) ? `${id}-${field}-error` : '', hint ? `${id}-${field}-hint` : ''].filter(Boolean).join(' ') ||
    undefined;
  const error = (field: Field) =>
    errorOf(field) ? (
      <p className="ui-error" id={`${id}-${field}-error`}>
        {errorOf(field)}
      </p>
    ) : null;

  const amountField = (field: 'weight' | 'length' | 'width' | 'height', unit: string, optional: boolean) => (
    <div className="ui-field">
      <label className="ui-label" htmlFor={`${id}-${field}`}>
        {t(`fields.${field}`)}
        {optional ? <span className="optional"> {t('optional')}</span> : null}
      </label>
      <div className="ui-suffix">
        <input
          id={`${id}-${field}`}
          className="ui-input"
          inputMode="decimal"
          autoComplete="off"
          value={form[field]}
          aria-required={!optional}
          aria-invalid={errorOf(field) ? true : undefined}
          aria-describedby={described(field)}
          onChange={(e) => set(field, sanitizeAmountInput(e.target.value))}
          onBlur={() => {
            set(field, formatAmountOnBlur(form[field]));
            touch(field);
          }}
        />
        <span className="ui-suffix-text" aria-hidden="true">
          {unit}
        </span>
      </div>
      {error(field)}
    </div>
  );

  const isDocument = form.type === 'document';
  return (
    <form ref={formRef} className="calc-form" onSubmit={submit} noValidate aria-label={t('form')}>
      <fieldset className="calc-type">
        <legend className="ui-label">{t('fields.type')}</legend>
        <div className="type-options">
          {(['parcel', 'document'] as ShipmentType[]).map((type) => (
            <label key={type} className="type-option">
              <input
                type="radio"
                name="type"
                value={type}
                checked={form.type === type}
                onChange={() => set('type', type)}
              />
              <span>
                <strong>{t(`types.${type}`)}</strong>
                <span className="type-hint">{t(`types.${type}-hint`)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="calc-grid">
        <div className="ui-field">
          <label className="ui-label" htmlFor={`${id}-from`}>
            {t('fields.from')}
          </label>
          <select
            id={`${id}-from`}
            className="ui-select"
            value={form.from}
            aria-required="true"
            aria-invalid={errorOf('from') ? true : undefined}
            aria-describedby={described('from')}
            onChange={(e) => set('from', e.target.value)}
            onBlur={() => touch('from')}
          >
            <option value="">{t('choose-warehouse')}</option>
            {(warehouses.data ?? []).map((w) => (
              <option key={w.code} value={w.code}>
                {w.name}
              </option>
            ))}
            {form.from && !warehouses.data?.some((w) => w.code === form.from) ? (
              <option value={form.from}>{form.from}</option>
            ) : null}
          </select>
          {error('from')}
        </div>

        <div className="ui-field">
          <label className="ui-label" htmlFor={`${id}-to`}>
            {t('fields.to')}
          </label>
          <Combobox
            id={`${id}-to`}
            label={t('fields.to')}
            placeholder={t('choose-country')}
            options={(countries.data ?? []).map((c) => ({ value: c.code, label: c.name, keywords: c.code }))}
            value={form.to || null}
            onChange={(code) => {
              set('to', code);
              touch('to');
            }}
            onBlur={() => touch('to')}
            invalid={Boolean(errorOf('to'))}
            describedBy={described('to')}
            disabled={!countries.data}
            noOptionsText={t('no-country')}
          />
          {error('to')}
        </div>
      </div>

      <div className="calc-grid">
        {amountField('weight', 'kg', false)}
        <div className="ui-field">
          <label className="ui-label" htmlFor={`${id}-attribute`}>
            {t('fields.attribute')}
          </label>
          <select
            id={`${id}-attribute`}
            className="ui-select"
            value={form.attribute}
            onChange={(e) => set('attribute', e.target.value as ShippingAttribute)}
          >
            {(attributes.data ?? [{ code: form.attribute, name: t(`attributes.${form.attribute}`) }]).map((a) => (
              <option key={a.code} value={a.code}>
                {a.name}
              </option>
            ))}
          </select>
        </div>
      </div>

      <fieldset className="calc-sizes">
        <legend className="ui-label">{t(isDocument ? 'fields.size-optional' : 'fields.size')}</legend>
        <div className="calc-grid three">
          {SIZE_FIELDS.map((side) => (
            <div key={side}>{amountField(side, 'cm', isDocument)}</div>
          ))}
        </div>
      </fieldset>

      <div className="calc-actions">
        <button type="submit" className="button button-primary">
          {t('calculate')}
        </button>
        <button type="button" className="button button-secondary" onClick={reset}>
          {t('reset')}
        </button>
      </div>
    </form>
  );
}

interface ResultsProps {
  submitted: CalculatorForm | null;
  result: UseQueryResult<CalculateOutcome>;
}

function Results({ submitted, result }: ResultsProps) {
  const { t } = useTranslation('logistics');
  const money = useMoney();
  const lang = useSession((s) => s.lang);
  const weight = new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 3 });
  const data = result.data;

  let content;
  if (!submitted) content = <p className="ui-hint">{t('results.empty')}</p>;
  else if (result.isError) content = <p className="ui-error">{result.error.message}</p>;
  else if (!data) content = <p className="ui-hint">{t('results.loading')}</p>;
  else if (data.kind === 'invalid') content = <p className="ui-error">{t('results.invalid')}</p>;
  else {
    const options = data.kind === 'quote' ? data.quote.options : [];
    const excluded = data.quote?.excluded ?? [];
    content = (
      <>
        {options.length ? (
          <div className="table-scroll" tabIndex={0} role="region" aria-label={t('results.caption')}>
            <table className="quote-table">
              <caption>{t('results.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('results.method')}</th>
                  <th scope="col">{t('results.days')}</th>
                  <th scope="col" className="num">
                    {t('results.weight')}
                  </th>
                  <th scope="col" className="num">
                    {t('results.price')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {options.map((o, i) => (
                  <tr key={o.methodId}>
                    <th scope="row">
                      {o.name}
                      {i === 0 && options.length > 1 ? (
                        <span className="badge-cheapest">{t('results.cheapest')}</span>
                      ) : null}
                    </th>
                    <td>{t('results.days-value', { min: o.days.min, max: o.days.max })}</td>
                    <td className="num">{t('results.kg', { value: weight.format(o.chargeableWeight) })}</td>
                    <td className="num price-cell">{money(o.price)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="quote-none">{t('results.not-found')}</p>
        )}
        {excluded.length ? (
          <div className="quote-excluded">
            <h3>{t('results.excluded')}</h3>
            <ul>
              {excluded.map((m) => (
                <li key={m.methodId}>
                  <strong>{m.name}</strong>: {m.reason}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <section className="calc-results" aria-labelledby="calc-results-title" aria-busy={result.isFetching}>
      <h2 id="calc-results-title">{t('results.title')}</h2>
      <div aria-live="polite">{content}</div>
    </section>
  );
}
