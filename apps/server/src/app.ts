import { randomUUID } from "node:crypto";
import { join } from "node:path";
import cors from "@fastify/cors";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { maxArticlesPerIndexing, maxTrainingFileBytes, requestBodyMaxBytes } from "@parley/domain";
import type { Db } from "./platform/db/db";
import type { TokenService } from "./platform/auth/jwt";
import { createSecretBox } from "./platform/auth/sealed-secrets";
import type { Mailer } from "./platform/mail/mailer";
import { createOutboundClient, type OutboundClient } from "./platform/outbound/client";
import { createFunctionRunner } from "./modules/workflows/runner";
import { defaultTwilioBaseUrl } from "./modules/workflows/twilio";
import { loadContract, type OpenApiDocument } from "./platform/http/contract";
import { registerDocs } from "./platform/http/docs";
import { registerJsonBodyParser } from "./platform/http/json-body";
import { registerLingeringClose } from "./platform/http/lingering-close";
import { registerSecurityHeaders } from "./platform/http/security-headers";
import { registerOperations, type OperationTable, type RegisteredOperation } from "./platform/http/operations";
import { registerPortals, type PortalFolders } from "./platform/http/portals";
import { sendClientErrorProblem, sendProblem, sendRouterProblem, toProblem } from "./platform/http/problem";
import { defaultRateLimits, type RateLimitSettings } from "./platform/http/rate-limits";
import { repositoryRoot } from "./platform/paths";
import { Server as SocketServer } from "socket.io";
import { googleOperations, type GoogleSettings } from "./modules/accounts/google";
import { attachChatNamespace, type ChatBroadcast } from "./modules/assistant/chat-socket";
import { baseLanguage, createAssistant, locallyDetectedLanguage } from "./modules/assistant/pipeline";
import { createChatProvider } from "./modules/assistant/provider/chat-provider";
import type { ProviderSettings } from "./modules/assistant/provider/settings";
import { createAttachmentService } from "./modules/assistant/attachments";
import { agentAttachmentOperations, widgetChatOperations } from "./modules/assistant/routes";
import { createSourceFinder } from "./modules/assistant/sources";
import { createLocalSentenceEncoder, providerSentenceEncoder } from "./modules/assistant/faq-matching/sentence-encoder";
import { createVisitorService, defaultChatLimits, type ChatLimits } from "./modules/assistant/visitors";
import { createTestTickets } from "./modules/assistant/test-tickets";
import { findTrainingUrls } from "./modules/training-urls/repository";
import { accountOperations } from "./modules/accounts/routes";
import { createAccountsService } from "./modules/accounts/service";
import { clientSettingsFromEnv, clientSettingsOperations, type ClientSettings } from "./modules/client-settings/routes";
import { configurationOperations } from "./modules/configurations/routes";
import { conversationOperations } from "./modules/conversations/routes";
import { createConversationsService } from "./modules/conversations/service";
import { createConfigurationsService } from "./modules/configurations/service";
import { customerOperations } from "./modules/customers/routes";
import { createCustomersService } from "./modules/customers/service";
import { datasetOperations } from "./modules/datasets/routes";
import { createCorrectionsService } from "./modules/datasets/corrections";
import { createDatasetsService } from "./modules/datasets/service";
import { designOperations } from "./modules/design/routes";
import { createDesignService } from "./modules/design/service";
import { healthOperations } from "./modules/dev/health";
import { cachingEmbedder, createEmbedder, defaultFaqScale, type EmbeddingSettings } from "./modules/knowledge/embeddings";
import { hasVectorColumn } from "./modules/knowledge/repository";
import { createRetrieval } from "./modules/knowledge/retrieval";
import { knowledgeOperations } from "./modules/knowledge/routes";
import { createKnowledgeService } from "./modules/knowledge/service";
import { dashboardOperations } from "./modules/dashboard/routes";
import { createDashboardService } from "./modules/dashboard/service";
import { leadOperations } from "./modules/leads/routes";
import { premiumContactOperations } from "./modules/premium-contact/routes";
import { createPremiumContactService } from "./modules/premium-contact/service";
import { attachAgentsOnline } from "./modules/live/agents-online";
import { attachLiveNamespace } from "./modules/live/live-socket";
import { createPresence } from "./modules/live/presence";
import { connectRedisAdapter, type RedisSettings } from "./modules/live/redis";
import { liveOperations } from "./modules/live/routes";
import { createLiveService } from "./modules/live/service";
import type { Configuration } from "./modules/configurations/repository";
import type { ConversationRecord } from "./modules/conversations/repository";
import { devMailboxAvailable, devMailboxOperations } from "./modules/dev/mailbox";
import { onboardingOperations } from "./modules/onboarding/routes";
import { createOnboardingService } from "./modules/onboarding/service";
import { scrapingOperations } from "./modules/scraping/routes";
import { createScrapingService } from "./modules/scraping/service";
import { searchOperations } from "./modules/search/routes";
import { trainingFileOperations } from "./modules/training-files/routes";
import { createTrainingFilesService } from "./modules/training-files/service";
import { trainingUrlOperations } from "./modules/training-urls/routes";
import { createTrainingUrlsService } from "./modules/training-urls/service";
import { findCustomerInScope } from "./modules/customers/repository";
import { scopeOf, systemScope, type PublicTenantLoaders, type TenantLoaders } from "./modules/tenancy";
import { findUserById } from "./modules/users/repository";
import { userOperations } from "./modules/users/routes";
import { findWorkflowInScope } from "./modules/workflows/repository";
import { workflowOperations } from "./modules/workflows/routes";
import { billingOperations } from "./modules/billing/routes";
import { createBillingService } from "./modules/billing/service";
import { createStripeCheckout, type StripeSettings } from "./modules/billing/stripe-checkout";
import { webshopOperations } from "./modules/webshop/routes";
import { createWebshopService } from "./modules/webshop/service";
import { wordpressOperations } from "./modules/wordpress/routes";
import { createWordpressService } from "./modules/wordpress/service";
import { createWorkflowsService } from "./modules/workflows/service";

