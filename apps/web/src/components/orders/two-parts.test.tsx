import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderTwoParts } from '@dsm/contract';
import { loadNamespace } from '../../lib/i18n';
import { TwoPartsPanel } from './two-parts';

const usd = (v: number) => `$${v.toFixed(2)}`;
const parts = (over: Partial<OrderTwoParts>): OrderTwoParts => ({
  orderId: 'o-1',
  offer: null,
  state: 'deposit-paid',
  percent: 30,
  deposit: 180,
  balance: 420,
  paid: 180,
  due: 420,
  ...over,
});

beforeAll(() => loadNamespace('payments'));

/** A bulk order's two parts on the buyer's and the operator's order pages (decision 0145). */
describe('the two parts of a bulk order', () => {
  it('the buyer sees the deposit paid, the balance due at purchase, what is still due, and may cancel', async () => {
    const cancel = vi.fn();
    render(<TwoPartsPanel parts={parts({})} money={usd} viewer="user" onCancel={cancel} />);
    const panel = screen.getByTestId('two-parts');
    expect(panel).toHaveTextContent('Deposit (30 %)$180.00 · paid');
    expect(panel).toHaveTextContent('Balance$420.00 · due when the goods are purchased, from your wallet');
    expect(screen.getByTestId('two-parts-due')).toHaveTextContent('$420.00');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the order and get the deposit back' }));
    expect(cancel).toHaveBeenCalledOnce();
  });

  it('the operator is told the purchase charges the balance; a held balance says shipping waits', () => {
    const { rerender } = render(<TwoPartsPanel parts={parts({})} money={usd} viewer="operator" />);
    expect(screen.getByText(/charges the balance of \$420\.00 from the buyer's wallet/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    rerender(<TwoPartsPanel parts={parts({ state: 'balance-held' })} money={usd} viewer="operator" />);
    expect(screen.getByTestId('two-parts')).toHaveTextContent('held: waiting for a top-up');
    expect(screen.getByText(/shipping is refused until it is paid/)).toBeInTheDocument();
  });

  it('paid, returned and not-yet-chosen orders', () => {
    const { rerender, container } = render(
      <TwoPartsPanel parts={parts({ state: 'balance-paid', paid: 600, due: 0 })} money={usd} viewer="user" />,
    );
    expect(screen.getByTestId('two-parts-due')).toHaveTextContent('$0.00');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    rerender(<TwoPartsPanel parts={parts({ state: 'returned', paid: 0, due: 0 })} money={usd} viewer="user" />);
    expect(screen.getByTestId('two-parts')).toHaveTextContent('$180.00 · returned to your wallet');
    rerender(<TwoPartsPanel parts={parts({ state: null })} money={usd} viewer="user" />);
    expect(container).toBeEmptyDOMElement();
  });
});
