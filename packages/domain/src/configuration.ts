/**
 * Configuration defaults (spec 01 §3, spec 02 §9) and change tracking against the loaded copy.
 */
import { addMonths, toIsoDate } from "./dates";
import { isUnlimited, messageLimitFor, productForNewConfiguration } from "./products";

export const configurationDefaults = {
  max_tokens: 1500,
  temperature: 0.1,
  topp: 0.1,
  lang_detect_word_count: 4,
  input_history_count: 3,
  model: "gpt-4o-default",
  lang_detect_model: "gpt-4o-mini-default",
} as const;

/**
 * The model names the spec gives, which the server maps to its provider's models (LLM_MODELS); a
 * configuration may also name a provider's model directly (an Ollama or vLLM model), which is sent as it is.
 */
export const knownModelNames = [configurationDefaults.model, configurationDefaults.lang_detect_model] as const;

/** The ranges the settings' numbers must keep (the contract says the same). */
export const configurationRanges = {
  max_tokens: { min: 1, max: 100_000 },
  temperature: { min: 0, max: 2 },
  topp: { min: 0, max: 1 },
  lang_detect_word_count: { min: 1, max: 100 },
  input_history_count: { min: 0, max: 100 },
  // The largest whole number the database stores.
  message_limit: { min: 0, max: 2_147_483_647 },
  remaining_messages: { min: 0, max: 2_147_483_647 },
  products_limit: { min: 0, max: 100 },
  max_offset: { min: 0, max: 10_000 },
} as const satisfies Record<string, { min: number; max?: number }>;

/** The longest texts the settings keep (the contract's `maxLength`s), so the form says so before the server refuses. */
export const configurationTextLimits = {
  name: 200,
  model: 100,
  instruction: 10_000,
  datasetName: 200,
  url: 2048,
  wordpressCredential: 200,
} as const;

/** How many URLs the URL search picks from the configuration's URL list (never URLs from elsewhere). */
export const urlSearchPickRange = { min: 1, max: 3 } as const;

/** The default answer rules every assistant follows, whatever its instructions say. */
export const defaultAnswerRules = [
  "html_only",
  "links_open_in_parent_frame",
  "greet_once",
  "on_topic_only",
] as const;
export type AnswerRule = (typeof defaultAnswerRules)[number];

/**
 * The grouped settings (spec 01 §3's label items) with what a configuration starts with. A stored
 * configuration lacking a group or one of its fields answers these values for it.
 */
export const configurationSectionDefaults = {
  rag_settings: {
    wordpress_enabled: false,
    wordpress_domain: null as string | null,
    products_enabled: false,
    products_limit: 5,
    max_offset: 0,
    random_offset: false,
    recognition_instruction: "",
    search_instruction: "",
    example_questions: [] as string[],
  },
  post_processing: {
    send_via: "none" as "email" | "none",
    recipient: null as string | null,
    dataset_name: null as string | null,
  },
  email_channel: {
    send: false,
    draft_only: true,
    email_user: null as string | null,
    consent_link: null as string | null,
    ignore_emails: [] as string[],
    ignore_domains: [] as string[],
  },
  twilio_channel: {
    whatsapp_address: null as string | null,
    sid_address: null as string | null,
    test_sid_address: null as string | null,
    auth_token: null as string | null,
    reset_conversations: false,
  },
  wordpress_site: {
    url: null as string | null,
    username: null as string | null,
    application_password: null as string | null,
  },
};
export type ConfigurationSection = keyof typeof configurationSectionDefaults;
export const configurationSections = Object.keys(configurationSectionDefaults) as ConfigurationSection[];

/**
 * Whether a configuration may hold `remaining` messages under `messageLimit`: at most the limit, since a
 * period starts with the limit and only counts down; any number when the limit is unlimited (0, enterprise).
 */
export function remainingWithinLimit(remaining: number, messageLimit: number): boolean {
  return isUnlimited(messageLimit) || remaining <= messageLimit;
}

/**
 * How many configurations a self-onboarding customer may create. Each starts with its product's messages, so
 * without a bound a trial account could make itself as many messages as it liked; three leave room for a
 * retried wizard and a second site. Admins add more. `errorMessages.configuration_limit_reached` says it.
 */
