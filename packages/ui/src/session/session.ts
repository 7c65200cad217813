/**
 * The signed-in session in browser storage (interfaces.md): the JWT under `accessToken`, the user's
 * data as JSON under `userData`. A small observable store so the shell re-renders on change.
 */
import { isRole, type Role } from "@parley/domain/roles";

export { isRole, type Role };

export interface SessionUser {
  id?: string;
  customerId?: string | null;
  username?: string;
  firstname?: string;
  lastname?: string;
  email?: string;
  role?: Role;
  avatar?: string | null;
  showWizard?: boolean;
  showInstructions?: boolean;
  forceRefreshPassword?: boolean;
  languageCode?: string | null;
}

export const tokenStorageKey = "accessToken";
export const userStorageKey = "userData";

type Listener = () => void;
const listeners = new Set<Listener>();
let version = 0;

function notify(): void {
  version++;
  listeners.forEach((listener) => listener());
}

export function getToken(): string | null {
  return localStorage.getItem(tokenStorageKey);
}

export function getSessionUser(): SessionUser | null {
  const raw = localStorage.getItem(userStorageKey);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === "object" ? (parsed as SessionUser) : null;
  } catch {
    return null;
  }
}

export function setSession(token: string, user: SessionUser): void {
  localStorage.setItem(tokenStorageKey, token);
  localStorage.setItem(userStorageKey, JSON.stringify(user));
  notify();
}

export function setToken(token: string): void {
  localStorage.setItem(tokenStorageKey, token);
  notify();
}

export function updateSessionUser(change: Partial<SessionUser>): SessionUser {
  const next = { ...(getSessionUser() ?? {}), ...change };
  localStorage.setItem(userStorageKey, JSON.stringify(next));
  notify();
  return next;
}

export function clearSession(): void {
  localStorage.removeItem(tokenStorageKey);
  localStorage.removeItem(userStorageKey);
  notify();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function sessionVersion(): number {
  return version;
}

export function fullName(user: SessionUser | null): string {
  if (!user) return "";
  return [user.firstname, user.lastname].filter(Boolean).join(" ") || user.username || user.email || "";
}
