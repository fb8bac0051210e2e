/**
 * Session storage keys of docs/rules/README.md#fields. The password is never stored (house rule); the merchant code
 * survives logout and lives in local storage as well (docs/rules/accounts.md#a-24).
 */
export const SESSION_KEYS = {
  token: 'token',
  nickname: 'nickname',
  account: 'account',
  username: 'username',
  customerId: 'customerId',
  isAgent: 'isAgent',
  merchantCode: 'merchantCode',
  hotGames: 'HOT_GAMES',
  operatorToken: 'operatorToken',
} as const;

function read(store: Storage, key: string): string | null {
  try {
    return store.getItem(key);
  } catch {
    return null;
  }
}
function write(store: Storage, key: string, value: string | null): void {
  try {
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode quotas); the app keeps working from memory.
  }
}

/** The member token, or null when logged out. */
export function getToken(): string | null {
  return read(sessionStorage, SESSION_KEYS.token);
}

/**
 * A token held in memory between the login answer and the end of the login flow (forced password
 * change, first-login step): calls made then need it, but it is not the page's session yet, so a
 * cancelled flow leaves nothing in storage.
 */
let pendingToken: string | null = null;
/** Sets or clears the in-flight login token. */
export function setPendingToken(token: string | null): void {
  pendingToken = token;
}
/** The token calls carry: the stored session, else the in-flight login's. */
export function getRequestToken(): string | null {
  return getToken() ?? pendingToken;
}

/** The operator console token, kept apart from the member token. */
export function getOperatorToken(): string | null {
  return read(sessionStorage, SESSION_KEYS.operatorToken);
}
/** Stores or clears the operator token. */
export function setOperatorToken(token: string | null): void {
  write(sessionStorage, SESSION_KEYS.operatorToken, token);
}

/** What a successful login leaves in session storage. */
export type TStoredSession = {
  token: string;
  username: string;
  nickname: string;
  account: string;
  customerId: number;
  isAgent: boolean;
};

/** Writes the session keys after login (never the password). */
export function storeSession(s: TStoredSession): void {
  write(sessionStorage, SESSION_KEYS.token, s.token);
  write(sessionStorage, SESSION_KEYS.username, s.username);
  write(sessionStorage, SESSION_KEYS.nickname, s.nickname);
  write(sessionStorage, SESSION_KEYS.account, s.account);
  write(sessionStorage, SESSION_KEYS.customerId, String(s.customerId));
  write(sessionStorage, SESSION_KEYS.isAgent, String(s.isAgent));
}

/** docs/rules/accounts.md#a-21 logout: clears session storage while keeping the merchant code. */
export function clearSession(): void {
  const merchant = getMerchantCode();
  const operator = getOperatorToken();
  try {
    sessionStorage.clear();
  } catch {
    // ignore: nothing to clear
  }
  if (merchant) write(sessionStorage, SESSION_KEYS.merchantCode, merchant);
  // The operator console session is a different login; a member logout must not end it.
  if (operator) setOperatorToken(operator);
}

/** Merchant code from session storage, then local storage. */
export function getMerchantCode(): string | null {
  return read(sessionStorage, SESSION_KEYS.merchantCode) ?? read(localStorage, SESSION_KEYS.merchantCode);
}
/** Keeps the merchant code in both stores (docs/rules/accounts.md#a-24). */
export function setMerchantCode(code: string): void {
  write(sessionStorage, SESSION_KEYS.merchantCode, code);
  write(localStorage, SESSION_KEYS.merchantCode, code);
}

/** Reads a JSON value cached in session storage (hot games until refresh, docs/rules/accounts.md#a-24). */
export function readSessionJson<T>(key: string): T | null {
  const raw = read(sessionStorage, key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
/** Caches a JSON value in session storage. */
export function writeSessionJson(key: string, value: unknown): void {
  write(sessionStorage, key, JSON.stringify(value));
}
/** Generic session read for small flags (announcement popup state). */
export function readSession(key: string): string | null {
  return read(sessionStorage, key);
}
/** Generic session write. */
export function writeSession(key: string, value: string | null): void {
  write(sessionStorage, key, value);
}
