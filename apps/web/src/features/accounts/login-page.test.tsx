import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, renderRoutes } from '../../test/render';
import { fakeApi } from '../../test/fake-api';
import { session } from '../../lib/session';
import LoginPage from './login-page';
import { loadNamespace } from '../../lib/i18n';

// The page's texts load with its route (a lazy namespace, decision 0109).
beforeAll(() => loadNamespace('accounts'));

const LOGIN_DATA = {
  accessToken: 'tok-9',
  shopName: 'Sunny Shop',
  userId: '9',
  expiresIn: 7200,
  // As the contract's LoginResult has it (the API client checks answers in tests).
  userInfo: {
    userId: '9',
    username: 'ada',
    firstname: 'Ada',
    lastname: 'Lovelace',
    email: 'ada@example.com',
    phoneNumber: '',
    country: 'GB',
    status: '1',
    role: 'user',
    userType: 'dropshipping',
  },
};

function renderLogin(path: string) {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <p>landed</p> },
    ],
    path,
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('login page', () => {
  it('requires email and password before calling the server', async () => {
    const fetchMock = fakeApi();
    const user = userEvent.setup();
    renderLogin('/login');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Please enter your email')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts {email, password}, stores the session and returns to the redirect target', async () => {
    const fetchMock = fakeApi({ 'POST /api/login': () => envelope(LOGIN_DATA) });
    const user = userEvent.setup();
    const { router } = renderLogin(`/login?redirect=${encodeURIComponent('/user/storeorder?tab=2')}`);
    await user.type(screen.getByLabelText('Email'), ' ada@example.com ');
    await user.type(screen.getByLabelText('Password'), 's3cret-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/user/storeorder'));
    expect(router.state.location.search).toBe('?tab=2');
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/api/login') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ada@example.com', password: 's3cret-pass' });
    expect(session.get()).toMatchObject({ admin_token: 'tok-9', shop_name: 'Sunny Shop', user_id: '9' });
  });

  it('never follows a redirect to another site', async () => {
    fakeApi({ 'POST /api/login': () => envelope(LOGIN_DATA) });
    const user = userEvent.setup();
    const { router } = renderLogin('/login?redirect=//evil.example.com/steal');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 's3cret-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
  });

  it('stays on the page with the server message when the credentials are wrong', async () => {
    fakeApi({
      'POST /api/login': () => envelope(null, { code: 'A00001', msg: 'Wrong email or password', status: 422 }),
    });
    const user = userEvent.setup();
    const { router } = renderLogin('/login');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Wrong email or password')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(session.get().admin_token).toBeNull();
  });

  it('says why a disabled account cannot log in, in the form (no second toast)', async () => {
    fakeApi({
      'POST /api/login': () =>
        envelope(null, { code: 'A00001', msg: 'This account has been disabled, please contact us', status: 422 }),
    });
    const user = userEvent.setup();
    renderLogin('/login');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'right-pass1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This account has been disabled, please contact us');
    expect(screen.getAllByText('This account has been disabled, please contact us')).toHaveLength(1);
  });

  it('counts down the wait after too many failures and then lets the user try again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = fakeApi({
      'POST /api/login': () =>
        envelope(
          { retryAfterSeconds: 272 },
          { code: 'A00008', msg: 'Too many attempts, please wait 272 seconds and try again', status: 429 },
        ),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderLogin('/login');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'guess-1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many failed attempts. You can try again in 4:32.');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(62_000));
    expect(screen.getByRole('alert')).toHaveTextContent('try again in 3:30');
    await act(() => vi.advanceTimersByTimeAsync(210_000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/login')).toHaveLength(1);
  });

  it('links to registration (keeping the redirect) and to the password reset', async () => {
    fakeApi();
    renderLogin(`/login?redirect=${encodeURIComponent('/user/profile')}`);
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register?redirect=%2Fuser%2Fprofile',
    );
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/resetpassword');
  });
});
