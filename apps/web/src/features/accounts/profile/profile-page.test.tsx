import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { Address } from '@dsm/contract';
import { envelope, renderRoutes } from '../../../test/render';
import { fakeApi } from '../../../test/fake-api';
import { session } from '../../../lib/session';
import ProfilePage from './profile-page';
import { loadNamespace } from '../../../lib/i18n';

// The page's texts load with its route (a lazy namespace, decision 0109).
beforeAll(() => Promise.all([loadNamespace('accounts'), loadNamespace('sourcing')]));

// jsdom lacks ResizeObserver; antd's Tabs measure their bar with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const COUNTRIES = [
  { code: 'DE', name: 'Germany' },
  { code: 'FR', name: 'France' },
];

const PROFILE = {
  userId: 'u-1',
  username: 'ada',
  firstname: 'Ada',
  lastname: 'Lovelace',
  email: 'ada@example.com',
  phoneNumber: '+33 1 23 45 67 89',
  country: 'FR',
  status: '1',
  role: 'user',
  userType: 'dropshipping',
  taxId: '',
  address: '',
};

function address(id: string, firstName: string, isDefault: boolean): Address {
  return {
    addrId: id,
    firstName,
    lastName: 'Doe',
    country: 'DE',
    company: 'Acme GmbH',
    companyID: 'HRB 1',
    vatnumber: 'DE123',
    province: 'Berlin',
    city: 'Berlin',
    street: 'Hauptstraße',
    houseNo: '5',
    address: 'Hinterhaus',
    phoneNumber: '+49 30 1234',
    emails: `${firstName.toLowerCase()}@example.com`,
    postCode: '10115',
    kind: 'consignee',
    isDefault,
    createdAt: '2025-01-01T00:00:00.000Z',
  };
}

function renderProfile(path = '/user/profile') {
  return renderRoutes([{ path: '/user/profile', element: <ProfilePage /> }], path);
}

/** The card (list item) of the address of one person. */
const card = (name: string) => screen.getByRole('listitem', { name });

beforeEach(() => {
  session.login({ accessToken: 'tok', shopName: 'ada', userId: 'u-1', userInfo: { status: '1', role: 'user' } });
});
afterEach(() => vi.unstubAllGlobals());

