import { aiFunctionByName, fillWorkflowPlaceholders, isAiFunctionName, type WebshopType } from "@parley/domain";
import type { Db } from "../../platform/db/db";
import type { ChatTool, ChatToolCall } from "../assistant/provider/chat-provider";
import type { Configuration } from "../configurations/repository";
import { findConfigurationInScope } from "../configurations/repository";
import { recordWorkflowTriggered, type ConversationRecord } from "../conversations/repository";
import { systemScope } from "../tenancy";
import { sampleOrder, type FoundOrder } from "../webshop/orders";
import { listWorkflows } from "./repository";
import { sendTwilioSms, type TwilioAccount } from "./twilio";

/*
 * The configuration's AI functions at answer time (spec 01 §1, "workflows triggered by AI functions"): the model
 * is offered the functions the configuration switched on; when it calls one, the workflows it triggers run their
 * actions (an order looked up in the webshop, an SMS through Twilio) and what they found goes back to the model,
 * which then answers the visitor. Function values come from the model's arguments, conversation values from the
 * conversation; an action's target and message take them as `{{name}}`.
 */

export interface FunctionRunnerDependencies {
  db: Db;
  orderOf(configurationId: string, type: WebshopType, orderNumber: string): Promise<FoundOrder | undefined>;
  /** Twilio's API root (TWILIO_API_BASE_URL; Twilio's own by default). */
  twilioBaseUrl: string;
  /** A visitor left contact details through a function (a lead, a call-back request): the agents are alerted with them. */
  contactLeft?(conversation: ConversationRecord, details: string): void;
  logError(message: string, error: unknown): void;
}

/** The functions a model may call in one answer; more calls than this are not run. */
export const maxFunctionCallsPerAnswer = 3;
/** Functions through which a visitor leaves contact details for the team. */
const contactFunctions: ReadonlySet<string> = new Set(["collect_lead", "request_contact"]);
/** The longest value taken from a model's arguments (a name, a number, a short question). */
const maxValueLength = 500;

type ActionOutcome = Record<string, unknown>;


/** The functions of the catalogue the configuration switched on, as the model is offered them. */
export function toolsOf(configuration: Pick<Configuration, "functions_enabled" | "functions">): ChatTool[] {
  if (!configuration.functions_enabled) return [];
  return [...new Set(configuration.functions)].filter(isAiFunctionName).map((name) => {
    const definition = aiFunctionByName(name)!;
    return {
      name: definition.name,
      description: definition.description,
      parameters: {
        type: "object",
        properties: Object.fromEntries(definition.parameters.map((parameter) => [parameter.name, { type: parameter.type, description: parameter.description }])),
        required: definition.parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
        additionalProperties: false,
      },
    };
  });
}

/** The model's arguments as the function's values: known parameters only, as short texts. */
function argumentValues(name: string, argumentsText: string): Record<string, string> | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(argumentsText || "{}");
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return undefined;
  const values: Record<string, string> = {};
  for (const parameter of aiFunctionByName(name)?.parameters ?? []) {
    const value = (parsed as Record<string, unknown>)[parameter.name];
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
      // eslint-disable-next-line no-control-regex -- control characters (NUL among them) are what is taken out.
      const textValue = String(value).replace(/[\u0000-\u001f\u007f]/gu, " ").trim().slice(0, maxValueLength);
      if (textValue !== "") values[parameter.name] = textValue;
    }
  }
  return values;
}