export const selfOnboardingMaxConfigurations = 3;

/** Months between two resets of `remaining_messages` to `message_limit`. */
export const usageResetIntervalMonths = 1;

/** The next usage reset date (YYYY-MM-DD) counted from `now`. */
export function nextUsageResetDate(now: Date): string {
  return toIsoDate(addMonths(now, usageResetIntervalMonths));
}

export interface NewConfigurationOptions {
  selfOnboarding: boolean;
  now: Date;
  name?: string;
  customerId?: string | null;
  attemptId?: string | null;
}

/**
 * Every field a new configuration starts with: the model defaults, switches off, texts empty, the
 * product's message limit with all of it remaining, and the first usage reset one month ahead.
 */
export function newConfigurationDefaults(options: NewConfigurationOptions) {
  const product = productForNewConfiguration(options);
  const messageLimit = messageLimitFor(product);
  return {
    product,
    name: options.name ?? "",
    customerId: options.customerId ?? null,
    attempt_id: options.attemptId ?? null,
    functions: [] as string[],
    entitytypes_to_anonimize: [] as string[],
    max_tokens: configurationDefaults.max_tokens,
    temperature: configurationDefaults.temperature,
    topp: configurationDefaults.topp,
    use_azure_openai: false,
    model: configurationDefaults.model,
    language: "",
    use_lang_detect: false,
    lang_detect_word_count: configurationDefaults.lang_detect_word_count,
    lang_detect_model: configurationDefaults.lang_detect_model,
    use_input_history: false,
    input_history_count: configurationDefaults.input_history_count,
    rag_enabled: false,
    use_gpt35_url_search: false,
    functions_enabled: false,
    use_live_chat_monitor: false,
    use_alert_triggers: false,
    anonimize_input: false,
    use_reporting: false,
    use_labeling: false,
    use_post_processing: false,
    include_manual_dataset: false,
    entity_instruction: "",
    goal_instruction: "",
    answer_instruction: "",
    goal_live_monitoring_instruction: "",
    url_search_instruction: "",
    alert_trigger_keywords: [] as string[],
    anonimize_exceptions: [] as string[],
    allowed_origins: [] as string[],
    reporting_recipients: [] as string[],
    ...structuredClone(configurationSectionDefaults),
    message_limit: messageLimit,
    remaining_messages: messageLimit,
    usage_reset_date: nextUsageResetDate(options.now),
  };
}

/** Structural equality for the JSON-like values a form edits (arrays and plain objects compared deeply). */
export function sameValue(left: unknown, right: unknown): boolean {
  if (Object.is(left, right)) return true;
  if (Array.isArray(left) || Array.isArray(right)) {
    return (
      Array.isArray(left) &&
      Array.isArray(right) &&
      left.length === right.length &&
      left.every((item, index) => sameValue(item, right[index]))
    );
  }
  if (typeof left === "object" && typeof right === "object" && left !== null && right !== null) {
    const leftKeys = Object.keys(left);
    const rightKeys = Object.keys(right);
    return (
      leftKeys.length === rightKeys.length &&
      leftKeys.every(
        (key) =>
          Object.hasOwn(right, key) &&
          sameValue((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key]),
      )
    );
  }
  return false;
}

/**
 * The fields of `current` whose value differs from the initial copy (fields present in either), in
 * the order they first appear. Used to show unsaved changes and to send only what changed.
 */
export function changedFields<T extends object>(initial: T, current: T): (keyof T & string)[] {
  const keys = new Set([...Object.keys(initial), ...Object.keys(current)]);
  return [...keys].filter(
    (key) => !sameValue((initial as Record<string, unknown>)[key], (current as Record<string, unknown>)[key]),
  ) as (keyof T & string)[];
}

export function hasChanges<T extends object>(initial: T, current: T): boolean {
  return changedFields(initial, current).length > 0;
}

/** Only the changed fields of `current`, ready to send. */
export function changesOf<T extends object>(initial: T, current: T): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of changedFields(initial, current)) changes[key] = current[key];
  return changes;
}

/**
 * A configuration before the server gave it an `_id`: every field it starts with. The HTTP shape is
 * the contract's `Configuration`; the server checks that this fills it.
 */
export type NewConfiguration = ReturnType<typeof newConfigurationDefaults>;
