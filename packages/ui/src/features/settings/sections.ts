/** The fields of each settings screen, in the order they show (spec 01 §3 and its label items). */
import { defaultAnswerInstruction, defaultUrlSearchInstruction } from "@parley/domain/answerRules";
import { knownModelNames } from "@parley/domain/configuration";
import type { SettingsSection } from "./settingsValues";

export const aiSettingsSections: SettingsSection[] = [
  {
    id: "model",
    fields: [
      { name: "model", kind: "text", suggestions: knownModelNames },
      { name: "temperature", kind: "decimal" },
      { name: "topp", kind: "decimal" },
      { name: "max_tokens", kind: "number" },
      { name: "use_azure_openai", kind: "switch" },
    ],
  },
  {
    id: "language",
    fields: [
      { name: "use_lang_detect", kind: "switch" },
      { name: "lang_detect_word_count", kind: "number", showWhen: "use_lang_detect" },
      { name: "lang_detect_model", kind: "text", suggestions: knownModelNames, showWhen: "use_lang_detect" },
      { name: "use_input_history", kind: "switch" },
      { name: "input_history_count", kind: "number", showWhen: "use_input_history" },
    ],
  },
  {
    id: "knowledge",
    fields: [
      { name: "rag_enabled", kind: "switch" },
      { name: "rag_settings.wordpress_enabled", kind: "switch", showWhen: "rag_enabled" },
      { name: "rag_settings.wordpress_domain", kind: "text", showWhen: "rag_enabled" },
      { name: "rag_settings.products_enabled", kind: "switch", showWhen: "rag_enabled" },
      { name: "rag_settings.products_limit", kind: "number", showWhen: "rag_enabled" },
      { name: "rag_settings.max_offset", kind: "number", showWhen: "rag_enabled" },
      { name: "rag_settings.random_offset", kind: "switch", showWhen: "rag_enabled" },
      { name: "rag_settings.recognition_instruction", kind: "textarea", showWhen: "rag_enabled" },
      { name: "rag_settings.search_instruction", kind: "textarea", showWhen: "rag_enabled" },
      { name: "rag_settings.example_questions", kind: "list", showWhen: "rag_enabled" },
      { name: "use_gpt35_url_search", kind: "switch" },
      { name: "include_manual_dataset", kind: "switch" },
      { name: "functions_enabled", kind: "switch" },
    ],
  },
  {
    id: "monitoring",
    fields: [
      { name: "use_live_chat_monitor", kind: "switch" },
      { name: "use_alert_triggers", kind: "switch" },
      { name: "alert_trigger_keywords", kind: "list", showWhen: "use_alert_triggers" },
      { name: "anonimize_input", kind: "switch" },
      { name: "entitytypes_to_anonimize", kind: "list", showWhen: "anonimize_input" },
      { name: "anonimize_exceptions", kind: "list", showWhen: "anonimize_input" },
    ],
  },
  {
    id: "reporting",
    fields: [
      { name: "use_reporting", kind: "switch" },
      { name: "reporting_recipients", kind: "list", showWhen: "use_reporting" },
      { name: "use_labeling", kind: "switch" },
      { name: "use_post_processing", kind: "switch" },
      { name: "post_processing.send_via", kind: "select", showWhen: "use_post_processing", options: [{ value: "none" }, { value: "email" }] },
      { name: "post_processing.recipient", kind: "email", showWhen: "use_post_processing" },
      { name: "post_processing.dataset_name", kind: "text", showWhen: "use_post_processing" },
    ],
  },
];

export const instructionsSections: SettingsSection[] = [
  {
    id: "instructions",
    fields: [
      { name: "entity_instruction", kind: "textarea" },
      { name: "goal_instruction", kind: "textarea" },
      { name: "answer_instruction", kind: "textarea", defaultsByLanguage: defaultAnswerInstruction },
      { name: "goal_live_monitoring_instruction", kind: "textarea" },
      { name: "url_search_instruction", kind: "textarea", defaultsByLanguage: defaultUrlSearchInstruction },
    ],
  },
];

export const connectionsSections: SettingsSection[] = [
  {
    id: "wordpress",
    fields: [
      { name: "wordpress_site.url", kind: "url" },
      { name: "wordpress_site.username", kind: "text" },
      { name: "wordpress_site.application_password", kind: "secret" },
    ],
  },
  {
    id: "email",
    fields: [
      { name: "email_channel.send", kind: "switch" },
      { name: "email_channel.draft_only", kind: "switch" },
      { name: "email_channel.email_user", kind: "email" },
      { name: "email_channel.consent_link", kind: "url" },
      { name: "email_channel.ignore_emails", kind: "list" },
      { name: "email_channel.ignore_domains", kind: "list" },
    ],
  },
  {
    id: "twilio",
    fields: [
      { name: "twilio_channel.whatsapp_address", kind: "text" },
      { name: "twilio_channel.sid_address", kind: "text" },
      { name: "twilio_channel.test_sid_address", kind: "text" },
      { name: "twilio_channel.auth_token", kind: "secret" },
      { name: "twilio_channel.reset_conversations", kind: "switch" },
    ],
  },
];
