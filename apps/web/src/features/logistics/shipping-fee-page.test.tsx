import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RATES, fakeApi } from '../../test/fake-api';
import { envelope, renderRoutes } from '../../test/render';
import { session } from '../../lib/session';
import { toast } from '../../lib/toast';
import ShippingFeePage from './shipping-fee-page';
import { loadNamespace } from '../../lib/i18n';

// The page's texts load with its route (a lazy namespace, decision 0109).
beforeAll(() => loadNamespace('logistics'));

const QUOTE = {
  options: [
    { methodId: 3, code: 'DHL', name: 'DHL Express', price: 29.6, days: { min: 3, max: 6 }, chargeableWeight: 1.5 },
    {
      methodId: 2,
      code: 'YUN',
      name: 'YunExpress Standard',
      price: 8.7,
      days: { min: 7, max: 15 },
      chargeableWeight: 1.5,
    },
  ],
  excluded: [
    { methodId: 1, code: 'POST', name: 'China Post', reasonCode: 'attribute', reason: 'Refuses battery goods' },
  ],
};

function calculatorApi(calculate: NonNullable<Parameters<typeof fakeApi>[0]>[string] = () => envelope(QUOTE)) {
  return fakeApi({
    'GET /api/logistics/warehouse': () =>
      envelope([
        { code: 'CN', name: 'China warehouse', country: 'CN' },
        { code: 'US', name: 'US warehouse', country: 'US' },
      ]),
    'GET /api/logistics/attributes': () =>
      envelope([
        { code: 'general', name: 'General goods' },
        { code: 'battery', name: 'Battery' },
      ]),
    'GET /api/countries': () =>
      envelope([
        { code: 'DE', name: 'Germany' },
        { code: 'US', name: 'United States' },
      ]),
    'POST /api/logistics/calculate': calculate,
  });
}

const calculateCalls = (fetchMock: ReturnType<typeof fakeApi>) =>
  fetchMock.mock.calls
    .filter(([u]) => String(u) === '/api/logistics/calculate')
    .map(([, init]) => JSON.parse(String(init?.body)));

function renderCalculator(path = '/shippingfee') {
  return renderRoutes([{ path: '/shippingfee', element: <ShippingFeePage /> }], path);
}

async function chooseCountry(user: ReturnType<typeof userEvent.setup>, name: string) {
  const to = screen.getByRole('combobox', { name: 'Shipping to' });
  await waitFor(() => expect(to).toBeEnabled());
  await user.click(to);
  await user.click(screen.getByRole('option', { name }));
}

afterEach(() => vi.unstubAllGlobals());

