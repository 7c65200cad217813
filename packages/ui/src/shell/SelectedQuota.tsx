import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useConfiguration } from "./hooks";
import { useSelectedConfiguration } from "../configuration/selection";
import { dashboardQueryKeys, useUsage } from "../features/home/hooks";
import { conversationsOf, liveStore, useLiveSnapshot, type LiveStore } from "../features/live/liveStore";
import { QuotaFooter } from "./QuotaFooter";

interface QuotaFields {
  message_limit?: number;
  remaining_messages?: number;
  usage_reset_date?: string | null;
}

/** A burst of answers (several visitors at once) is read once, this long after the last of them. */
const answersSettleMs = 500;

/** The assistant's answers in the live conversations of the configuration: each one used a message. */
function useLiveAnswers(configurationId: string | null, store: LiveStore): number {
  const { conversations } = useLiveSnapshot(store);
  if (!configurationId) return 0;
  return conversationsOf(conversations, configurationId).reduce(
    (sum, conversation) =>
      sum + conversation.messages.filter((message) => message.role === "assistant").length,
    0,
  );
}

/**
 * The quota footer of the selected configuration; nothing while none is selected. The remaining messages
 * change with every answer, so the figure has a query of its own (the usage), read again when the live
 * conversations show a new answer; the configuration's query, which the settings forms start from, is never
 * read again for it. Whichever of the two answered last is shown (a saved configuration is the newer one).
 */
export function SelectedQuota({ store = liveStore }: { store?: LiveStore }) {
  const selected = useSelectedConfiguration();
  const configurationId = selected?._id ?? null;
  const configuration = useConfiguration(configurationId);
  const usage = useUsage(configurationId, { enabled: Boolean(configurationId) });
  const queryClient = useQueryClient();
  const answers = useLiveAnswers(configurationId, store);
  const seen = useRef({ configurationId, answers });

  useEffect(() => {
    const before = seen.current;
    seen.current = { configurationId, answers };
    // Another configuration's first count is no news; its usage is being read anyway.
    if (!configurationId || before.configurationId !== configurationId || before.answers === answers) return;
    const timer = setTimeout(
      () =>
        void queryClient.invalidateQueries({
          queryKey: dashboardQueryKeys.usage(configurationId),
          exact: true,
        }),
      answersSettleMs,
    );
    return () => clearTimeout(timer);
  }, [configurationId, answers, queryClient]);

  const stored = (configuration.data as { data?: QuotaFields } | undefined)?.data;
  const fields: QuotaFields | undefined =
    usage.data && usage.dataUpdatedAt >= configuration.dataUpdatedAt ? usage.data : stored;
  if (!selected || !fields || typeof fields.message_limit !== "number") return null;
  return (
    <QuotaFooter
      remaining={fields.remaining_messages ?? 0}
      limit={fields.message_limit}
      resetDate={fields.usage_reset_date}
    />
  );
}
