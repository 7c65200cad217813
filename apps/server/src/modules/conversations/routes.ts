import type { OperationTable } from "../../platform/http/operations";
import { requiredTenantOf } from "../tenancy";
import type { ConversationsService } from "./service";

/** History, one conversation, its CSV export and the post-processed list: each of a configuration the caller may see. */
export function conversationOperations(conversations: ConversationsService): OperationTable {
  return {
    listConversationHistory: async (request) => ({
      status: "success" as const,
      ...(await conversations.history(requiredTenantOf(request, "configuration")._id, request.query)),
    }),
    exportConversationHistory: async (request, reply) => {
      const { csv, filename } = await conversations.exportCsv(requiredTenantOf(request, "configuration")._id, request.query);
      // A stream: the rows are read a page at a time and sent as they are written.
      return reply.type("text/csv; charset=utf-8").header("Content-Disposition", `attachment; filename="${filename}"`).send(csv);
    },
    listPostProcessedConversations: async (request) => ({
      status: "success" as const,
      ...(await conversations.postProcessed(requiredTenantOf(request, "configuration")._id, request.query)),
    }),
    getConversation: async (request) => ({
      status: "success" as const,
      data: await conversations.conversation(requiredTenantOf(request, "configuration")._id, request.params.session_id),
    }),
  };
}
