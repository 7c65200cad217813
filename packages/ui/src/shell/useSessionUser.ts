import { useSyncExternalStore } from "react";
import { getSessionUser, sessionVersion, subscribeSession, type SessionUser } from "../session/session";

let cachedVersion = -1;
let cachedUser: SessionUser | null = null;

function snapshot(): SessionUser | null {
  const version = sessionVersion();
  if (version !== cachedVersion) {
    cachedVersion = version;
    cachedUser = getSessionUser();
  }
  return cachedUser;
}

/** The signed-in user from browser storage; re-renders when the session changes. */
export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(subscribeSession, snapshot, () => null);
}
