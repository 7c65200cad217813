import { Badge, Card, Heading, HStack, Icon, SimpleGrid, Skeleton, Stack, Text } from "@chakra-ui/react";
import { isUnlimited } from "@parley/domain/products";
import { quotaColor } from "@parley/domain/quota";
import { messagesUsed } from "@parley/domain/leads";
import type { Role } from "@parley/domain/roles";
import { subscriptionRouteFor } from "@parley/domain/roles";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { useSelectedConfiguration } from "../../configuration/selection";
import { usePreferences } from "../../preferences/context";
import { useConfiguration } from "../../shell/hooks";
import { pageIcons } from "../../shell/icons";
import { QuotaFooter } from "../../shell/QuotaFooter";
import { skinSurface } from "../../shell/skin";
import { useSessionUser } from "../../shell/useSessionUser";
import { SubscriptionStatusBadge, subscriptionStateOf } from "../billing/SubscriptionStatus";
import { useSubscription } from "../billing/hooks";
import { useDataset } from "../dataset/hooks";
import { useChatbotDesign } from "../design/hooks";
import { FigureCard, PageLink, ScreenHeading } from "../home/dashboardParts";
import { useArticles, useFileNames } from "../training/hooks";
import { useUrls } from "../training-urls/hooks";
import { nextStepsFor, type StepKey } from "./steps";

export interface AssistantHomePageProps {
  titleKey?: string;
  now?: () => Date;
}

/** One line of what the assistant knows: its own loading and failure, so one missing figure hides no other. */
function KnowledgeRow<Data>({ label, query, count, detail, to }: { label: string; query: UseQueryResult<Data>; count: (data: Data) => number; detail?: (data: Data) => string; to?: string }) {
  const { t } = useTranslation("assistantHome");
  let value: ReactNode;
  if (query.isPending) value = <Skeleton height="5" width="10" aria-label={t("assistantHome.loading")} />;
  else if (query.isError) value = <Text color="fg.error">{t("assistantHome.knowledge.unreadable")}</Text>;
  else
    value = (
      <Text as="span" fontWeight="semibold" fontSize="lg" textAlign="end">
        {count(query.data)}
        {detail && (
          <Text as="span" fontWeight="normal" fontSize="sm" color="fg.muted">
            {" "}
            {detail(query.data)}
          </Text>
        )}
      </Text>
    );
  return (
    <HStack as="li" justify="space-between" gap="3" py="1" borderBottomWidth="1px" borderColor="border.muted">
      {to ? <PageLink to={to}>{label}</PageLink> : <Text>{label}</Text>}
      {value}
    </HStack>
  );
}

/** Where a role edits each kind of knowledge, when it may. */
function knowledgeLinks(role: Role): Partial<Record<StepKey, string>> {
  return Object.fromEntries(nextStepsFor(role).map((step) => [step.key, step.page.path]));
}

/**
 * The customer's assistant home for the selected configuration: the assistant's name and state, its
 * message quota, what it knows, whether it is limited to a website, and a card for each next step the
 * role can take (from the page manifest, so each role sees only its own screens).
 */
