/**
 * React Query hooks of the chatbot design calls (spec 02 §7.4) over @parley/sdk, one per call, and the
 * knowledge search the Test environment shows. Every call of the three screens is made here.
 */
import type { DesignImageType } from "@parley/domain/chatbotDesign";
import type { Schemas } from "@parley/sdk";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../api/client";
import { ApiError, unwrap } from "../../api/errors";

export type ChatbotDesign = Schemas["ChatbotDesign"];
export type ChatbotImage = Schemas["ChatbotImage"];
export type KnowledgeHit = Schemas["KnowledgeHit"];

export const designQueryKeys = {
  design: (configurationId: string) => ["design", "settings", configurationId] as const,
  images: (configurationId: string) => ["design", "images", configurationId] as const,
  script: (configurationId: string) => ["design", "script", configurationId] as const,
  testTicket: (configurationId: string) => ["design", "test-ticket", configurationId] as const,
};

/** A ticket lasts 12 hours (the server's); a fresh one is asked for well before that. */
const testTicketFreshMs = 6 * 60 * 60_000;

/**
 * The server's ticket for the Test environment: the widget framed with it starts test conversations, whose
 * answers use no message of the quota.
 */
export function useWidgetTestTicket(configurationId: string) {
  const api = useApi();
  return useQuery({
    queryKey: designQueryKeys.testTicket(configurationId),
    queryFn: async () => unwrap(await api.POST("/widget/test-ticket", { body: { configuration_id: configurationId } })).data.test_ticket,
    staleTime: testTicketFreshMs,
  });
}

/** The saved design, or null while none is saved ('No settings found': the screen starts from the defaults). */
export function useChatbotDesign(configurationId: string) {
  const api = useApi();
  return useQuery({
    queryKey: designQueryKeys.design(configurationId),
    queryFn: async (): Promise<ChatbotDesign | null> => {
      try {
        return unwrap(
          await api.GET("/chatbot/settings/byConfigurationId", {
            params: { query: { configuration_id: configurationId } },
          }),
        ).data;
      } catch (error) {
        if (error instanceof ApiError && error.code === "no_settings_found") return null;
        throw error;
      }
    },
  });
}

export function useSaveChatbotDesign() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ChatbotDesign) => unwrap(await api.POST("/chatbot/settings", { body })).data,
    onSuccess: (saved, body) =>
      queryClient.setQueryData(designQueryKeys.design(body.chatbotSettings.configuration_id), saved),
  });
}

/** Every design image of a configuration (the screen sorts them by type). */
export function useChatbotImages(configurationId: string) {
  const api = useApi();
  return useQuery({
    queryKey: designQueryKeys.images(configurationId),
    queryFn: async () =>
      unwrap(
        await api.GET("/chatbot/settings/image/list", {
          params: { query: { configuration_id: configurationId } },
        }),
      ).images,
  });
}

export function useUploadChatbotImage(configurationId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, imageType }: { file: File; imageType: DesignImageType }) =>
      unwrap(
        await api.POST("/chatbot/settings/image/upload", {
          body: { file, configuration_id: configurationId, image_type: String(imageType) as "1" },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: designQueryKeys.images(configurationId) }),
  });
}

export function useDeleteChatbotImage(configurationId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (image: Pick<ChatbotImage, "filename" | "image_type">) =>
      unwrap(
        await api.DELETE("/chatbot/settings/image/delete", {
          body: { configuration_id: configurationId, filename: image.filename, image_type: image.image_type },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: designQueryKeys.images(configurationId) }),
  });
}

/** The snippet a customer pastes into their website. */
export function useChatbotScript(configurationId: string) {
  const api = useApi();
  return useQuery({
    queryKey: designQueryKeys.script(configurationId),
    queryFn: async () =>
      unwrap(
        await api.GET("/chatbot/settings/script", {
          params: { query: { configuration_id: configurationId } },
        }),
      ).script,
  });
}

/** Stores the demo page (an HTML file) and answers where it opens. */
export function useUploadChatbotDemo(configurationId: string) {
  const api = useApi();
  return useMutation({
    mutationFn: async (file: File) =>
      unwrap(
        await api.POST("/chatbot/settings/demo/upload", {
          body: { configuration_id: configurationId, demo_content: file },
        }),
      ).url,
  });
}

/** What the assistant's retrieval finds for a question: article chunks and FAQ rows, best first. */
export function useKnowledgeSearch(configurationId: string) {
  const api = useApi();
  return useMutation({
    mutationFn: async (question: string) =>
      unwrap(
        await api.POST("/training/search_in_articles", {
          body: { configurationId, searchText: question, includeFaq: true, limit: 10 },
        }),
      ).data,
  });
}
