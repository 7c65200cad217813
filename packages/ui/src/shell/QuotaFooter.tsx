import { Box, Progress, Stack, Text } from "@chakra-ui/react";
import { quotaColor, remainingPercent, type QuotaColor } from "@parley/domain/quota";
import { isUnlimited } from "@parley/domain/products";
import { useTranslation } from "react-i18next";

/** Chakra palettes for the domain's quota colours. */
const quotaPalette: Record<QuotaColor, string> = { green: "green", amber: "orange", red: "red" };

export interface QuotaFooterProps {
  remaining: number;
  limit: number;
  resetDate?: string | null;
}

/** The sidebar's quota footer: remaining messages, a bar coloured by the domain's quota rule, the reset date. */
export function QuotaFooter({ remaining, limit, resetDate }: QuotaFooterProps) {
  const { t, i18n } = useTranslation("shell");
  const unlimited = isUnlimited(limit);
  const colour = quotaColor(remaining, limit);
  const percent = Math.max(0, Math.min(100, remainingPercent(remaining, limit)));
  const reset = resetDate ? new Date(resetDate) : null;
  const resetText =
    reset && !Number.isNaN(reset.getTime())
      ? new Intl.DateTimeFormat(i18n.language, { day: "numeric", month: "long", year: "numeric" }).format(
          reset,
        )
      : null;
  return (
    <Box
      as="section"
      aria-label={t("quota.label")}
      data-quota-color={colour}
      p="3"
      borderRadius="md"
      bg="bg.subtle"
    >
      <Stack gap="2">
        <Text fontSize="sm" fontWeight="medium">
          {unlimited ? t("quota.unlimited") : t("quota.remaining", { remaining, limit })}
        </Text>
        <Progress.Root value={percent} size="sm" colorPalette={quotaPalette[colour]}>
          <Progress.Track aria-label={t("quota.bar")}>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        {resetText && (
          <Text fontSize="xs" color="fg.muted">
            {t("quota.resets", { date: resetText })}
          </Text>
        )}
      </Stack>
    </Box>
  );
}
