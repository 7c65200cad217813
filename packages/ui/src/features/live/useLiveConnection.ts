import { useEffect, useState } from "react";
import { useApi, type ParleyApi } from "../../api/client";
import { unwrap } from "../../api/errors";
import { useSelectedConfiguration } from "../../configuration/selection";
import { playNotificationSound } from "../../notifications/sound";
import { notificationStore, type NotificationStore } from "../../notifications/store";
import { getToken } from "../../session/session";
import { useSessionUser } from "../../shell/useSessionUser";
import type { LiveConnection } from "./connection";
import { liveStore, toPortalNotification, type LiveStore } from "./liveStore";

/** The bell's changes go to the server's notifications calls. */
export function notificationBackend(api: ParleyApi) {
  const byId = (id: string) => ({ params: { path: { id } } });
  return {
    setRead: async (id: string, isRead: boolean) =>
      unwrap(isRead ? await api.POST("/notifications/{id}/read", byId(id)) : await api.POST("/notifications/{id}/unread", byId(id))),
    hide: async (id: string) => unwrap(await api.POST("/notifications/{id}/hide", byId(id))),
    markAllRead: async () => unwrap(await api.POST("/notifications/read-all", { body: {} })),
  };
}

export interface UseLiveConnectionOptions {
  /** False while the account has nothing to watch (self-onboarding). */
  enabled?: boolean;
  url?: string;
  store?: LiveStore;
  notifications?: NotificationStore;
}

/**
 * The signed-in agent's live connection, held by the shell: opened when there is a user (with the
 * token, offline without), for an admin only with a configuration selected and reopened for another one,
 * closed on sign-out or unload.
 * It also lists the agent's stored notifications for the bell and stores the bell's changes.
 */
export function useLiveConnection({ enabled = true, url = "/live", store = liveStore, notifications = notificationStore }: UseLiveConnectionOptions = {}): void {
  const api = useApi();
  const user = useSessionUser();
  const selected = useSelectedConfiguration();
  const signedIn = enabled && user !== null;
  const token = signedIn ? getToken() : null;
  const isAdmin = user?.role === "admin";
  const userId = user?.id ?? null;
  const customerId = user?.customerId ?? null;
  const firstname = user?.firstname ?? "";
  const lastname = user?.lastname ?? "";
  const watched = isAdmin ? (selected?._id ?? null) : null;
  // A page restored from the back/forward cache closed its connection when it was hidden: open a new one.
  const [restored, setRestored] = useState(0);
  useEffect(() => {
    const handlePageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setRestored((count) => count + 1);
    };
    window.addEventListener("pageshow", handlePageShow);
    return () => window.removeEventListener("pageshow", handlePageShow);
  }, []);

  useEffect(() => {
    if (!signedIn) return;
    if (!token) {
      store.setConnection("offline", "user_token_not_found");
      return;
    }
    // An admin watches the configuration selected, never every tenant's conversations at once.
    if (isAdmin && !watched) {
      store.setConnection("offline", "no_configuration");
      return;
    }
    let connection: LiveConnection | null = null;
    let cancelled = false;
    store.setConnection("connecting");
    import("./connection")
      .then(({ connectLive }) => {
        if (cancelled) return;
        connection = connectLive({
          url,
          token,
          agent: { userId, customerId, firstname, lastname },
          ...(watched ? { configurationIds: [watched] } : {}),
          store,
          notifications,
          playSound: playNotificationSound,
          target: window,
        });
      })
      .catch(() => {
        if (!cancelled) store.setConnection("offline", "services_offline");
      });
    return () => {
      cancelled = true;
      connection?.disconnect();
    };
  }, [restored, signedIn, token, url, isAdmin, userId, customerId, firstname, lastname, watched, store, notifications]);

  useEffect(() => {
    if (!signedIn || !token) return;
    let cancelled = false;
    notifications.setBackend(notificationBackend(api));
    api
      .GET("/notifications", { params: { query: { limit: 50 } } })
      .then((result) => {
        if (cancelled || !result.success) return;
        notifications.replaceAll(result.data.data.map(toPortalNotification));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      notifications.setBackend(null);
      // Signed out, or another token: the notifications were that session's.
      notifications.clear();
    };
  }, [api, signedIn, token, notifications]);
}