describe('shipping fee calculator', () => {
  it('requires from, to, weight and the sizes of a parcel before asking the server', async () => {
    const fetchMock = calculatorApi();
    const user = userEvent.setup();
    renderCalculator();
    await user.click(screen.getByRole('button', { name: 'Calculate' }));

    expect(screen.getByText('Please choose the warehouse the goods ship from')).toBeInTheDocument();
    expect(screen.getByText('Please choose the destination country')).toBeInTheDocument();
    expect(screen.getAllByText('Please enter a value')).toHaveLength(4); // weight, length, width, height
    expect(screen.getByLabelText('Shipping from')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Shipping from')).toHaveFocus();
    expect(calculateCalls(fetchMock)).toEqual([]);

    // A document is charged by weight: its sizes are optional.
    await user.click(screen.getByRole('radio', { name: /Document/ }));
    expect(screen.getAllByText('Please enter a value')).toHaveLength(1);
  });

  it('checks amounts as they are left: positive, two decimals at most; formats them to two decimals', async () => {
    calculatorApi();
    const user = userEvent.setup();
    renderCalculator();
    const weight = screen.getByLabelText('Weight (kg)');
    const length = screen.getByLabelText('Length (cm)');
    const width = screen.getByLabelText('Width (cm)');

    await user.type(weight, '1,5'); // a comma is the decimal point too
    await user.tab();
    expect(weight).toHaveValue('1.50');
    expect(weight).not.toHaveAttribute('aria-invalid');

    await user.type(length, '2.345');
    await user.tab();
    expect(length).toHaveValue('2.345');
    expect(length).toHaveAttribute('aria-invalid', 'true');
    expect(length).toHaveAccessibleDescription('At most 2 decimals');

    await user.type(width, '0');
    await user.tab();
    expect(width).toHaveValue('0.00');
    expect(width).toHaveAccessibleDescription('Please enter a value greater than 0');

    await user.clear(weight);
    await user.type(weight, '6000');
    await user.tab();
    expect(weight).toHaveAccessibleDescription('At most 5000');
  });

  it('puts the calculation in the URL and lists the methods cheapest first, with the excluded ones', async () => {
    const fetchMock = calculatorApi();
    session.set({ pay_rate: RATES[1]! }); // EUR
    const user = userEvent.setup();
    const { router } = renderCalculator();

    await waitFor(() => expect(screen.getByRole('option', { name: 'China warehouse' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('Shipping from'), 'CN');
    await chooseCountry(user, 'United States');
    await user.type(screen.getByLabelText('Weight (kg)'), '1.5');
    await user.type(screen.getByLabelText('Length (cm)'), '20');
    await user.type(screen.getByLabelText('Width (cm)'), '15');
    await user.type(screen.getByLabelText('Height (cm)'), '10');
    await user.selectOptions(screen.getByLabelText('Attribute'), 'battery');
    await user.click(screen.getByRole('button', { name: 'Calculate' }));

    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?type=parcel&from=CN&to=US&weight=1.50&length=20.00&width=15.00&height=10.00&attribute=battery',
      ),
    );
    const table = await screen.findByRole('table', { name: 'Methods that can carry this parcel, cheapest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'YunExpress StandardCheapest',
      'DHL Express',
    ]);
    expect(rows[0]).toHaveTextContent('7–15 days');
    expect(rows[0]).toHaveTextContent('1.50 kg');
    expect(rows[0]).toHaveTextContent('€8.00'); // 8.70 × 0.92
    expect(screen.getByText('Refuses battery goods', { exact: false })).toHaveTextContent(
      'China Post: Refuses battery goods',
    );
    expect(calculateCalls(fetchMock)).toEqual([
      { type: 'parcel', from: 'CN', to: 'US', weight: 1.5, length: 20, width: 15, height: 10, attribute: 'battery' },
    ]);
  });

  it('restores the form and the result from a link', async () => {
    calculatorApi();
    renderCalculator('/shippingfee?type=document&from=US&to=DE&weight=0.25&attribute=general');
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Document/ })).toBeChecked();
    expect(screen.getByLabelText('Weight (kg)')).toHaveValue('0.25');
    await waitFor(() => expect(screen.getByLabelText('Shipping from')).toHaveValue('US'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Shipping to' })).toHaveValue('Germany'));
  });

  it('says "Shipping information not found" with the reasons when no method can carry it', async () => {
    calculatorApi(() =>
      envelope(
        {
          options: [],
          excluded: [
            {
              methodId: 6,
              code: 'USPS',
              name: 'USPS Ground',
              reasonCode: 'destination',
              reason: 'Does not deliver to Germany',
            },
          ],
          reason: 'no-shipping-method',
        },
        { code: 'A00001', msg: 'Shipping information not found', status: 422 },
      ),
    );
    renderCalculator('/shippingfee?type=parcel&from=US&to=DE&weight=1&length=1&width=1&height=1&attribute=general');
    expect(await screen.findByText('Shipping information not found')).toBeInTheDocument();
    expect(screen.getByText('Does not deliver to Germany', { exact: false })).toHaveTextContent(
      'USPS Ground: Does not deliver to Germany',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(toast.list()).toEqual([]);
  });

  it('shows the server’s field messages (A00002) beside the fields', async () => {
    calculatorApi(() =>
      envelope([{ field: 'to', message: 'Please use a two-letter country code, such as US' }], {
        code: 'A00002',
        msg: 'Please use a two-letter country code, such as US',
        status: 400,
      }),
    );
    renderCalculator('/shippingfee?type=parcel&from=CN&to=XX&weight=1&length=1&width=1&height=1');
    const to = screen.getByRole('combobox', { name: 'Shipping to' });
    await waitFor(() => expect(to).toHaveAccessibleDescription('Please use a two-letter country code, such as US'));
    expect(screen.getByText('Please correct the highlighted fields.')).toBeInTheDocument();
  });
});
