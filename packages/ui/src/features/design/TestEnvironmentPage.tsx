import { Badge, Box, Button, Field, Flex, Grid, HStack, Input, Link, Spinner, Stack, Text } from "@chakra-ui/react";
import { pagesFor } from "@parley/domain/pages";
import type { Role } from "@parley/domain/roles";
import {
  iframeMessageTypes,
  iframeSizeFor,
  isIframeMessage,
  isVisitorQuestionMessage,
  widgetStorageKeys,
} from "@parley/domain/widget";
import { defaultChatbotSettings } from "@parley/domain/chatbotDesign";
import { freeTestAnswersPerDay } from "@parley/domain/quota";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { LuRotateCcw, LuSearch } from "react-icons/lu";
import { Link as RouterLink } from "react-router-dom";
import { ConfigurationPage } from "../../configuration/RequireConfiguration";
import { KnowledgeOffNotice } from "../training/KnowledgeOffNotice";
import { ErrorAlert } from "../../forms/ErrorAlert";
import { useSessionUser } from "../../shell/useSessionUser";
import { useChatbotDesign, useKnowledgeSearch, useWidgetTestTicket, type KnowledgeHit } from "./hooks";
import { Notice, SectionCard } from "./parts";

/**
 * The widget app the server serves, framed as a customer's website frames it; with the server's test ticket,
 * its conversations are test conversations (they use no message of the quota).
 */
export function widgetAddress(configurationId: string, pageUrl: string, testTicket?: string): string {
  return `/widget/?${new URLSearchParams({ configuration_id: configurationId, page_url: pageUrl, ...(testTicket ? { test_ticket: testTicket } : {}) }).toString()}`;
}

/**
 * The tester came to chat: the widget opens its chat, unless the tester closed it in this browser session. The
 * frame is as tall as the open chat, so a closed widget's launcher sits at its bottom, below the fold of most screens,
 * and the frame looked empty. (`opened` is the widget's chat state, `chatStates.opened` of its frame protocol.)
 */
function openChatUnlessClosed(configurationId: string): void {
  try {
    const key = widgetStorageKeys.chatState(configurationId);
    if (sessionStorage.getItem(key) === null) sessionStorage.setItem(key, "opened");
  } catch {
    // Storage blocked: the widget starts as the design says.
  }
}

/** How long the widget may take to say it loaded before the screen says what to check. */
const loadPatience = 15_000;

