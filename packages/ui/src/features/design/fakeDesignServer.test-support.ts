import { defaultChatbotButtonSettings, defaultChatbotSettings } from "@parley/domain/chatbotDesign";
import { Blob as NodeBlob, File as NodeFile } from "node:buffer";
import { vi } from "vitest";

export { fakeTrainingServer as fakeDesignServer, problem } from "../training/fakeServer.test-support";

/** A design as the server answers it: the defaults with these fields. */
export function savedDesign(chat: Record<string, unknown> = {}, button: Record<string, unknown> = {}) {
  return {
    chatbotSettings: {
      ...defaultChatbotSettings,
      _id: "d1",
      configuration_id: "c1",
      isTemplate: false,
      templateName: null,
      ...chat,
    },
    chatbotButtonSettings: { ...defaultChatbotButtonSettings, configuration_id: "c1", ...button },
  };
}

/**
 * The stubbed fetch builds Node's Request, which takes jsdom's files for nameless blobs: the files and the
 * SDK's multipart body are Node's own here, as they are all the browser's own in a portal.
 */
export async function useNodeMultipart(): Promise<() => void> {
  const NodeFormData = (await new Response(new URLSearchParams("a=1")).formData()).constructor;
  vi.stubGlobal("FormData", NodeFormData);
  vi.stubGlobal("Blob", NodeBlob);
  return () => vi.unstubAllGlobals();
}

export const fileOf = (name: string, content: string | Uint8Array, type: string) =>
  new NodeFile([content], name, { type }) as unknown as File;
