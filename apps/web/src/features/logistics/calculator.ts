import type { ShipmentType, ShippingAttribute } from '@dsm/contract';
import { checkAmount, parseAmount, type AmountProblem } from '../../lib/amount';
import type { CalculateBody } from './logistics.api';

/** Contract limits (MAX_PARCEL_WEIGHT_KG, MAX_PARCEL_SIDE_CM). */
export const MAX_WEIGHT_KG = 5000;
export const MAX_SIDE_CM = 1000;
export const SIZE_FIELDS = ['length', 'width', 'height'] as const;
const TYPES: readonly ShipmentType[] = ['parcel', 'document'];
const ATTRIBUTES: readonly ShippingAttribute[] = ['general', 'battery', 'liquid', 'powder', 'magnetic', 'cosmetic'];

/** The form as typed (SPEC §3 "Shipping calculator input"). */
export interface CalculatorForm {
  type: ShipmentType;
  from: string;
  to: string;
  weight: string;
  length: string;
  width: string;
  height: string;
  attribute: ShippingAttribute;
}

export const EMPTY_FORM: CalculatorForm = {
  type: 'parcel',
  from: '',
  to: '',
  weight: '',
  length: '',
  width: '',
  height: '',
  attribute: 'general',
};

export type Field = keyof CalculatorForm;
export type Problem = AmountProblem | 'from-required' | 'to-required';
export type Problems = Partial<Record<Field, Problem>>;

/**
 * SPEC §5: from and to required; weight required; for a parcel the three sizes are required
 * (a document envelope is charged by weight alone); amounts positive with at most two decimals.
 */
export function validate(form: CalculatorForm): Problems {
  const problems: Problems = {};
  if (!form.from) problems.from = 'from-required';
  if (!form.to) problems.to = 'to-required';
  const weight = checkAmount(form.weight, { required: true, max: MAX_WEIGHT_KG });
  if (weight) problems.weight = weight;
  for (const side of SIZE_FIELDS) {
    const problem = checkAmount(form[side], { required: form.type === 'parcel', max: MAX_SIDE_CM });
    if (problem) problems[side] = problem;
  }
  return problems;
}

/** The request for a valid form (sizes left out when empty). */
export function toBody(form: CalculatorForm): CalculateBody {
  const body: CalculateBody = {
    type: form.type,
    from: form.from,
    to: form.to,
    weight: parseAmount(form.weight) ?? 0,
    attribute: form.attribute,
  };
  for (const side of SIZE_FIELDS) {
    const value = parseAmount(form[side]);
    if (value !== null) body[side] = value;
  }
  return body;
}

/** A calculation is part of the address (?type=parcel&from=CN&to=US&weight=1.50…): links reproduce it. */
export function formToSearch(form: CalculatorForm): string {
  const params = new URLSearchParams();
  params.set('type', form.type);
  params.set('from', form.from);
  params.set('to', form.to);
  params.set('weight', form.weight);
  for (const side of SIZE_FIELDS) if (form[side]) params.set(side, form[side]);
  params.set('attribute', form.attribute);
  return `?${params.toString()}`;
}

/** The form a URL describes; null when it carries no calculation. */
export function formFromSearch(params: URLSearchParams): CalculatorForm | null {
  if (!params.has('from') && !params.has('to') && !params.has('weight')) return null;
  const type = params.get('type') as ShipmentType | null;
  const attribute = params.get('attribute') as ShippingAttribute | null;
  const text = (key: string) => (params.get(key) ?? '').trim().slice(0, 20);
  return {
    type: type && TYPES.includes(type) ? type : EMPTY_FORM.type,
    from: text('from').toUpperCase(),
    to: text('to').toUpperCase(),
    weight: text('weight'),
    length: text('length'),
    width: text('width'),
    height: text('height'),
    attribute: attribute && ATTRIBUTES.includes(attribute) ? attribute : EMPTY_FORM.attribute,
  };
}
