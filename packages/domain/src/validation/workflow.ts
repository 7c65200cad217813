/**
 * Workflows (spec 01 §3, §5): a name, the AI function that triggers it and at least one valid
 * action. An SMS needs its target (phone number or a `{{value}}` placeholder) and a message; an
 * order lookup needs the shop platform it asks. The trigger is a function of the built-in catalogue.
 */
import "./yupLocale";
import { array, boolean, object, string, type InferType } from "yup";
import { aiFunctionNames, workflowMaxActions, workflowMaxValues } from "../aiFunctions";
import { webshopTypes, type WebshopType } from "../webshop";
import { optionalText, requiredText } from "./common";
import { validationIssue } from "./messages";

export const workflowActionTypes = ["send_sms", "retrieve_order"] as const;
export type WorkflowActionType = (typeof workflowActionTypes)[number];
/** Shops an order can be retrieved from: the supported webshops. */
export const orderPlatforms = webshopTypes;
export type OrderPlatform = WebshopType;

export interface WorkflowAction {
  type: WorkflowActionType;
  target?: string | null;
  message?: string | null;
  platform?: OrderPlatform | null;
}

function isActionType(type: unknown): type is WorkflowActionType {
  return typeof type === "string" && (workflowActionTypes as readonly string[]).includes(type);
}

export function actionNeedsTarget(type: WorkflowActionType): boolean {
  return type === "send_sms";
}

export function actionNeedsMessage(type: WorkflowActionType): boolean {
  return type === "send_sms";
}

export function actionNeedsPlatform(type: WorkflowActionType): boolean {
  return type === "retrieve_order";
}

const filled = (value: string | null | undefined) => (value ?? "").trim() !== "";

/** A complete action: a known type with the target, message or platform it needs. */
export function isValidWorkflowAction(action: Partial<WorkflowAction> | null | undefined): boolean {
  if (!action || !isActionType(action.type)) return false;
  if (actionNeedsTarget(action.type) && !filled(action.target)) return false;
  if (actionNeedsMessage(action.type) && !filled(action.message)) return false;
  if (actionNeedsPlatform(action.type) && !(orderPlatforms as readonly unknown[]).includes(action.platform))
    return false;
  return true;
}

const requiredWhen = (needs: (type: WorkflowActionType) => boolean) => ({
  is: (type: unknown) => isActionType(type) && needs(type),
  then: (schema: ReturnType<typeof optionalText>) => schema.required(validationIssue("field_required")),
});

export const workflowActionSchema = object({
  type: string()
    .required(validationIssue("field_required"))
    .oneOf(workflowActionTypes, validationIssue("choose_one_of", { choices: workflowActionTypes.join(", ") })),
  target: optionalText().when("type", requiredWhen(actionNeedsTarget)),
  message: optionalText().when("type", requiredWhen(actionNeedsMessage)),
  platform: optionalText()
    .oneOf([...orderPlatforms, null, undefined], validationIssue("choose_one_of", { choices: orderPlatforms.join(", ") }))
    .when("type", requiredWhen(actionNeedsPlatform)),
});

export const workflowSchema = object({
  name: requiredText(),
  trigger_function: requiredText().oneOf(aiFunctionNames, validationIssue("choose_one_of", { choices: aiFunctionNames.join(", ") })),
  actions: array(workflowActionSchema)
    .required(validationIssue("workflow_action_required"))
    .min(1, validationIssue("workflow_action_required"))
    .max(workflowMaxActions, validationIssue("invalid_field")),
  use_test_data: boolean().default(false),
  conversation_values: array(string().required()).max(workflowMaxValues, validationIssue("invalid_field")).default([]),
  function_values: array(string().required()).max(workflowMaxValues, validationIssue("invalid_field")).default([]),
});
export type WorkflowInput = InferType<typeof workflowSchema>;
