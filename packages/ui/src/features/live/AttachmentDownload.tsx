import { Button, HStack, Stack, Text } from "@chakra-ui/react";
import { savedAttachmentName, shownAttachmentName } from "@parley/domain/attachmentMessage";
import { useState } from "react";
import { LuPaperclip } from "react-icons/lu";
import { useApi } from "../../api/client";
import { unwrap } from "../../api/errors";

export interface AttachmentDownloadProps {
  configurationId: string;
  /** The file as the visitor's message names it (`attachmentOf`). */
  attachment: { id: string; name: string };
  /** The button's text, of the caller's screen (live or history). */
  label: string;
  failedLabel: string;
}

/**
 * A file a visitor sent, by its name, downloaded with the agent's token (`downloadConversationAttachment`) and saved
 * under the visitor's file name, cleaned and ending in the extension of the file's real type; never opened in the
 * portal's own origin.
 */
export function AttachmentDownload({
  configurationId,
  attachment,
  label,
  failedLabel,
}: AttachmentDownloadProps) {
  const api = useApi();
  const [state, setState] = useState<"idle" | "loading" | "failed">("idle");

  const handleDownload = async () => {
    setState("loading");
    try {
      const file = unwrap(
        await api.GET("/conversations/attachments/{attachment_id}", {
          params: { path: { attachment_id: attachment.id }, query: { configuration_id: configurationId } },
        }),
      );
      const url = URL.createObjectURL(file);
      const link = document.createElement("a");
      link.href = url;
      link.download = savedAttachmentName(attachment.name, file.type);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      setState("idle");
    } catch {
      setState("failed");
    }
  };

  return (
    <Stack gap="1">
      <Text>📎 {shownAttachmentName(attachment.name)}</Text>
      <HStack gap="2" wrap="wrap">
        <Button
          size="xs"
          variant="outline"
          loading={state === "loading"}
          onClick={() => void handleDownload()}
        >
          <LuPaperclip aria-hidden />
          {label}
        </Button>
        {state === "failed" && (
          <Text role="alert" fontSize="xs" color="fg.error">
            {failedLabel}
          </Text>
        )}
      </HStack>
    </Stack>
  );
}
