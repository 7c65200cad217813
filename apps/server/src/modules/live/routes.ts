import type { Db } from "../../platform/db/db";
import type { OperationTable } from "../../platform/http/operations";
import { callerOf, tenantOf } from "../tenancy";
import { hideNotification, listNotifications, markAllNotificationsRead, markNotification } from "./notifications";
import type { LiveService } from "./service";

/** The agents' HTTP calls: their notifications, and the live list (the socket's `initial_conversations`). */
export function liveOperations(db: Db, live: LiveService): OperationTable {
  return {
    listNotifications: async (request) => {
      const caller = callerOf(request);
      const configuration = tenantOf(request, "configuration");
      const { data, unread } = await listNotifications(db, caller.userId, {
        unreadOnly: request.query.unread_only ?? false,
        configurationId: configuration?._id ?? null,
        limit: request.query.limit ?? 50,
      });
      return { status: "success" as const, data, unread };
    },
    markNotificationRead: async (request) => ({
      status: "success" as const,
      data: await markNotification(db, callerOf(request).userId, request.params.id, true),
    }),
    markNotificationUnread: async (request) => ({
      status: "success" as const,
      data: await markNotification(db, callerOf(request).userId, request.params.id, false),
    }),
    hideNotification: async (request) => {
      await hideNotification(db, callerOf(request).userId, request.params.id);
      return { status: "success" as const, message: "Notification hidden" };
    },
    markAllNotificationsRead: async (request) => {
      const configuration = tenantOf(request, "configuration");
      return { status: "success" as const, updated: await markAllNotificationsRead(db, callerOf(request).userId, configuration?._id ?? null) };
    },
    listLiveConversations: async (request) => {
      const caller = callerOf(request);
      return { status: "success" as const, data: await live.conversations(live.watchOf(caller, tenantOf(request, "configuration"))) };
    },
  };
}
