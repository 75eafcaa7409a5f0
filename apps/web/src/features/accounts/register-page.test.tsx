import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { envelope, renderRoutes } from '../../test/render';
import { fakeApi } from '../../test/fake-api';
import { session } from '../../lib/session';
import RegisterPage from './register-page';
import { loadNamespace } from '../../lib/i18n';

// The page's texts load with its route (a lazy namespace, decision 0109).
beforeAll(() => loadNamespace('accounts'));

const COUNTRIES = [
  { code: 'FR', name: 'France' },
  { code: 'DE', name: 'Germany' },
  { code: 'TR', name: 'Turkey' },
];

const LOGIN_RESULT = {
  accessToken: 'tok-new',
  shopName: 'ada',
  userId: 'u-1',
  expiresIn: 7200,
  userInfo: {
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
  },
};

function renderRegister(path = '/register') {
  return renderRoutes(
    [
      { path: '/register', element: <RegisterPage /> },
      { path: '*', element: <p>landed</p> },
    ],
    path,
  );
}

/** The message shown under a field (the element its aria-describedby points at). */
function messageOf(input: HTMLElement): string | null {
  const id = input.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

async function fillValidForm(user: UserEvent, overrides: { email?: string } = {}) {
  await user.type(screen.getByLabelText('User name'), '  ada  ');
  await user.type(screen.getByLabelText('First name'), 'Ada');
  await user.type(screen.getByLabelText('Last name'), 'Lovelace');
  await user.type(screen.getByLabelText('Email'), overrides.email ?? ' ada@example.com ');
  await user.type(screen.getByLabelText('Phone number'), '+33 1 23 45 67 89');
  await user.click(screen.getByRole('combobox', { name: 'Country' }));
  await user.keyboard('Fra');
  await user.click(await screen.findByRole('option', { name: 'France' }));
  await user.selectOptions(screen.getByLabelText('User type'), 'dropshipping');
  await user.selectOptions(screen.getByLabelText('Platform type'), 'shopify');
  await user.selectOptions(screen.getByLabelText('Channel type'), 'search');
  await user.type(screen.getByLabelText('Password'), 'secret123');
  await user.type(screen.getByLabelText('Confirm password'), 'secret123');
  await user.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
}

afterEach(() => vi.unstubAllGlobals());

describe('register page', () => {
  it('says what each empty field needs, without calling the server', async () => {
    const fetchMock = fakeApi({ 'GET /api/countries': () => envelope(COUNTRIES) });
    const user = userEvent.setup();
    renderRegister();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    // The submit waits for the form's rules, loaded on first use: slow on a busy machine.
    await waitFor(() => expect(screen.getByLabelText('User name')).toHaveAttribute('aria-invalid', 'true'), {
      timeout: 10_000,
    });

    const expected: Array<[string, string]> = [
      ['User name', 'Please enter your user name'],
      ['First name', 'Please enter your first name'],
      ['Last name', 'Please enter your last name'],
      ['Email', 'Please enter your email address'],
      ['Phone number', 'Please enter a phone number'],
      ['User type', 'Please select a user type'],
      ['Platform type', 'Please select a platform type'],
      ['Channel type', 'Please select a channel type'],
      ['Password', 'Please enter a password'],
      ['Confirm password', 'Please enter the password again'],
    ];
    for (const [label, message] of expected) {
      const input = screen.getByLabelText(label);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(messageOf(input)).toBe(message);
    }
    expect(messageOf(screen.getByRole('combobox', { name: 'Country' }))).toBe('Please select a country');
    expect(screen.getByText('Please read and accept the user agreement')).toBeInTheDocument();
    // The focus goes to the first field at fault.
    expect(screen.getByLabelText('User name')).toHaveFocus();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/register'))).toBe(false);
  });

  it('checks the form on a submit that comes before any field had the focus (its rules load then)', async () => {
    const fetchMock = fakeApi({ 'GET /api/countries': () => envelope(COUNTRIES) });
    renderRegister();
    // No field was focused, so the schema is not loaded yet: the submit waits for it.
    expect(messageOf(screen.getByLabelText('User name'))).toBeNull();
    fireEvent.submit(screen.getByRole('button', { name: 'Create account' }).closest('form')!);
    await waitFor(() => expect(messageOf(screen.getByLabelText('User name'))).toBe('Please enter your user name'));
    expect(screen.getByText('Please read and accept the user agreement')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/register'))).toBe(false);
  });

  it('checks the e-mail format, the password rule and the confirmation like the server', async () => {
    fakeApi({ 'GET /api/countries': () => envelope(COUNTRIES) });
    const user = userEvent.setup();
    renderRegister();
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    const confirm = screen.getByLabelText('Confirm password');

    await user.type(email, 'ada@example');
    await user.tab();
    expect(messageOf(email)).toBe('The email address entered is incorrect');
    await user.type(email, '.com');
    expect(messageOf(email)).toBeNull();

    const rule = 'The password must be longer than 6 characters and contain letters and digits';
    for (const weak of ['abc123', 'abcdefgh', '12345678']) {
      await user.clear(password);
      await user.type(password, weak);
      await user.tab();
      expect(messageOf(password), weak).toBe(rule);
    }
    await user.clear(password);
    await user.type(password, 'abc1234');
    // Seven characters with letters and digits: accepted; the hint is shown again instead.
    expect(messageOf(password)).toBe('More than 6 characters, with letters and digits');
    expect(password).not.toHaveAttribute('aria-invalid');

    await user.type(confirm, 'abc12345');
    await user.tab();
    expect(messageOf(confirm)).toBe('The two passwords entered do not match');
    await user.type(confirm, '{Backspace}');
    expect(messageOf(confirm)).toBeNull();
  });

  it('posts every field trimmed, logs the new user in and goes to the redirect target', async () => {
    const fetchMock = fakeApi({
      'GET /api/countries': () => envelope(COUNTRIES),
      'POST /api/register': () => envelope(LOGIN_RESULT),
    });
    const user = userEvent.setup();
    const { router } = renderRegister(`/register?redirect=${encodeURIComponent('/user/profile')}`);
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/user/profile'));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/api/register') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      username: 'ada',
      firstname: 'Ada',
      lastname: 'Lovelace',
      email: 'ada@example.com',
      phoneNumber: '+33 1 23 45 67 89',
      country: 'FR',
      userType: 'dropshipping',
      platform: 'shopify',
      channel: 'search',
      password: 'secret123',
      confirmPassword: 'secret123',
      agreement: true,
    });
    // A retry after a lost answer must not create a second account (decision 0062).
    expect((init?.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(session.get()).toMatchObject({ admin_token: 'tok-new', shop_name: 'ada', user_id: 'u-1' });
    expect(session.get().user_info?.status).toBe('1');
  });

  it('shows the server\'s "too common" password message under the password field', async () => {
    const common = 'This password is too common and easy to guess, please choose another';
    fakeApi({
      'GET /api/countries': () => envelope(COUNTRIES),
      'POST /api/register': () =>
        envelope([{ field: 'password', message: common }], { code: 'A00002', msg: common, status: 400 }),
    });
    const user = userEvent.setup();
    renderRegister();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(messageOf(password)).toBe(common));
    expect(password).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the server field errors (A00002) under their fields', async () => {
    fakeApi({
      'GET /api/countries': () => envelope(COUNTRIES),
      'POST /api/register': () =>
        envelope(
          [
            { field: 'country', message: 'Please choose a country from the list' },
            { field: 'phoneNumber', message: 'phone number must have at most 32 characters' },
          ],
          { code: 'A00002', msg: 'Please choose a country from the list', status: 400 },
        ),
    });
    const user = userEvent.setup();
    const { router } = renderRegister();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const country = screen.getByRole('combobox', { name: 'Country' });
    await waitFor(() => expect(messageOf(country)).toBe('Please choose a country from the list'));
    expect(country).toHaveAttribute('aria-invalid', 'true');
    expect(messageOf(screen.getByLabelText('Phone number'))).toBe('phone number must have at most 32 characters');
    expect(router.state.location.pathname).toBe('/register');
    expect(session.get().admin_token).toBeNull();

    // Editing the field clears the server's message for it.
    await user.type(screen.getByLabelText('Phone number'), '0');
    expect(messageOf(screen.getByLabelText('Phone number'))).toBeNull();
  });

  it('says clearly that the e-mail address is already registered, with the way to log in', async () => {
    fakeApi({
      'GET /api/countries': () => envelope(COUNTRIES),
      'POST /api/register': () =>
        envelope({ field: 'email' }, { code: 'A00007', msg: 'This email address is already registered', status: 409 }),
    });
    const user = userEvent.setup();
    renderRegister();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This email address is already registered');
    expect(within(alert).getByRole('link', { name: 'Log in with this address' })).toHaveAttribute('href', '/login');
    expect(within(alert).getByRole('link', { name: 'Reset your password' })).toHaveAttribute('href', '/resetpassword');
    const email = screen.getByLabelText('Email');
    expect(messageOf(email)).toBe('This email address is already registered');
    await waitFor(() => expect(email).toHaveFocus());
  });

  it('links the user agreement, opening in a new tab', async () => {
    fakeApi({ 'GET /api/countries': () => envelope(COUNTRIES) });
    renderRegister();
    const link = screen.getByRole('link', { name: /platform user service agreement/ });
    expect(link).toHaveAttribute('href', '/useragreement');
    expect(link).toHaveAttribute('target', '_blank');
  });
});
