import { useConfiguration } from "./hooks";
import { useSelectedConfiguration } from "../configuration/selection";
import { QuotaFooter } from "./QuotaFooter";

interface QuotaFields {
  message_limit?: number;
  remaining_messages?: number;
  usage_reset_date?: string | null;
}

/** The quota footer of the selected configuration; nothing while none is selected. */
export function SelectedQuota() {
  const selected = useSelectedConfiguration();
  const configuration = useConfiguration(selected?._id ?? null);
  const fields = (configuration.data as { data?: QuotaFields } | undefined)?.data;
  if (!selected || !fields || typeof fields.message_limit !== "number") return null;
  return (
    <QuotaFooter
      remaining={fields.remaining_messages ?? 0}
      limit={fields.message_limit}
      resetDate={fields.usage_reset_date}
    />
  );
}