export function AssistantHomePage({ titleKey, now = () => new Date() }: AssistantHomePageProps) {
  const { t, i18n } = useTranslation(["assistantHome", "pages", "shell"]);
  const [preferences] = usePreferences();
  const role: Role = useSessionUser()?.role ?? "customer";
  const selected = useSelectedConfiguration();
  const configurationId = selected?._id ?? "";
  const configuration = useConfiguration(configurationId);
  const design = useChatbotDesign(configurationId);
  const subscription = useSubscription(configurationId);
  const dataset = useDataset(configurationId);
  const urls = useUrls(configurationId);
  const articles = useArticles(configurationId);
  const files = useFileNames(configurationId);
  const links = knowledgeLinks(role);
  const settings = configuration.data?.data;
  const assistantName = design.data?.chatbotSettings.name || settings?.name || selected?.name || "";
  const outOfMessages = settings !== undefined && !isUnlimited(settings.message_limit) && settings.remaining_messages <= 0;
  const count = (value: number) => new Intl.NumberFormat(i18n.language).format(value);

  // A step still to do gets a badge: nothing in the FAQ or URL list, no design saved, no website named.
  const toDo: Partial<Record<StepKey, boolean>> = {
    faq: dataset.data !== undefined && (dataset.data.data?.dataset_data.length ?? 0) === 0,
    urls: urls.data !== undefined && urls.data.urls.length === 0,
    design: design.data === null,
    embed: settings !== undefined && settings.allowed_origins.length === 0,
  };

  return (
    <Stack gap="6">
      <ScreenHeading title={t(titleKey ?? "pages:titles.aiAssistant")} intro={t("assistantHome.intro")} />
      <Card.Root as="section" aria-labelledby="assistant-name" css={skinSurface(preferences.skin)}>
        <Card.Body>
          <HStack justify="space-between" wrap="wrap" gap="3">
            <Stack gap="1">
              <Text fontSize="sm" color="fg.muted">
                {t("assistantHome.yourAssistant")}
              </Text>
              {configuration.isPending && design.isPending ? (
                <Skeleton height="8" width="48" />
              ) : (
                <Text as="h2" id="assistant-name" fontSize="2xl" fontWeight="semibold">
                  {assistantName}
                </Text>
              )}
            </Stack>
            <HStack gap="2" wrap="wrap" aria-label={t("assistantHome.status")}>
              {settings !== undefined && (
                <Badge colorPalette={outOfMessages ? "red" : "green"} size="lg">
                  {outOfMessages ? t("assistantHome.state.outOfMessages") : t("assistantHome.state.answering")}
                </Badge>
              )}
              {subscription.data ? <SubscriptionStatusBadge state={subscriptionStateOf(subscription.data, now())} /> : null}
              {subscription.data === null && <Badge size="lg">{t("assistantHome.state.noPlan")}</Badge>}
            </HStack>
          </HStack>
        </Card.Body>
      </Card.Root>

      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" alignItems="stretch">
        <FigureCard
          id="assistant-quota"
          title={t("assistantHome.quota.title")}
          query={configuration}
          failedText={t("assistantHome.quota.failed")}
          action={<PageLink to={subscriptionRouteFor(role)}>{t("assistantHome.quota.plan")}</PageLink>}
        >
          {({ data }) => (
            <Stack gap="2">
              <QuotaFooter remaining={data.remaining_messages} limit={data.message_limit} resetDate={data.usage_reset_date} />
              {!isUnlimited(data.message_limit) && (
                <Text fontSize="sm" color="fg.muted">
                  {t("assistantHome.quota.used", { count: messagesUsed(data.message_limit, data.remaining_messages) })}
                </Text>
              )}
              {quotaColor(data.remaining_messages, data.message_limit) === "red" && (
                <Text fontSize="sm" role="note">
                  {data.remaining_messages <= 0 ? t("assistantHome.quota.empty") : t("assistantHome.quota.low")}
                </Text>
              )}
            </Stack>
          )}
        </FigureCard>

        <Card.Root as="section" aria-labelledby="assistant-knowledge" css={skinSurface(preferences.skin)} h="full">
          <Card.Body gap="3">
            <Heading as="h2" size="md" id="assistant-knowledge">
              {t("assistantHome.knowledge.title")}
            </Heading>
            <Stack as="ul" gap="1" listStyleType="none">
              <KnowledgeRow label={t("assistantHome.knowledge.faq")} query={dataset} count={(answer) => answer.data?.dataset_data.length ?? 0} to={links.faq} />
              <KnowledgeRow label={t("assistantHome.knowledge.urls")} query={urls} count={(answer) => answer.urls.length} to={links.urls} />
              <KnowledgeRow
                label={t("assistantHome.knowledge.articles")}
                query={articles}
                count={(list) => list.length}
                detail={(list) => t("assistantHome.knowledge.indexed", { count: count(list.filter((article) => article.indexed).length) })}
              />
              <KnowledgeRow label={t("assistantHome.knowledge.files")} query={files} count={(names) => names.length} />
            </Stack>
            {toDo.faq && toDo.urls && articles.data?.length === 0 && (
              <Text fontSize="sm" color="fg.muted">
                {t("assistantHome.knowledge.nothingYet")}
              </Text>
            )}
          </Card.Body>
        </Card.Root>

        <FigureCard
          id="assistant-website"
          title={t("assistantHome.website.title")}
          query={configuration}
          failedText={t("assistantHome.website.failed")}
          action={links.embed ? <PageLink to={links.embed}>{t("pages:titles.addToWebsite")}</PageLink> : undefined}
        >
          {({ data }) => (
            <Stack gap="2" fontSize="sm">
              {data.allowed_origins.length > 0 ? (
                <>
                  <Text>{t("assistantHome.website.limited", { count: data.allowed_origins.length })}</Text>
                  <Stack as="ul" gap="1" listStyleType="none">
                    {data.allowed_origins.map((origin) => (
                      <Text as="li" key={origin} fontWeight="medium" wordBreak="break-all">
                        {origin}
                      </Text>
                    ))}
                  </Stack>
                </>
              ) : (
                <Text>{t(links.embed ? "assistantHome.website.anySelf" : "assistantHome.website.anyProvider")}</Text>
              )}
              {design.data !== undefined && (
                <Text color="fg.muted">{design.data ? t("assistantHome.website.designSaved") : t("assistantHome.website.designDefault")}</Text>
              )}
            </Stack>
          )}
        </FigureCard>
      </SimpleGrid>

      <Stack as="section" gap="3" aria-labelledby="assistant-next-steps">
        <Heading as="h2" size="md" id="assistant-next-steps">
          {t("assistantHome.steps.title")}
        </Heading>
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
          {nextStepsFor(role).map(({ page, key }) => (
            <li key={page.path}>
              <Card.Root asChild css={skinSurface(preferences.skin)} h="full" _hover={{ borderColor: "colorPalette.solid" }} _focusVisible={{ outline: "2px solid", outlineColor: "colorPalette.focusRing" }}>
                <RouterLink to={page.path}>
                  <Card.Body gap="2">
                    <HStack justify="space-between" gap="2">
                      <HStack gap="2">
                        <Icon as={pageIcons[page.icon]} aria-hidden="true" color="colorPalette.fg" />
                        <Text fontWeight="semibold">{t(`pages:titles.${page.titleKey}`)}</Text>
                      </HStack>
                      {toDo[key] && <Badge colorPalette="orange">{t("assistantHome.steps.toDo")}</Badge>}
                    </HStack>
                    <Text fontSize="sm" color="fg.muted">
                      {t(`assistantHome.steps.${key}`)}
                    </Text>
                  </Card.Body>
                </RouterLink>
              </Card.Root>
            </li>
          ))}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}
