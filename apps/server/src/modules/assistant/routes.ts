import { DomainError } from "@parley/domain";
import type { FastifyReply } from "fastify";
import type { OperationTable } from "../../platform/http/operations";
import { requiredTenantOf } from "../tenancy";
import { publicMessage } from "../conversations/repository";
import type { AttachmentService } from "./attachments";
import type { ChatBroadcast } from "./chat-socket";
import type { TestTickets } from "./test-tickets";
import type { VisitorService } from "./visitors";

/** A 429 of the visitor limits says when to try again, as the sign-in limits do. */
async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const wait = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    if (typeof wait === "number") void reply.header("retry-after", String(wait));
    throw error;
  }
}

/** The agents' download of a file a visitor sent, within a configuration the caller may see. */
export function agentAttachmentOperations(attachments: AttachmentService): OperationTable {
  return {
    downloadConversationAttachment: async (request, reply) =>
      attachments.downloadForAgents(requiredTenantOf(request, "configuration")._id, request.params.attachment_id, reply),
  };
}

/** The widget's HTTP calls: the fallback of the `/chat` socket and the visitor's own history; the portal's test ticket. */
export function widgetChatOperations(
  visitors: VisitorService,
  broadcast: () => ChatBroadcast | undefined,
  attachments: AttachmentService,
  testTickets: TestTickets,
): OperationTable {
  return {
    createWidgetTestTicket: async (request) => ({ status: "success" as const, data: testTickets.issue(requiredTenantOf(request, "configuration")._id) }),

    uploadWidgetAttachment: async (request, reply) =>
      withRetryAfter(reply, () =>
        attachments.upload(
          {
            configurationId: request.params.configuration_id,
            sessionId: request.body.session_id,
            pageUrl: request.body.page_url ?? null,
            origin: request.headers.origin,
            clientIp: request.ip,
          },
          request.uploads?.file,
        ),
      ),

    downloadWidgetAttachment: async (request, reply) =>
      attachments.download(
        {
          configurationId: request.params.configuration_id,
          attachmentId: request.params.attachment_id,
          sessionId: request.query.session_id,
          pageUrl: request.query.page_url ?? null,
          origin: request.headers.origin,
          clientIp: request.ip,
        },
        reply,
      ),

    sendWidgetMessage: async (request, reply) => {
      const body = request.body;
      const result = await withRetryAfter(reply, async () =>
        visitors.settled(await visitors.send({
          configurationId: request.params.configuration_id,
          sessionId: body.session_id ?? null,
          language: body.language,
          pageUrl: body.page_url ?? null,
          clientIp: request.ip,
          origin: request.headers.origin,
          text: body.message,
          clientMessageId: body.client_message_id ?? null,
          testTicket: body.test_ticket ?? null,
          stream: false,
        })),
      );
      const sessionId = result.conversation.session_id;
      // A socket of the same session (another tab) hears the answer too.
      if (!result.duplicate) broadcast()?.turnFinished(sessionId, result);
      if (result.outcome === "quota_exhausted") throw new DomainError("rate_limited", result.notice, 429);
      return {
        status: "success" as const,
        session_id: sessionId,
        message: publicMessage(result.visitorMessage),
        reply: result.outcome === "answered" || result.outcome === "provider_failed" ? publicMessage(result.reply) : null,
        handled_by: result.outcome === "human_agent" ? ("human_agent" as const) : ("assistant" as const),
      };
    },

    rateWidgetMessage: async (request) => {
      await visitors.rate({
        configurationId: request.params.configuration_id,
        messageId: request.params.message_id,
        sessionId: request.body.session_id,
        rating: request.body.rating,
        origin: request.headers.origin,
        clientIp: request.ip,
        pageUrl: request.body.page_url ?? null,
      });
      return { status: "success" as const, rating: request.body.rating };
    },

    getWidgetHistory: async (request) => {
      const messages = await visitors.history({
        configurationId: request.params.configuration_id,
        sessionId: request.query.session_id,
        origin: request.headers.origin,
        clientIp: request.ip,
        pageUrl: request.query.page_url ?? null,
      });
      return { status: "success" as const, data: messages, session_id: request.query.session_id };
    },
  };
}
