import { useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, isLocale, type Currency, type Locale } from '@dsm/contract';

/** What the server tells us about the signed-in user (SPEC §3); more fields may follow. */
export interface UserInfo {
  status?: string;
  role?: 'user' | 'operator' | string;
  [field: string]: unknown;
}

/** Login answer (SPEC §3 "Login payload fields read"). */
export interface LoginPayload {
  accessToken: string;
  shopName?: string | null;
  userId?: string | number | null;
  expiresIn?: number;
  userInfo?: UserInfo | null;
}

/** The persisted session state; each key is stored in localStorage under its own name (SPEC §9). */
export interface SessionState {
  admin_token: string | null;
  shop_name: string | null;
  user_id: string | null;
  user_info: UserInfo | null;
  userinfo_config: unknown;
  session_key: string | null;
  searchWord: string;
  shoppingCartCount: number;
  pay_rate: Currency | null;
  lang: Locale;
}

const INITIAL: SessionState = {
  admin_token: null,
  shop_name: null,
  user_id: null,
  user_info: null,
  userinfo_config: null,
  session_key: null,
  searchWord: '',
  shoppingCartCount: 0,
  pay_rate: null,
  lang: DEFAULT_LOCALE,
};

const KEYS = Object.keys(INITIAL) as Array<keyof SessionState>;
/**
 * Text values are stored as they are (lang=fr-FR, as SPEC §9 stores it); the rest as JSON.
 * Reading still accepts the JSON-quoted form earlier builds wrote.
 */
const STRING_KEYS = new Set<keyof SessionState>([
  'admin_token',
  'shop_name',
  'user_id',
  'session_key',
  'searchWord',
  'lang',
]);

function readString(raw: string): string {
  const quoted = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"');
  return quoted ? String(readJson(raw)) : raw;
}

function readJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode): the session lives in memory only
  }
}

function readStored(): SessionState {
  const next: Record<string, unknown> = { ...INITIAL };
  const store = storage();
  for (const key of KEYS) {
    const raw = store?.getItem(key);
    if (raw == null) continue;
    next[key] = STRING_KEYS.has(key) ? readString(raw) : readJson(raw);
  }
  const state = next as unknown as SessionState;
  if (!isLocale(state.lang)) state.lang = DEFAULT_LOCALE;
  if (typeof state.shoppingCartCount !== 'number') state.shoppingCartCount = Number(state.shoppingCartCount) || 0;
  if (typeof state.searchWord !== 'string') state.searchWord = '';
  return state;
}

let state: SessionState = readStored();
if (state.lang !== DEFAULT_LOCALE) mirrorLang(state.lang);
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/**
 * The language also goes in a cookie: the server reads it to put a catalogue page's first answers
 * in its HTML in the language the page will ask in (decision 0122). Not a secret, not a session.
 */
function mirrorLang(lang: string) {
  if (typeof document !== 'undefined' && !document.cookie.includes(`lang=${lang}`))
    document.cookie = `lang=${lang}; path=/; max-age=31536000; samesite=lax`;
}

function persist(patch: Partial<SessionState>) {
  if (patch.lang) mirrorLang(patch.lang);
  const store = storage();
  if (!store) return;
  for (const [key, value] of Object.entries(patch)) {
    try {
      if (value === null || value === undefined) store.removeItem(key);
      else
        store.setItem(
          key,
          STRING_KEYS.has(key as keyof SessionState) && typeof value === 'string' ? value : JSON.stringify(value),
        );
    } catch {
      // quota exceeded: keep the in-memory value
    }
  }
}

export const session = {
  get: (): SessionState => state,

  set(patch: Partial<SessionState>) {
    state = { ...state, ...patch };
    persist(patch);
    emit();
  },

  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** Stores a successful login (SPEC §3). */
  login(payload: LoginPayload) {
    session.set({
      admin_token: payload.accessToken,
      shop_name: payload.shopName ?? null,
      user_id: payload.userId == null ? null : String(payload.userId),
      user_info: payload.userInfo ?? null,
    });
  },

  /**
   * Logout and session-invalid (A00004): clear the token and the local storage (SPEC §4).
   * `lang` is written back on purpose: the visitor's language is a device preference, not part
   * of the session, and dropping it would switch the interface back to English on logout.
   */
  clear() {
    const { lang } = state;
    try {
      storage()?.clear();
    } catch {
      // nothing stored
    }
    state = { ...INITIAL, lang };
    persist({ lang });
    emit();
  },

  /** Re-reads localStorage (another tab changed it, or a test reset it). */
  reload() {
    state = readStored();
    emit();
  },
};

export const isLoggedIn = (s: SessionState = state): boolean => Boolean(s.admin_token);
/** The account menu shows for a token AND an active user (status '1', SPEC §2). */
export const isActiveUser = (s: SessionState = state): boolean => isLoggedIn(s) && s.user_info?.status === '1';
export const isOperator = (s: SessionState = state): boolean => isLoggedIn(s) && s.user_info?.role === 'operator';
/** A personal agent (decision 0127): staff who work only the sourcing queue of their users. */
export const isAgent = (s: SessionState = state): boolean => isLoggedIn(s) && s.user_info?.role === 'agent';

if (typeof window !== 'undefined') {
  // Keep tabs in step: a logout in one tab logs out the others.
  window.addEventListener('storage', (event) => {
    if (event.key === null || (KEYS as string[]).includes(event.key)) session.reload();
  });
}

/** Subscribes a component to one slice of the session. */
export function useSession<T>(select: (s: SessionState) => T): T {
  return useSyncExternalStore(
    session.subscribe,
    () => select(state),
    () => select(INITIAL),
  );
}
