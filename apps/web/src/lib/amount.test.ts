import { describe, expect, it } from 'vitest';
import { checkAmount, formatAmountOnBlur, parseAmount, sanitizeAmountInput } from './amount';

describe('amount inputs (SPEC §5)', () => {
  it('keeps digits and one decimal point; a comma counts as the point', () => {
    expect(sanitizeAmountInput('12a.5')).toBe('12.5');
    expect(sanitizeAmountInput('1,25')).toBe('1.25');
    expect(sanitizeAmountInput('1.2.3')).toBe('1.23');
    expect(sanitizeAmountInput('-3')).toBe('3');
  });

  it('formats a valid amount to two decimals on blur and leaves anything else as typed', () => {
    expect(formatAmountOnBlur('1.5')).toBe('1.50');
    expect(formatAmountOnBlur('7')).toBe('7.00');
    expect(formatAmountOnBlur(' 0.1 ')).toBe('0.10');
    expect(formatAmountOnBlur('2.345')).toBe('2.345');
    expect(formatAmountOnBlur('')).toBe('');
  });

  it('names the problem: required, not positive, more than two decimals, above the limit', () => {
    expect(checkAmount('', { required: true })).toBe('required');
    expect(checkAmount('')).toBeNull();
    expect(checkAmount('0')).toBe('positive');
    expect(checkAmount('0', { allowZero: true })).toBeNull();
    expect(checkAmount('1.234')).toBe('two-decimals');
    expect(checkAmount('5001', { max: 5000 })).toBe('max');
    expect(checkAmount('.')).toBe('number');
    expect(checkAmount('12.50')).toBeNull();
    expect(parseAmount('12.50')).toBe(12.5);
  });
});
