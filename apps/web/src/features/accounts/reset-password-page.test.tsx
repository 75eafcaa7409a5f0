import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, renderRoutes } from '../../test/render';
import { fakeApi } from '../../test/fake-api';
import ResetPasswordPage from './reset-password-page';
import { loadNamespace } from '../../lib/i18n';

// The page's texts load with its route (a lazy namespace, decision 0109).
beforeAll(() => loadNamespace('accounts'));

function renderReset() {
  return renderRoutes(
    [
      { path: '/resetpassword', element: <ResetPasswordPage /> },
      { path: '*', element: <p>landed</p> },
    ],
    '/resetpassword',
  );
}

function messageOf(input: HTMLElement): string | null {
  const id = input.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

const bodiesOf = (fetchMock: ReturnType<typeof fakeApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url) === path)
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('reset password page', () => {
  it('asks for a valid e-mail before sending a code', async () => {
    const fetchMock = fakeApi();
    const user = userEvent.setup();
    renderReset();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(messageOf(screen.getByLabelText('Email'))).toBe('Please enter your email address');
    await user.type(screen.getByLabelText('Email'), 'ada@');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(messageOf(screen.getByLabelText('Email'))).toBe('The email address entered is incorrect');
    expect(bodiesOf(fetchMock, '/api/password/code')).toHaveLength(0);
  });

  it('lets a new code be asked for only after the 60-second countdown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = fakeApi({ 'POST /api/password/code': () => envelope(null) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderReset();
    await user.type(screen.getByLabelText('Email'), ' ada@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByText(/If an account uses ada@example.com/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Verification code')).toHaveFocus());
    const resend = screen.getByRole('button', { name: 'Resend in 60 s' });
    expect(resend).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(screen.getByRole('button', { name: 'Resend in 1 s' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    const again = screen.getByRole('button', { name: 'Resend code' });
    expect(again).toBeEnabled();

    await user.click(again);
    expect(await screen.findByRole('button', { name: 'Resend in 60 s' })).toBeDisabled();
    expect(bodiesOf(fetchMock, '/api/password/code')).toEqual([
      { email: 'ada@example.com' },
      { email: 'ada@example.com' },
    ]);
  });

  it('shows "Send email failed" as the server says it, and stays on the first step', async () => {
    fakeApi({
      'POST /api/password/code': () => envelope(null, { code: 'A00001', msg: 'Send email failed', status: 422 }),
    });
    const user = userEvent.setup();
    renderReset();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Send email failed');
    expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();
  });

  it('checks the code and the new password, shows "Verification failed" under the code, then succeeds', async () => {
    let attempts = 0;
    const fetchMock = fakeApi({
      'POST /api/password/code': () => envelope(null),
      'POST /api/password/reset': () => {
        attempts += 1;
        return attempts === 1
          ? envelope([{ field: 'emailCode', message: 'Verification failed' }], {
              code: 'A00002',
              msg: 'Verification failed',
              status: 400,
            })
          : envelope(null);
      },
    });
    const user = userEvent.setup();
    renderReset();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const code = await screen.findByLabelText('Verification code');

    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(messageOf(code)).toBe('Please enter the verification code');
    expect(messageOf(screen.getByLabelText('New password'))).toBe('Please enter a password');

    await user.type(code, '12345');
    await user.type(screen.getByLabelText('New password'), 'newpass1');
    await user.type(screen.getByLabelText('Confirm new password'), 'newpass2');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(messageOf(code)).toBe('The verification code has 6 digits');
    expect(messageOf(screen.getByLabelText('Confirm new password'))).toBe('The two passwords entered do not match');

    await user.type(code, '6');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'newpass1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(messageOf(code)).toBe('Verification failed'));
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('heading', { name: 'Your password has been changed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to log in' })).toHaveAttribute('href', '/login');
    expect(bodiesOf(fetchMock, '/api/password/reset').at(-1)).toEqual({
      email: 'ada@example.com',
      emailCode: '654321',
      password: 'newpass1',
      confirmPassword: 'newpass1',
    });
  });
});