export function createFunctionRunner(deps: FunctionRunnerDependencies) {
  async function twilioAccountOf(configurationId: string, test: boolean): Promise<{ account: TwilioAccount; from: string } | undefined> {
    const record = await findConfigurationInScope(deps.db, systemScope, configurationId);
    const channel = (record?.settings as { twilio_channel?: Record<string, unknown> } | undefined)?.twilio_channel ?? {};
    const sid = channel[test ? "test_sid_address" : "sid_address"];
    const token = channel.auth_token;
    const from = channel.whatsapp_address;
    if (typeof sid !== "string" || sid === "" || typeof token !== "string" || token === "" || typeof from !== "string" || from === "") return undefined;
    return { account: { sid, authToken: token }, from: from.replace(/^whatsapp:/iu, "") };
  }

  async function retrieveOrder(configuration: Configuration, platform: WebshopType, values: Record<string, string>, test: boolean): Promise<ActionOutcome> {
    const orderNumber = values.order_number;
    if (!orderNumber) return { action: "retrieve_order", error: "Ask the visitor for their order number." };
    if (test) return { action: "retrieve_order", order: sampleOrder(orderNumber), test_data: true };
    const found = await deps.orderOf(configuration._id, platform, orderNumber);
    // An order is told only to whom knows the e-mail address it was placed with: a number alone can be guessed (an
    // order without one, taken in a shop or by phone, is not told at all).
    const emailMatches = found?.email != null && (values.email ?? "").trim().toLowerCase() === found.email.toLowerCase();
    if (!found || !emailMatches) {
      return {
        action: "retrieve_order",
        error: values.email
          ? "No order with this number and e-mail address was found. Ask the visitor to check both."
          : "Ask the visitor for the e-mail address the order was placed with, then look it up again.",
      };
    }
    return { action: "retrieve_order", order: found.summary };
  }

  async function sendSms(configuration: Configuration, target: string, message: string, values: Record<string, string>, test: boolean): Promise<ActionOutcome> {
    const to = fillWorkflowPlaceholders(target, values).trim();
    const body = fillWorkflowPlaceholders(message, values).trim();
    if (to === "" || body === "") return { action: "send_sms", error: "The message or its recipient is missing." };
    const twilio = await twilioAccountOf(configuration._id, test);
    if (!twilio) return { action: "send_sms", error: "Text messages are not set up for this assistant." };
    await sendTwilioSms(deps.twilioBaseUrl, twilio.account, { from: twilio.from, to, body });
    return { action: "send_sms", sent: true };
  }

  return {
    toolsOf,

    /**
     * Runs the workflows `call` triggers; answers what the model is told (JSON): each action's outcome, or why
     * nothing ran. A failing action is told as failed (and logged); the others still run.
     */
    async run(configuration: Configuration, conversation: ConversationRecord, call: ChatToolCall): Promise<string> {
      if (!toolsOf(configuration).some((tool) => tool.name === call.name)) {
        return JSON.stringify({ error: `The function ${call.name.slice(0, 64)} is not available.` });
      }
      const argumentsGiven = argumentValues(call.name, call.arguments);
      if (!argumentsGiven) return JSON.stringify({ error: "The arguments were not a JSON object." });
      const missing = (aiFunctionByName(call.name)?.parameters ?? []).filter((parameter) => parameter.required && !argumentsGiven[parameter.name]);
      if (missing.length > 0) return JSON.stringify({ error: `Ask the visitor for: ${missing.map((parameter) => parameter.name).join(", ")}.` });
      const values = { ...argumentsGiven, session_id: conversation.session_id, client_ip: conversation.client_ip ?? "" };
      // The details themselves (name, e-mail, phone) head the alert: the first words are what the bell shows.
      const contact = contactFunctions.has(call.name);
      if (contact) deps.contactLeft?.(conversation, ["name", "email", "phone", "question"].flatMap((name) => argumentsGiven[name] ?? []).join(" "));
      const workflows = (await listWorkflows(deps.db, systemScope, configuration._id)).filter((workflow) => workflow.trigger_function === call.name);
      if (workflows.length === 0) {
        return JSON.stringify(
          contact
            ? { status: "noted", note: "The team has the details; tell the visitor someone will get back to them." }
            : { status: "noted", note: "Nothing else runs for this request; tell the visitor it was received." },
        );
      }
      const outcomes: ActionOutcome[] = [];
      for (const workflow of workflows) {
        for (const action of workflow.actions) {
          try {
            if (action.type === "retrieve_order" && action.platform) outcomes.push(await retrieveOrder(configuration, action.platform, values, workflow.use_test_data));
            else if (action.type === "send_sms") outcomes.push(await sendSms(configuration, action.target ?? "", action.message ?? "", values, workflow.use_test_data));
          } catch (error) {
            deps.logError(`the workflow "${workflow.name}" could not run its ${action.type} action`, error);
            outcomes.push({ action: action.type, error: "This did not work right now. Apologise and offer another way to help." });
          }
        }
      }
      const names = workflows.map((workflow) => workflow.name);
      await recordWorkflowTriggered(deps.db, conversation.id, names.join(", "));
      return JSON.stringify({ workflows: names, results: outcomes });
    },
  };
}

export type FunctionRunner = ReturnType<typeof createFunctionRunner>;
