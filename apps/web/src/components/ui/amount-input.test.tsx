import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AmountInput, DecimalInput } from './amount-input';

/** A labelled field the way a form uses it, showing the value the form receives. */
function Form({ initial = null as number | null }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <label htmlFor="amount">Amount to withdraw</label>
      <AmountInput id="amount" value={value} onChange={setValue} />
      <output data-testid="value">{value === null ? 'none' : String(value)}</output>
      <button type="button">next</button>
    </>
  );
}

const field = () => screen.getByLabelText('Amount to withdraw') as HTMLInputElement;
const received = () => screen.getByTestId('value').textContent;

describe('AmountInput (SPEC §5 amount inputs)', () => {
  it('is reached by its label, and asks phones for the decimal keypad', () => {
    render(<Form />);
    expect(field()).toHaveAttribute('inputmode', 'decimal');
    expect(field()).toHaveAttribute('type', 'text');
  });

  it('ignores letters as they are typed', async () => {
    render(<Form />);
    await userEvent.type(field(), '1a2b.c5');
    expect(field()).toHaveValue('12.5');
    expect(received()).toBe('12.5');
  });

  it('refuses a third decimal', async () => {
    render(<Form />);
    await userEvent.type(field(), '60.129');
    expect(field()).toHaveValue('60.12');
    expect(received()).toBe('60.12');
  });

  it('formats to two decimals on blur: 12.5 → 12.50, 7 → 7.00', async () => {
    render(<Form />);
    await userEvent.type(field(), '12.5');
    await userEvent.click(screen.getByRole('button', { name: 'next' }));
    expect(field()).toHaveValue('12.50');
    await userEvent.clear(field());
    await userEvent.type(field(), '7');
    await userEvent.tab();
    expect(field()).toHaveValue('7.00');
    expect(received()).toBe('7');
  });

  it('takes a comma as the decimal point (fr-FR, tr-TR keyboards)', async () => {
    render(<Form />);
    await userEvent.type(field(), '50,25');
    expect(field()).toHaveValue('50.25');
    expect(received()).toBe('50.25');
  });

  it('shows a value set from outside with two decimals, and empties to no value', async () => {
    render(<Form initial={60} />);
    expect(field()).toHaveValue('60.00');
    await userEvent.clear(field());
    expect(received()).toBe('none');
  });
});

describe('DecimalInput with other limits', () => {
  it('whole numbers only when decimals is 0', async () => {
    render(<DecimalInput aria-label="Quantity" decimals={0} />);
    await userEvent.type(screen.getByLabelText('Quantity'), '3.7x');
    expect(screen.getByLabelText('Quantity')).toHaveValue('37');
    expect(screen.getByLabelText('Quantity')).toHaveAttribute('inputmode', 'numeric');
  });
});
