import { Badge, Box } from "@chakra-ui/react";
import type { LiveConnectionState } from "@parley/domain/live";
import { useTranslation } from "react-i18next";
import { liveStore, useLiveSnapshot, type LiveStore } from "./liveStore";

const palettes: Record<LiveConnectionState, string> = { connecting: "orange", online: "green", offline: "red" };

/** The live connection's state in the top bar (spec 01 §4): connecting, online or offline, with why when offline. */
export function LiveStatus({ store = liveStore }: { store?: LiveStore }) {
  const { t } = useTranslation("shell");
  const { connection, errorCode } = useLiveSnapshot(store);
  // Nothing selected to watch is not a failure: said as such, in grey.
  const idle = connection === "offline" && errorCode === "no_configuration";
  const label = idle ? t("live.state.none") : t(`live.state.${connection}`);
  const reason = connection === "offline" ? t(`live.offlineReason.${offlineReason(errorCode)}`) : undefined;
  return (
    <Badge
      role="status"
      aria-live="polite"
      variant="subtle"
      colorPalette={idle ? "gray" : palettes[connection]}
      size="sm"
      title={reason ?? label}
      data-live-state={connection}
      gap="1.5"
    >
      <Box as="span" boxSize="2" borderRadius="full" bg="colorPalette.solid" aria-hidden />
      <Box as="span" display={{ base: "none", md: "inline" }}>
        {label}
      </Box>
      <Box as="span" srOnly display={{ base: "inline", md: "none" }}>
        {label}
      </Box>
      {reason && (
        <Box as="span" srOnly>
          {reason}
        </Box>
      )}
    </Badge>
  );
}

/** The reasons an offline connection explains (with what to do next); anything else is the network. */
export const offlineReasons = ["no_configuration", "user_token_not_found", "invalid_token", "authentication_required", "forbidden", "services_offline"] as const;
export type OfflineReason = (typeof offlineReasons)[number];

export function offlineReason(code: string | null): OfflineReason {
  return (offlineReasons as readonly string[]).includes(code ?? "") ? (code as OfflineReason) : "services_offline";
}
