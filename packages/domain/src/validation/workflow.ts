/**
 * Workflows (spec 01 §3, §5): a name, the AI function that triggers it and at least one valid
 * action. Every action needs a target (the phone number of an SMS, the shop of an order lookup);
 * an SMS also needs a message.
 */
import { array, boolean, mixed, object, string, type InferType } from "yup";
import { optionalText, requiredText } from "./common";
import { validationMessage } from "./messages";

export const workflowActionTypes = ["sms", "retrieve_order"] as const;
export type WorkflowActionType = (typeof workflowActionTypes)[number];
/** Shops an order can be retrieved from. */
export const orderPlatforms = ["woocommerce", "shopify"] as const;
export type OrderPlatform = (typeof orderPlatforms)[number];

export interface WorkflowAction {
  type: WorkflowActionType;
  target?: string | null;
  message?: string | null;
}

export function actionNeedsTarget(type: WorkflowActionType): boolean {
  return type === "sms" || type === "retrieve_order";
}

export function actionNeedsMessage(type: WorkflowActionType): boolean {
  return type === "sms";
}

/** A complete action: known type, its target (a shop for order lookups) and, for SMS, a message. */
export function isValidWorkflowAction(action: Partial<WorkflowAction> | null | undefined): boolean {
  if (!action?.type || !(workflowActionTypes as readonly string[]).includes(action.type)) return false;
  const target = (action.target ?? "").trim();
  if (actionNeedsTarget(action.type) && target === "") return false;
  if (action.type === "retrieve_order" && !(orderPlatforms as readonly string[]).includes(target)) return false;
  if (actionNeedsMessage(action.type) && (action.message ?? "").trim() === "") return false;
  return true;
}

const actionSchema = object({
  type: string().required(validationMessage("field_required")).oneOf(workflowActionTypes, validationMessage("invalid_field")),
  target: optionalText()
    .when("type", {
      is: (type: string) => (workflowActionTypes as readonly string[]).includes(type) && actionNeedsTarget(type as WorkflowActionType),
      then: (schema) => schema.required(validationMessage("field_required")),
    })
    .when("type", {
      is: "retrieve_order",
      then: (schema) => schema.oneOf(orderPlatforms, validationMessage("invalid_field")),
    }),
  message: optionalText().when("type", {
    is: "sms",
    then: (schema) => schema.required(validationMessage("field_required")),
  }),
});

export const workflowSchema = object({
  name: requiredText(),
  function: requiredText(),
  actions: array(actionSchema)
    .required(validationMessage("workflow_action_required"))
    .min(1, validationMessage("workflow_action_required")),
  useTestData: boolean().default(false),
  testData: mixed().nullable(),
});
export type WorkflowInput = InferType<typeof workflowSchema>;