describe('profile page', { timeout: 30_000 }, () => {
  it('switches between registration info, consignee and billing addresses, keeping the tab in the address', async () => {
    const fetchMock = fakeApi({
      'GET /api/countries': () => envelope(COUNTRIES),
      'GET /api/p/user/info': () => envelope(PROFILE),
      'GET /api/p/address': (url) =>
        envelope(url.searchParams.get('kind') === 'consignee' ? [address('a1', 'Jane', true)] : []),
      'GET /api/p/sourcing/agent': () =>
        envelope({
          id: 'agent-1',
          name: 'Lina Chen',
          email: 'lina@example.com',
          languages: ['zh-CN', 'en-US'],
          hoursFrom: '09:00',
          hoursTo: '18:00',
          timeZone: 'Asia/Shanghai',
          photo: '/api/files/sourcing/lina.png',
          active: true,
        }),
      'GET /api/p/agent-messages': () =>
        envelope([
          {
            id: 'm-1',
            fromStaff: true,
            authorName: 'Lina Chen',
            text: 'Your order left our warehouse today.',
            orderId: 'o-1',
            orderNumber: 'O00000042',
            createdAt: '2026-11-20T10:00:00.000Z',
          },
        ]),
    });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { router } = renderProfile();

    expect(await screen.findByRole('heading', { name: 'Registration info' })).toBeInTheDocument();
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('France')).toBeInTheDocument();

    // The account area shows my personal agent's card (decision 0134): photo, languages, e-mail, chat.
    const card = await screen.findByRole('region', { name: 'Your personal agent' });
    expect(within(card).getByText('Lina Chen')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Photo of Lina Chen' })).toHaveAttribute(
      'src',
      '/api/files/sourcing/lina.png',
    );
    expect(within(card).getByRole('link', { name: 'lina@example.com' })).toHaveAttribute(
      'href',
      'mailto:lina@example.com',
    );
    expect(within(card).getByRole('link', { name: 'Chat with us' })).toHaveAttribute(
      'href',
      'https://chat.example.com/support',
    );

    // And my thread with the agent (decision 0137): what the agent wrote, about which order.
    const thread = await screen.findByRole('region', { name: 'Messages with your agent' });
    expect(await within(thread).findByText('Your order left our warehouse today.')).toBeInTheDocument();
    expect(within(thread).getByText(/about order O00000042/)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Address management' }));
    expect(await screen.findByRole('heading', { name: 'Consignee addresses' })).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Jane Doe' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=consignee');

    await user.click(screen.getByRole('tab', { name: 'Bill address' }));
    expect(await screen.findByRole('heading', { name: 'Billing addresses' })).toBeInTheDocument();
    expect(await screen.findByText('You have no billing address yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add your first billing address' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=billing');
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/p/address?kind=billing')).toBe(true);

    await user.click(screen.getByRole('tab', { name: 'Registration info' }));
    expect(await screen.findByRole('heading', { name: 'Registration info' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('opens the tab named in the address', async () => {
    fakeApi({
      'GET /api/countries': () => envelope(COUNTRIES),
      'GET /api/p/address': () => envelope([]),
    });
    renderProfile('/user/profile?tab=billing');
    expect(await screen.findByRole('heading', { name: 'Billing addresses' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Bill address' })).toHaveAttribute('aria-selected', 'true');
  });

  it('marks the default address and moves the mark with "set as default"', async () => {
    let list = [address('a1', 'Jane', true), address('a2', 'John', false)];
    const fetchMock = fakeApi({
      'GET /api/countries': () => envelope(COUNTRIES),
      'GET /api/p/address': () => envelope(list),
      'PUT /api/p/address/a2/default': () => {
        list = [address('a2', 'John', true), address('a1', 'Jane', false)];
        return envelope(list[0]);
      },
    });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderProfile('/user/profile?tab=consignee');

    await screen.findByRole('listitem', { name: 'Jane Doe' });
    expect(within(card('Jane Doe')).getByText('Default')).toBeInTheDocument();
    expect(within(card('John Doe')).queryByText('Default')).not.toBeInTheDocument();
    // The default has no "set as default" button; the other has.
    expect(within(card('Jane Doe')).queryByRole('button', { name: /as default/ })).not.toBeInTheDocument();
    expect(within(card('John Doe')).getByText('Germany')).toBeInTheDocument();

    await user.click(within(card('John Doe')).getByRole('button', { name: 'Set the address of John Doe as default' }));
    await waitFor(() => expect(within(card('John Doe')).getByText('Default')).toBeInTheDocument());
    expect(within(card('Jane Doe')).queryByText('Default')).not.toBeInTheDocument();
    expect(screen.getAllByText('Default')).toHaveLength(1);
    expect(
      fetchMock.mock.calls.some(([url, init]) => String(url) === '/api/p/address/a2/default' && init?.method === 'PUT'),
    ).toBe(true);
    // The default is listed first.
    const names = screen
      .getAllByRole('listitem')
      .map((li) => li.getAttribute('aria-labelledby') && within(li).getByRole('heading').textContent);
    expect(names).toEqual(['John Doe', 'Jane Doe']);
  });

  it('requires every address field before saving, and shows server errors under their fields', async () => {
    const fetchMock = fakeApi({
      'GET /api/countries': () => envelope(COUNTRIES),
      'GET /api/p/address': () => envelope([]),
      'POST /api/p/address': () =>
        envelope([{ field: 'postCode', message: 'post code must have at most 16 characters' }], {
          code: 'A00002',
          msg: 'post code must have at most 16 characters',
          status: 400,
        }),
    });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderProfile('/user/profile?tab=consignee');

    await user.click(await screen.findByRole('button', { name: 'Add your first consignee address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add consignee address' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const required = [
      'Please enter the first name',
      'Please enter the last name',
      'Please enter the company',
      'Please enter the company ID',
      'Please enter the VAT number',
      'Please select a country',
      'Please enter the province or state',
      'Please enter the city',
      'Please enter the street',
      'Please enter the house number',
      'Please enter the address',
      'Please enter the post code',
      'Please enter a phone number',
      'Please enter an email address',
    ];
    for (const message of required) expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    const fill: Array<[string, string]> = [
      ['First name', 'Jane'],
      ['Last name', 'Doe'],
      ['Company', 'Acme'],
      ['Company ID', 'HRB 1'],
      ['VAT number', 'DE123'],
      ['Province / state', 'Berlin'],
      ['City', 'Berlin'],
      ['Street', 'Hauptstraße'],
      ['House number', '5'],
      ['Address', 'Hinterhaus'],
      ['Post code', '10115'],
      ['Phone number', '+49 30 1234'],
      ['Email', 'jane@example'],
    ];
    for (const [label, value] of fill) {
      await user.click(within(dialog).getByLabelText(label));
      await user.paste(value);
    }
    await user.click(within(dialog).getByLabelText('Country'));
    await user.click(await screen.findByTitle('Germany'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The email address entered is incorrect')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Email'), '.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('post code must have at most 16 characters')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST') ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({
      kind: 'consignee',
      country: 'DE',
      emails: 'jane@example.com',
      isDefault: false,
    });
  });

  it('edits the registration info, the e-mail staying read-only', async () => {
    let saved: unknown;
    fakeApi({
      'GET /api/countries': () => envelope(COUNTRIES),
      'GET /api/p/user/info': () => envelope(PROFILE),
      'PUT /api/p/user/info': (_url, init) => {
        saved = JSON.parse(String(init.body));
        return envelope({ ...PROFILE, ...(saved as object) });
      },
    });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    const username = screen.getByLabelText('User name');
    await user.clear(username);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter your user name')).toBeInTheDocument();

    await user.type(username, ' ada_shop ');
    await user.type(screen.getByLabelText('Tax ID'), 'FR-99');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Edit profile' })).toBeInTheDocument();
    expect(saved).toEqual({
      username: 'ada_shop',
      firstname: 'Ada',
      lastname: 'Lovelace',
      phoneNumber: '+33 1 23 45 67 89',
      taxId: 'FR-99',
      country: 'FR',
      address: '',
    });
    expect(session.get().shop_name).toBe('ada_shop');
  });
});