/** Form bodies: a file up to the largest upload of the domain (training files), text fields up to 1 MB. */
const multipartLimits = { fileSize: maxTrainingFileBytes, fieldSize: 1024 * 1024 };

export interface AppDependencies {
  db: Db;
  /** The embedded database: one connection for every request, so long transactions are cut into shorter ones. */
  singleConnection?: boolean;
  tokens: TokenService;
  mailer: Mailer;
  /** Keys one-time-code hashes (the JWT secret is fine). */
  secret: string;
  publicUrl: string;
  /** Whether `publicUrl` was configured (PUBLIC_URL) rather than assumed; see `BillingSettings`. */
  publicUrlConfigured?: boolean;
  corsOrigins?: string[];
  /** Google sign-in; without it /api/auth/methods says google false and its calls answer 503. */
  google?: GoogleSettings;
  /** `false` switches the sign-in rate limits off (benchmarks only). */
  rateLimits?: RateLimitSettings | false;
  portals?: PortalFolders;
  contract?: OpenApiDocument;
  /** The configuration lookup (`/client-settings`); read from the environment when not given. */
  clientSettings?: ClientSettings;
  /** The guarded client for addresses users type; the production client (nothing allow-listed) when not given. */
  outbound?: OutboundClient;
  /** The OpenAI-compatible embedding provider that adds vector similarity to retrieval; none when not given. */
  embeddings?: EmbeddingSettings | null;
  /**
   * The local English sentence model that helps the extractive default rank FAQ rows (`LOCAL_SENTENCE_MODEL`,
   * on unless `off`); off when not given. It runs in a worker thread started on the first English question.
   */
  localSentenceModel?: boolean;
  /**
   * Start the local sentence model at once (the server does; tests leave it to the first question): loading it
   * takes a few seconds in its thread, which the first English question after a start would otherwise wait for.
   */
  warmSentenceModel?: boolean;
  /** The LLM provider(s) of the assistant; without one the embedded extractive default answers. */
  llm?: ProviderSettings | null;
  /** Twilio's API root for the workflows' text messages (`TWILIO_API_BASE_URL`; Twilio's own when not given). */
  twilioBaseUrl?: string;
  /** Visitors' message limits; `false` switches them off (benchmarks only). */
  chatLimits?: ChatLimits | false;
  /**
   * The server is behind a proxy that sets `X-Forwarded-For` (`TRUST_PROXY=true`, Fastify's `trustProxy` too):
   * a visitor socket's address is the forwarded client's, as an HTTP request's `request.ip` is.
   */
  trustProxy?: boolean;
  /** Several instances: the socket.io Redis adapter (`REDIS_URL`); one instance's in-process adapter otherwise. */
  redis?: RedisSettings;
  /** Signs the payment provider's webhook calls (`PAYMENTS_WEBHOOK_SECRET`); the webhook answers 503 without it. */
  paymentsWebhookSecret?: string;
  /** Stripe Checkout (`STRIPE_SECRET_KEY`); the built-in checkout page without it. */
  stripe?: StripeSettings;
  /** How often this instance refreshes its agents' presence (30 s unless given). */
  presenceHeartbeatMs?: number;
}