function TestWidget({ configurationId, onQuestion }: { configurationId: string; onQuestion: (text: string) => void }) {
  const { t } = useTranslation("design");
  const design = useChatbotDesign(configurationId);
  // Without a ticket (the call failed) the widget still works; its answers then count as visitors' do.
  const ticket = useWidgetTestTicket(configurationId);
  const frame = useRef<HTMLIFrameElement>(null);
  const [session, setSession] = useState(() => {
    openChatUnlessClosed(configurationId);
    return 0;
  });
  const [loaded, setLoaded] = useState(false);
  const [slow, setSlow] = useState(false);
  // The chat as the widget shows it; closed, its only button sits at the frame's bottom, often below the fold.
  const [closed, setClosed] = useState(false);
  const chat = design.data?.chatbotSettings ?? defaultChatbotSettings;
  const size = iframeSizeFor({
    chatbotWidth: chat.chatbotWidth ?? defaultChatbotSettings.chatbotWidth,
    chatbotHeight: chat.chatbotHeight ?? defaultChatbotSettings.chatbotHeight,
  });

  useEffect(() => {
    setLoaded(false);
    setSlow(false);
    setClosed(false);
    const listener = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow || event.origin !== window.location.origin) return;
      if (isIframeMessage(event.data)) {
        const { type } = event.data;
        if (type === iframeMessageTypes.loaded) {
          setLoaded(true);
          setClosed((event.data as { state?: unknown }).state === "closed");
        }
        if (type === iframeMessageTypes.extend || type === iframeMessageTypes.fullScreen) setClosed(false);
        if (type === iframeMessageTypes.collapse) setClosed(true);
      }
      // The widget says what the visitor asked: the panel shows the sources found for it.
      if (isVisitorQuestionMessage(event.data)) onQuestion(event.data.text);
    };
    window.addEventListener("message", listener);
    const timer = window.setTimeout(() => setSlow(true), loadPatience);
    return () => {
      window.removeEventListener("message", listener);
      window.clearTimeout(timer);
    };
  }, [session, onQuestion]);

  const handleStartOver = () => {
    // The widget is served from the portal's origin, so the portal can forget what it keeps: the conversation
    // and whether the chat was left closed (the fresh visit starts with the chat open).
    try {
      localStorage.removeItem(widgetStorageKeys.visitor(configurationId));
      sessionStorage.removeItem(widgetStorageKeys.chatState(configurationId));
    } catch {
      // Storage blocked: the reload still starts a fresh page.
    }
    openChatUnlessClosed(configurationId);
    setSession((current) => current + 1);
  };

  return (
    <SectionCard
      id="test-widget"
      title={t("test.widgetTitle")}
      help={t("test.widgetHelp")}
      maxW={`${size.width + 34}px`}
      actions={
        <Button size="sm" variant="outline" onClick={handleStartOver}>
          <LuRotateCcw /> {t("test.startOver")}
        </Button>
      }
    >
      {!loaded && (
        <HStack role="status" gap="2" mb="2">
          {slow ? (
            <Notice status="warning" title={t("test.notLoaded")}>
              {t("test.notLoadedHelp")}
            </Notice>
          ) : (
            <>
              <Spinner size="sm" /> <Text fontSize="sm">{t("test.loading")}</Text>
            </>
          )}
        </HStack>
      )}
      {ticket.isSuccess && (
        <Text fontSize="sm" color="fg.muted" mb="2">
          {t("test.free", { answers: freeTestAnswersPerDay })}
        </Text>
      )}
      {loaded && closed && (
        <Text fontSize="sm" mb="2" aria-live="polite">
          {t("test.openHint")}
        </Text>
      )}
      <Box borderWidth="1px" borderRadius="md" bg="bg.muted" overflow="auto" w="fit-content" maxW="full">
        {!ticket.isPending && (
        <iframe
          key={session}
          ref={frame}
          title={t("test.frameTitle")}
          src={widgetAddress(configurationId, window.location.href, ticket.data)}
          data-testid="test-widget-frame"
          style={{
            display: "block",
            border: 0,
            width: `${size.width}px`,
            height: `${size.height}px`,
            maxWidth: "100%",
            colorScheme: "normal",
          }}
        />
        )}
      </Box>
    </SectionCard>
  );
}

function HitItem({ hit, rank }: { hit: KnowledgeHit; rank: number }) {
  const { t, i18n } = useTranslation("design");
  const score = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(hit.score);
  const title =
    hit.source === "faq"
      ? t("test.faqRow", { row: (hit.faq?.row ?? 0) + 1 })
      : hit.article?.subject || hit.article?.source || t("test.article");
  const signals = Object.entries(hit.signals ?? {}).filter(([, value]) => typeof value === "number");
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="3" listStyleType="none" data-testid="knowledge-hit">
      <HStack justify="space-between" align="start" gap="2">
        <HStack gap="2" minW="0">
          <Text fontWeight="semibold" color="fg.muted">
            {rank}.
          </Text>
          <Badge colorPalette={hit.source === "faq" ? "purple" : "blue"}>
            {t(`test.sources.${hit.source}`)}
          </Badge>
          <Text fontWeight="medium" lineClamp={1} title={title}>
            {title}
          </Text>
        </HStack>
        <Badge variant="outline" flexShrink={0} title={t("test.scoreHelp")}>
          {t("test.score", { score })}
        </Badge>
      </HStack>
      <Text fontSize="sm" mt="2" lineClamp={4} whiteSpace="pre-wrap">
        {hit.snippet || hit.text}
      </Text>
      {hit.article?.source && hit.article.subject && (
        <Text fontSize="xs" color="fg.muted" mt="1" lineClamp={1}>
          {hit.article.source}
        </Text>
      )}
      {signals.length > 0 && (
        <Text fontSize="xs" color="fg.muted" mt="1">
          {t("test.signals", {
            list: signals.map(([name, value]) => t(`test.signal.${name}`, { rank: value })).join(" · "),
          })}
        </Text>
      )}
    </Box>
  );
}

/**
 * Where the signed-in user adds what the assistant should know, among the pages their role may open: Data
 * training (articles, websites, files) where they have it, else the FAQ (the customer's only knowledge screen).
 */
export function knowledgePageFor(role: Role | undefined): { path: string; kind: "training" | "faq" } | null {
  if (!role) return null;
  const paths = new Set(pagesFor(role).map((page) => page.path));
  if (paths.has("/settings/datatraining")) return { path: "/settings/datatraining", kind: "training" };
  if (role === "customer_so" && paths.has("/assistant/links")) return { path: "/assistant/links", kind: "training" };
  for (const path of ["/dataset/view", "/assistant/faq"]) if (paths.has(path)) return { path, kind: "faq" };
  return null;
}

