import { Box, Flex, SimpleGrid, Stack, Text, VisuallyHidden } from "@chakra-ui/react";
import { conversationsOverviewMonths, gptCostMessagesUnit } from "@parley/domain/reporting";
import { useTranslation } from "react-i18next";
import { QuotaFooter } from "../../shell/QuotaFooter";
import { DashboardCard } from "./DashboardCard";
import { useConversationsOverview, useGptCost, useUsage, type ConversationMonth } from "./hooks";

export interface DashboardProps {
  /** The selected configuration; null: every configuration the user sees (admins: all). */
  configurationId: string | null;
}

/** A month `YYYY-MM` as the reader's language names it (the server counts in UTC). */
function monthName(month: string, language: string, style: "short" | "long"): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return new Intl.DateTimeFormat(language, { month: style, ...(style === "long" ? { year: "numeric" } : {}), timeZone: "UTC" }).format(
    new Date(Date.UTC(year, number - 1, 1)),
  );
}

export interface ConversationsChartProps {
  months: ConversationMonth[];
}

/**
 * Conversations per month as bars: a list a screen reader reads month by month ("June 2026: 12
 * conversations"), drawn with theme tokens so it follows light and dark mode.
 */
export function ConversationsChart({ months }: ConversationsChartProps) {
  const { t, i18n } = useTranslation("home");
  const highest = Math.max(1, ...months.map((month) => month.conversations));
  return (
    <Flex as="ul" role="list" listStyleType="none" align="flex-end" gap="2" h="48" pt="6" aria-label={t("home.dashboard.chartLabel")}>
      {months.map((month) => {
        const label = t("home.dashboard.monthBar", { month: monthName(month.month, i18n.language, "long"), count: month.conversations });
        return (
          <Flex as="li" key={month.month} direction="column" align="center" justify="flex-end" flex="1" h="full" gap="1" title={label}>
            <VisuallyHidden>{label}</VisuallyHidden>
            {/* The bar's share is of this area alone (the month's name below never squeezes the tallest bar);
                its count stands on it, in the list's top padding for the tallest. */}
            <Flex aria-hidden="true" direction="column" flex="1" w="full" align="center" justify="flex-end" gap="1">
              <Text fontSize="xs" fontWeight="medium">
                {month.conversations}
              </Text>
              <Box
                flexShrink="0"
                w="full"
                maxW="12"
                minH="1"
                h={`${(month.conversations / highest) * 100}%`}
                bg={month.conversations > 0 ? "colorPalette.solid" : "border"}
                borderTopRadius="sm"
              />
            </Flex>
            <Text fontSize="xs" color="fg.muted" aria-hidden="true">
              {monthName(month.month, i18n.language, "short")}
            </Text>
          </Flex>
        );
      })}
    </Flex>
  );
}

function ConversationsCard({ configurationId }: DashboardProps) {
  const { t } = useTranslation("home");
  return (
    <DashboardCard id="dashboard-conversations" title={t("home.dashboard.conversationsTitle", { months: conversationsOverviewMonths })} query={useConversationsOverview(configurationId)}>
      {(months) => {
        const total = months.reduce((sum, month) => sum + month.conversations, 0);
        return (
          <Stack gap="2">
            <ConversationsChart months={months} />
            <Text fontSize="sm" color="fg.muted">
              {total === 0 ? t("home.dashboard.noConversations") : t("home.dashboard.conversationsTotal", { count: total })}
            </Text>
          </Stack>
        );
      }}
    </DashboardCard>
  );
}

function CostCard({ configurationId }: DashboardProps) {
  const { t, i18n } = useTranslation("home");
  const euro = (amount: number) =>
    new Intl.NumberFormat(i18n.language, { style: "currency", currency: "EUR", minimumFractionDigits: 2, maximumFractionDigits: amount > 0 && amount < 0.01 ? 4 : 2 }).format(amount);
  return (
    <DashboardCard id="dashboard-cost" title={t("home.dashboard.costTitle", { unit: gptCostMessagesUnit })} query={useGptCost(configurationId)}>
      {(cost) => (
        <Stack gap="1">
          <Text fontSize="3xl" fontWeight="semibold">
            {euro(cost.cost_per_100_messages)}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {cost.messages === 0
              ? t("home.dashboard.noAnswers", { months: conversationsOverviewMonths })
              : t("home.dashboard.costDetail", { count: cost.messages, total: euro(cost.total_cost), months: conversationsOverviewMonths })}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {t("home.dashboard.costExplained")}
          </Text>
        </Stack>
      )}
    </DashboardCard>
  );
}

function UsageCard({ configurationId }: DashboardProps) {
  const { t } = useTranslation("home");
  return (
    <DashboardCard
      id="dashboard-usage"
      title={t("home.dashboard.usageTitle")}
      query={useUsage(configurationId)}
      // No configuration to count yet: nothing is used.
      emptyOn={{ code: "not_found", text: t("home.dashboard.noConfigurations") }}
    >
      {(usage) => (
        <Stack gap="2">
          <QuotaFooter remaining={usage.remaining_messages} limit={usage.message_limit} resetDate={usage.usage_reset_date} />
          {configurationId === null && usage.configurations !== undefined && (
            <Text fontSize="xs" color="fg.muted">
              {t("home.dashboard.usageOfAll", { count: usage.configurations })}
            </Text>
          )}
        </Stack>
      )}
    </DashboardCard>
  );
}

/** The dashboard of the home pages: conversations per month, the language model's cost, the message usage. */
export function Dashboard({ configurationId }: DashboardProps) {
  return (
    <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4" alignItems="stretch">
      <Box gridColumn={{ lg: "span 2" }}>
        <ConversationsCard configurationId={configurationId} />
      </Box>
      <Stack gap="4">
        <UsageCard configurationId={configurationId} />
        <CostCard configurationId={configurationId} />
      </Stack>
    </SimpleGrid>
  );
}