export interface ParleyApp extends FastifyInstance {
  /** The contract operations this server answers, as registered. */
  operations: RegisteredOperation[];
}

// The SPAs use Chakra/emotion (inline styles) and talk to the API and socket.io on the same origin.
const contentSecurityPolicy = {
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:", "https:"],
    fontSrc: ["'self'", "data:"],
    connectSrc: ["'self'", "ws:", "wss:"],
    frameSrc: ["'self'"],
    frameAncestors: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    // Plain http on localhost and LAN addresses must keep working.
    upgradeInsecureRequests: null,
  },
};

/** The whole HTTP application as a plugin: contract routes, errors, security, docs, portals. */
export async function parleyApp(app: FastifyInstance, deps: AppDependencies): Promise<RegisteredOperation[]> {
  const document = deps.contract ?? loadContract();
  const limits = deps.rateLimits === undefined ? defaultRateLimits : deps.rateLimits;

  app.decorateRequest("caller", null);
  app.decorateRequest("tenant", null);
  app.decorateRequest("uploads", null);
  app.setErrorHandler((error, request, reply) => sendProblem(reply, toProblem(error, request)));
  registerJsonBodyParser(app);
  registerLingeringClose(app);

  registerSecurityHeaders(app, { contentSecurityPolicy, crossOriginEmbedderPolicy: false });
  await app.register(cors, {
    origin: deps.corsOrigins && deps.corsOrigins.length > 0 ? deps.corsOrigins : false,
    credentials: true,
    allowedHeaders: ["Authorization", "Content-Type", "X-Session-Id"],
    exposedHeaders: ["Retry-After"],
  });
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { ...multipartLimits, files: 1, fields: 20, parts: 21 } });

  const accounts = createAccountsService({
    db: deps.db,
    tokens: deps.tokens,
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
    codeSecret: deps.secret,
    googleEnabled: deps.google !== undefined,
    logError: (message, error) => app.log.error({ err: error }, message),
  });

  const configurations = createConfigurationsService(deps.db);

  const embedder = deps.embeddings ? createEmbedder(deps.embeddings) : undefined;
  // A visitor's question is embedded once, for the FAQ rows and the articles alike.
  const questionEmbedder = embedder && cachingEmbedder(embedder);
  // The provider's embedding model ranks FAQ rows when there is one; the local model otherwise.
  const sentenceEncoder = questionEmbedder
    ? providerSentenceEncoder(questionEmbedder, deps.embeddings!.faqScale ?? defaultFaqScale)
    : deps.localSentenceModel
      ? createLocalSentenceEncoder()
      : undefined;
  if (sentenceEncoder) app.addHook("onClose", () => sentenceEncoder.close());
  // Off the main thread: the model loads in its worker while the server starts answering.
  if (sentenceEncoder && !sentenceEncoder.remote && deps.warmSentenceModel) void sentenceEncoder.embed(["warm up"]).catch(() => undefined);
  const vectors = embedder !== undefined && (await hasVectorColumn(deps.db));
  const logError = (message: string, error: unknown) => app.log.error({ err: error }, message);
  const retrieval = createRetrieval(deps.db, { embedder: questionEmbedder, vectors: vectors ? "pgvector" : "array", onEmbeddingError: (error) => logError("a question could not be embedded", error) });

  const presence = createPresence(deps.db, randomUUID(), { heartbeatMs: deps.presenceHeartbeatMs, logError });
  const live = createLiveService({
    db: deps.db,
    authenticate: accounts.authenticate,
    setAvailability: (caller, isAvailable) => accounts.setAvailability(caller, isAvailable),
    configurationVisible: (caller, id) => configurations.visible(caller, id),
    configurationById: (id) => configurations.published(id),
    presence,
    handedBack: (configuration, conversation) => void answerAfterHandBack(configuration, conversation),
    logError,
  });
  /** The visitor's message an agent left unanswered gets the assistant's answer, as a turn of the widget does. */
  async function answerAfterHandBack(configuration: Configuration, conversation: ConversationRecord) {
    const sessionId = conversation.session_id;
    let typing = false;
    try {
      const result = await assistant.answerWaiting(configuration, conversation, {
        stored() {
          typing = true;
          chat?.typing(sessionId, true);
        },
        delta: (messageId, text) => chat?.delta(sessionId, messageId, text),
      });
      if (result) chat?.turnFinished(sessionId, result);
    } catch (error) {
      logError("the assistant could not answer a visitor after the hand-back", error);
    } finally {
      if (typing) chat?.typing(sessionId, false);
    }
  }

  const outbound = deps.outbound ?? createOutboundClient();
  const hasProvider = deps.llm != null && (deps.llm.openai !== undefined || deps.llm.azure !== undefined);
  const sources = createSourceFinder(deps.db, retrieval, { sentenceEncoder });
  const knowledge = createKnowledgeService(deps.db, {
    retrieval,
    embedder,
    vectors,
    logError,
    articlesPerTransaction: deps.singleConnection ? maxArticlesPerIndexing : undefined,
    // The search ranks the FAQ as the assistant would for this text: in the language it would answer in, with the
    // local sentence model where the extractive default uses it.
    faqSearch: (configuration, question, limit) =>
      sources.rankFaq({
        configurationId: configuration._id,
        language: locallyDetectedLanguage(configuration, question) ?? baseLanguage(configuration, undefined),
        question,
        limit,
        semanticFaq: !hasProvider,
      }),
  });
  const webshop = createWebshopService(deps.db, outbound, knowledge, { secrets: createSecretBox(deps.secret, "webshop credentials"), logError });
  const functions = createFunctionRunner({
    db: deps.db,
    orderOf: (configurationId, type, orderNumber) => webshop.orderOf(configurationId, type, orderNumber),
    twilioBaseUrl: deps.twilioBaseUrl ?? defaultTwilioBaseUrl,
    contactLeft: (conversation, details) => void live.alertRaised({ conversation, alertText: details }),
    logError,
  });
  const provider = hasProvider ? createChatProvider(deps.llm!) : undefined;
  const assistant = createAssistant({
    db: deps.db,
    sources,
    urlsOf: async (configurationId) => (await findTrainingUrls(deps.db, systemScope, configurationId)).map((entry) => entry.url),
    provider,
    functions,
    onAlert: (alert) => void live.alertRaised(alert),
    agentsOnline: (configurationId) => live.agentsOnline(configurationId),
    onConversationChanged: (change) => void live.conversationChanged(change),
    storeVisitorMessage: (input) => live.visitorMessage(input),
    logError,
  });
  const testTickets = createTestTickets(deps.secret);
  const visitors = createVisitorService({
    db: deps.db,
    assistant,
    configurationById: (id) => configurations.published(id),
    limits: deps.chatLimits ?? (deps.rateLimits === false ? false : defaultChatLimits),
    publicUrl: deps.publicUrl,
    testTickets,
  });
  // The sockets share the HTTP server: the visitors' namespace /chat and the agents' /live.
  let chat: ChatBroadcast | undefined;
  const redis = deps.redis ? await connectRedisAdapter(deps.redis, logError) : undefined;
  if (app.server) {
    const io = new SocketServer(app.server, { path: "/socket.io", transports: ["websocket"], serveClient: false, maxHttpBufferSize: 64 * 1024 });
    if (redis) io.adapter(redis.adapter);
    chat = attachChatNamespace(io, visitors, logError, (sessionId, configurationId, typing) => live.visitorTyping(sessionId, configurationId, typing), deps.trustProxy ?? false);
    attachLiveNamespace(io, live, presence, logError);
    // After the chat namespace: a visitor's socket hears `agents_online` after `session`.
    const agentsOnline = attachAgentsOnline(io, deps.db, presence, { recheckMs: deps.presenceHeartbeatMs ?? 30_000, acrossInstances: redis !== undefined, logError });
    // Before the HTTP server waits for its connections to end: an open socket never ends by itself, so the
    // visitors' and agents' sockets are closed first. Their clients see the transport close and reconnect (to
    // another instance, or to this one once it is back), resending what was not acknowledged.
    app.addHook("preClose", async () => {
      io.engine.close();
    });
    app.addHook("onClose", async () => {
      agentsOnline.stop();
      await io.close();
    });
  }
  app.addHook("onClose", async () => {
    await presence.stop().catch((error: unknown) => logError("the agents' connections could not be removed", error));
    await redis?.close();
  });

  const attachments = createAttachmentService(deps.db, visitors);
  const scraping = createScrapingService(outbound);
  const onboarding = createOnboardingService({
    db: deps.db,
    outbound,
    scraping,
    model: provider ? { provider, azure: deps.llm?.openai === undefined } : undefined,
    logError,
  });
  // What `x-tenant` names, loaded within the caller's scope; the registrar answers 404 otherwise.
  const tenants: TenantLoaders = {
    configuration: (caller, id) => configurations.visible(caller, id),
    customer: (caller, id) => findCustomerInScope(deps.db, scopeOf(caller), id),
    user: (caller, id) => findUserById(deps.db, scopeOf(caller), id),
    workflow: (caller, id) => findWorkflowInScope(deps.db, scopeOf(caller), id),
    onboardingAttempt: (caller, id) => onboarding.visible(caller, id),
  };
  // What the widget's public calls name: a configuration whose id a customer's website publishes.
  const publicTenants: PublicTenantLoaders = {
    publicConfiguration: (id) => configurations.published(id),
  };
  const clientSettings = deps.clientSettings ?? clientSettingsFromEnv(process.env);
  const operations: OperationTable = {
    ...accountOperations(app, accounts, limits),
    ...widgetChatOperations(visitors, () => chat, attachments, testTickets),
    ...agentAttachmentOperations(attachments),
    ...googleOperations({
      db: deps.db,
      tokens: deps.tokens,
      secret: deps.secret,
      publicUrl: deps.publicUrl,
      google: deps.google,
      logError: (message, error) => app.log.error({ err: error }, message),
    }),
    ...userOperations(deps.db),
    ...customerOperations(createCustomersService(deps.db, deps.tokens)),
    ...configurationOperations(configurations),
    ...datasetOperations(createDatasetsService(deps.db), createCorrectionsService(deps.db)),
    ...trainingUrlOperations(createTrainingUrlsService(deps.db)),
    ...scrapingOperations(scraping),
    ...onboardingOperations(app, onboarding, limits),
    ...trainingFileOperations(createTrainingFilesService(deps.db)),
    ...designOperations(createDesignService(deps.db, { publicUrl: deps.publicUrl, agentsOnline: (id) => live.agentsOnline(id) })),
    ...workflowOperations(createWorkflowsService(deps.db)),
    ...knowledgeOperations(knowledge),
    ...wordpressOperations(createWordpressService(deps.db, outbound, knowledge)),
    ...webshopOperations(webshop),
    ...searchOperations(deps.db),
    ...leadOperations(deps.db),
    ...billingOperations(
      app,
      createBillingService(deps.db, {
        publicUrl: deps.publicUrl,
        publicUrlConfigured: deps.publicUrlConfigured ?? false,
        webhookSecret: deps.paymentsWebhookSecret,
        stripe: deps.stripe ? createStripeCheckout(deps.stripe) : undefined,
        mailer: deps.mailer,
        logError,
        priceIds: { monthly: clientSettings.basicMonthlyPriceId, annual: clientSettings.basicAnnualPriceId },
      }),
      limits,
    ),
    ...dashboardOperations(createDashboardService(deps.db)),
    ...premiumContactOperations(app, createPremiumContactService({ db: deps.db, mailer: deps.mailer, logError }), limits),
    ...liveOperations(deps.db, live),
    ...conversationOperations(createConversationsService(deps.db)),
    ...devMailboxOperations(deps.db, devMailboxAvailable(deps.mailer.kind)),
    ...healthOperations(deps.db, String(document.info.version ?? "")),
    ...clientSettingsOperations(clientSettings, deps.google !== undefined),
  };
  const registered = await registerOperations(app, {
    document,
    operations,
    authenticate: accounts.authenticate,
    tenants,
    publicTenants,
    multipartLimits,
  });

  await registerDocs(app, document);
  const root = repositoryRoot();
  await registerPortals(
    app,
    deps.portals ?? {
      customer: join(root, "apps", "customer-portal", "dist"),
      admin: join(root, "apps", "admin-portal", "dist"),
      widget: join(root, "apps", "widget", "dist"),
    },
  );
  return registered;
}

/**
 * The Fastify options the app relies on, which a plugin cannot set itself: the body limit the contract's
 * 413 answers mean, and problem bodies for the URLs the router refuses before any route runs and for
 * the requests Node refuses before Fastify sees them.
 */
export const parleyServerOptions = {
  bodyLimit: requestBodyMaxBytes,
  frameworkErrors: sendRouterProblem,
  clientErrorHandler: sendClientErrorProblem,
} satisfies FastifyServerOptions;

export async function buildApp(deps: AppDependencies, options: FastifyServerOptions = {}): Promise<ParleyApp> {
  const app = Fastify({ ...parleyServerOptions, ...options }) as unknown as ParleyApp;
  app.operations = await parleyApp(app, deps);
  await app.ready();
  return app;
}
