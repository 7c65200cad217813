/**
 * The AI functions an assistant may call (spec 01 §1: workflows triggered by AI functions). The catalogue
 * is built in: a configuration switches functions on by name (its `functions` field), and a workflow
 * names the function that triggers it. The parameters are the values the assistant collects from the
 * visitor; a workflow's actions may use them as `{{name}}` placeholders.
 */
export type AiFunctionParameterType = "string" | "number" | "boolean";

export interface AiFunctionParameter {
  name: string;
  type: AiFunctionParameterType;
  description: string;
  required: boolean;
}

export interface AiFunctionDefinition {
  name: string;
  description: string;
  parameters: readonly AiFunctionParameter[];
}

export const aiFunctions = [
  {
    name: "get_order_status",
    description: "Look up the status of the visitor's order in the webshop.",
    parameters: [
      { name: "order_number", type: "string", description: "The order number the visitor gives.", required: true },
      { name: "email", type: "string", description: "The e-mail address the order was placed with.", required: false },
    ],
  },
  {
    name: "request_contact",
    description: "The visitor asks to be called back or contacted by a person.",
    parameters: [
      { name: "name", type: "string", description: "The visitor's name.", required: true },
      { name: "phone", type: "string", description: "The phone number to call back.", required: true },
      { name: "question", type: "string", description: "What the visitor wants to discuss.", required: false },
    ],
  },
  {
    name: "collect_lead",
    description: "Save the visitor's contact details as a lead.",
    parameters: [
      { name: "name", type: "string", description: "The visitor's name.", required: true },
      { name: "email", type: "string", description: "The visitor's e-mail address.", required: true },
      { name: "phone", type: "string", description: "The visitor's phone number.", required: false },
    ],
  },
] as const satisfies readonly AiFunctionDefinition[];

export type AiFunctionName = (typeof aiFunctions)[number]["name"];

export const aiFunctionNames: readonly AiFunctionName[] = aiFunctions.map((definition) => definition.name);

export function isAiFunctionName(value: unknown): value is AiFunctionName {
  return typeof value === "string" && (aiFunctionNames as readonly string[]).includes(value);
}

export function aiFunctionByName(name: string): AiFunctionDefinition | undefined {
  return aiFunctions.find((definition) => definition.name === name);
}

/** The values of the conversation itself that a workflow's actions may use as placeholders. */
export const conversationValueNames = ["session_id", "client_ip"] as const;
export type ConversationValueName = (typeof conversationValueNames)[number];

/** At most this many actions per workflow, and values of each kind it may use. */
export const workflowMaxActions = 10;
export const workflowMaxValues = 20;

/** `{{name}}`: a value an action's target or message takes from the conversation or the function. */
export function placeholderOf(valueName: string): string {
  return `{{${valueName}}}`;
}

const placeholderPattern = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** The text with each `{{name}}` replaced by its value (an unknown name by nothing): an action's target and message when it runs. */
export function fillWorkflowPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(placeholderPattern, (_, name: string) => values[name] ?? "");
}

/** The value names a text refers to as `{{name}}`, each once, in order. */
export function placeholdersIn(text: string | null | undefined): string[] {
  return [...new Set([...(text ?? "").matchAll(placeholderPattern)].map((match) => match[1]!))];
}

/**
 * What a workflow's actions use: the conversation values and the trigger function's parameters their
 * targets and messages name as placeholders (a workflow's `conversation_values` and `function_values`).
 */
export function workflowValuesOf(
  triggerFunction: string,
  actions: readonly { target?: string | null; message?: string | null }[],
): { conversation_values: string[]; function_values: string[] } {
  const used = new Set(actions.flatMap((action) => [...placeholdersIn(action.target), ...placeholdersIn(action.message)]));
  const parameters = aiFunctionByName(triggerFunction)?.parameters.map((parameter) => parameter.name) ?? [];
  return {
    conversation_values: conversationValueNames.filter((name) => used.has(name)),
    function_values: parameters.filter((name) => used.has(name)),
  };
}
