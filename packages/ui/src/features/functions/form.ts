/**
 * The workflow form's values: every text as a string (empty when unset), as the inputs hold them, and
 * what is sent: empty texts as null, an action with only the fields its type uses, and the values the
 * actions name as placeholders (the domain's `workflowValuesOf`).
 */
import { actionNeedsMessage, actionNeedsPlatform, actionNeedsTarget, type WorkflowActionType } from "@parley/domain/validation/workflow";
import { workflowValuesOf } from "@parley/domain/aiFunctions";
import type { Workflow, WorkflowBody } from "./hooks";

export interface ActionValues {
  type: WorkflowActionType;
  target: string;
  message: string;
  platform: string;
}

export interface WorkflowFormValues {
  name: string;
  trigger_function: string;
  actions: ActionValues[];
  use_test_data: boolean;
}

export function newAction(type: WorkflowActionType): ActionValues {
  return { type, target: "", message: "", platform: "" };
}

export const blankWorkflow: WorkflowFormValues = { name: "", trigger_function: "", actions: [newAction("send_sms")], use_test_data: false };

export function toFormValues(workflow: Workflow): WorkflowFormValues {
  return {
    name: workflow.name,
    trigger_function: workflow.trigger_function,
    actions: workflow.actions.map((action) => ({
      type: action.type,
      target: action.target ?? "",
      message: action.message ?? "",
      platform: action.platform ?? "",
    })),
    use_test_data: workflow.use_test_data,
  };
}

const orNull = (text: string) => (text.trim() === "" ? null : text.trim());

export function toWorkflowBody(values: WorkflowFormValues, configurationId: string): WorkflowBody {
  const actions = values.actions.map((action) => ({
    type: action.type,
    target: actionNeedsTarget(action.type) ? orNull(action.target) : null,
    message: actionNeedsMessage(action.type) ? orNull(action.message) : null,
    platform: actionNeedsPlatform(action.type) ? (orNull(action.platform) as WorkflowBody["actions"][number]["platform"]) : null,
  }));
  return {
    configuration_id: configurationId,
    name: values.name.trim(),
    trigger_function: values.trigger_function,
    actions,
    use_test_data: values.use_test_data,
    ...workflowValuesOf(values.trigger_function, actions),
  };
}
