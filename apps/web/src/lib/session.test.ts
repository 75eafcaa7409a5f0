import { describe, expect, it } from 'vitest';
import { isActiveUser, isOperator, session } from './session';

describe('session store', () => {
  it('login stores token, shop name, user id and user info under the spec keys', () => {
    session.login({
      accessToken: 'abc',
      shopName: 'Sunny',
      userId: 42,
      expiresIn: 3600,
      userInfo: { status: '1', role: 'operator' },
    });
    expect(localStorage.getItem('admin_token')).toBe('abc');
    expect(localStorage.getItem('shop_name')).toBe('Sunny');
    expect(localStorage.getItem('user_id')).toBe('42');
    expect(JSON.parse(localStorage.getItem('user_info')!)).toEqual({ status: '1', role: 'operator' });
    expect(isActiveUser()).toBe(true);
    expect(isOperator()).toBe(true);
  });

  it('survives a reload: state is read back from localStorage', () => {
    session.set({ shoppingCartCount: 4, lang: 'zh-CN', searchWord: 'mug' });
    localStorage.setItem('admin_token', '"from-before"');
    session.reload();
    expect(session.get()).toMatchObject({
      shoppingCartCount: 4,
      lang: 'zh-CN',
      searchWord: 'mug',
      admin_token: 'from-before',
    });
  });

  it('stores the language as plain text, and still reads the quoted form of earlier builds', () => {
    session.set({ lang: 'fr-FR' });
    expect(localStorage.getItem('lang')).toBe('fr-FR');
    localStorage.setItem('lang', '"tr-TR"');
    localStorage.setItem('user_id', '"7"');
    session.reload();
    expect(session.get()).toMatchObject({ lang: 'tr-TR', user_id: '7' });
    localStorage.setItem('user_id', '123');
    session.reload();
    expect(session.get().user_id).toBe('123'); // digits stay text, not a number
  });

  it('ignores an unknown stored language (default en-US)', () => {
    localStorage.setItem('lang', '"de-DE"');
    session.reload();
    expect(session.get().lang).toBe('en-US');
  });

  it('clear() empties the session and local storage but keeps the language', () => {
    session.set({ lang: 'tr-TR', pay_rate: { currencyCode: 'TRY', symbol: '₺', name: 'Lira', rate: 32 } });
    session.login({ accessToken: 'abc', userInfo: { status: '1' } });
    localStorage.setItem('orderDetails', '{}');
    session.clear();
    expect(session.get()).toMatchObject({ admin_token: null, user_info: null, pay_rate: null, lang: 'tr-TR' });
    expect(Object.keys(localStorage)).toEqual(['lang']);
  });
});