function NoHitsHelp() {
  const { t } = useTranslation("design");
  const destination = knowledgePageFor(useSessionUser()?.role);
  return (
    <>
      {destination?.kind === "faq" ? t("test.noHitsHelpFaq") : t("test.noHitsHelp")}
      {destination && (
        <>
          {" "}
          <Link asChild variant="underline">
            <RouterLink to={destination.path}>{destination.kind === "faq" ? t("test.openFaq") : t("test.openTraining")}</RouterLink>
          </Link>
        </>
      )}
    </>
  );
}

function RetrievalPanel({ configurationId, askedInWidget }: { configurationId: string; askedInWidget: { text: string; at: number } | null }) {
  const { t } = useTranslation("design");
  const search = useKnowledgeSearch(configurationId);
  const [question, setQuestion] = useState("");
  const [asked, setAsked] = useState<string | null>(null);
  const { mutate } = search;

  // Each question asked in the widget is checked at once, as if typed here.
  useEffect(() => {
    const text = askedInWidget?.text.trim();
    if (!text) return;
    setQuestion(text);
    setAsked(text);
    mutate(text);
  }, [askedInWidget, mutate]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = question.trim();
    if (!text) return;
    setAsked(text);
    search.mutate(text);
  };

  return (
    <SectionCard id="retrieval" title={t("test.sourcesTitle")} help={t("test.sourcesHelp")}>
      <Stack gap="4">
        {/* Articles found here are not answered from while the knowledge base is off: say so, or the widget's "I don't know" beside them looks broken. */}
        <KnowledgeOffNotice configurationId={configurationId} place="test" />
        <form onSubmit={handleSubmit} role="search" aria-labelledby="retrieval-heading">
          <Field.Root>
            <Field.Label>{t("test.checkQuestion")}</Field.Label>
            <HStack w="full" wrap="wrap">
              <Input
                flex="1 1 14rem"
                value={question}
                maxLength={1000}
                onChange={(event) => setQuestion(event.target.value)}
                placeholder={t("test.questionPlaceholder")}
              />
              <Button type="submit" loading={search.isPending} disabled={question.trim() === ""}>
                <LuSearch /> {t("test.check")}
              </Button>
            </HStack>
          </Field.Root>
        </form>
        <ErrorAlert error={search.error} />
        <Box aria-live="polite">
          {search.isSuccess && asked && (
            <Stack gap="2">
              <Text fontSize="sm">
                {t("test.resultsFor", { question: asked, count: search.data.length })}
              </Text>
              {search.data.length === 0 ? (
                <Notice status="info" title={t("test.noHits")}>
                  <NoHitsHelp />
                </Notice>
              ) : (
                <Stack as="ol" gap="2" p="0" m="0">
                  {search.data.map((hit, index) => (
                    <HitItem
                      key={`${hit.source}-${hit.article?._id ?? hit.faq?.row ?? ""}-${hit.chunk ?? index}`}
                      hit={hit}
                      rank={index + 1}
                    />
                  ))}
                </Stack>
              )}
            </Stack>
          )}
        </Box>
      </Stack>
    </SectionCard>
  );
}

/** The Test environment: the real widget of the selected configuration, and what retrieval finds for a question. */
export function TestEnvironmentPage({ titleKey = "pages:titles.testEnvironment" }: { titleKey?: string }) {
  const { t } = useTranslation(["design", "pages"]);
  const [askedInWidget, setAskedInWidget] = useState<{ text: string; at: number } | null>(null);
  const onQuestion = useCallback((text: string) => setAskedInWidget({ text, at: Date.now() }), []);
  return (
    <ConfigurationPage title={t(titleKey)} intro={t("design:test.intro")}>
      {(configuration) => (
        <Grid
          templateColumns={{ base: "minmax(0, 1fr)", xl: "auto minmax(0, 1fr)" }}
          gap="6"
          alignItems="start"
        >
          <TestWidget configurationId={configuration._id} onQuestion={onQuestion} />
          <Flex direction="column" minW="0">
            <RetrievalPanel configurationId={configuration._id} askedInWidget={askedInWidget} />
          </Flex>
        </Grid>
      )}
    </ConfigurationPage>
  );
}
