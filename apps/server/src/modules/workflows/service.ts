import {
  actionNeedsMessage,
  actionNeedsPlatform,
  actionNeedsTarget,
  aiFunctions,
  successMessages,
  validateOrThrow,
  workflowSchema,
  type WorkflowActionType,
  type WorkflowInput,
} from "@parley/domain";
import type { Db } from "../../platform/db/db";
import type { BodyOf } from "../../platform/http/contract-types";
import type { Caller } from "../../platform/http/operations";
import type { Configuration } from "../configurations/repository";
import { forbidden, notFound, scopeOf } from "../tenancy";
import * as repository from "./repository";
import type { Workflow, WorkflowFields } from "./repository";

export type SaveWorkflowInput = BodyOf<"createWorkflow">;

/** Only admins shape what an assistant does on its own; the customer roles read their workflows. */
function assertAdmin(caller: Caller): void {
  if (caller.role !== "admin") throw forbidden("Only an admin can change workflows");
}

/** An action as stored: its type and only the fields that type uses (the others null). */
function storedAction(action: WorkflowInput["actions"][number]): Workflow["actions"][number] {
  const type = action.type as WorkflowActionType;
  return {
    type,
    target: actionNeedsTarget(type) ? (action.target ?? null) : null,
    message: actionNeedsMessage(type) ? (action.message ?? null) : null,
    platform: actionNeedsPlatform(type) ? ((action.platform ?? null) as Workflow["actions"][number]["platform"]) : null,
  };
}

const distinct = (values: string[]) => [...new Set(values.map((value) => value.trim()).filter((value) => value !== ""))];

/** The domain's workflow rules, as the portal's form checks them, then the fields to store. */
async function validFields(input: SaveWorkflowInput): Promise<WorkflowFields> {
  const valid = await validateOrThrow(workflowSchema, input);
  return {
    name: valid.name,
    trigger_function: valid.trigger_function,
    actions: valid.actions.map(storedAction),
    use_test_data: valid.use_test_data,
    conversation_values: distinct(valid.conversation_values),
    function_values: distinct(valid.function_values),
  };
}

/** The workflows of a configuration (or the one workflow) that the operation's `x-tenant` loaded within the caller's scope. */
export function createWorkflowsService(db: Db) {
  return {
    async list(caller: Caller, configuration: Configuration) {
      return { status: "success" as const, data: await repository.listWorkflows(db, scopeOf(caller), configuration._id) };
    },

    get(workflow: Workflow) {
      return { status: "success" as const, data: workflow };
    },

    async create(caller: Caller, configuration: Configuration, input: SaveWorkflowInput) {
      assertAdmin(caller);
      const created = await repository.insertWorkflow(db, scopeOf(caller), configuration._id, await validFields(input));
      if (!created) throw notFound("No such configuration");
      return { status: "success" as const, message: successMessages.data_saved, data: created };
    },

    async update(caller: Caller, workflow: Workflow, input: SaveWorkflowInput) {
      assertAdmin(caller);
      // A workflow stays with its configuration; naming another one names nothing to update.
      if (input.configuration_id.toLowerCase() !== workflow.configuration_id) throw notFound("No such workflow in this configuration");
      const updated = await repository.updateWorkflow(db, scopeOf(caller), workflow._id, await validFields(input));
      if (!updated) throw notFound();
      return { status: "success" as const, message: successMessages.data_saved, data: updated };
    },

    async remove(caller: Caller, workflow: Workflow) {
      assertAdmin(caller);
      if (!(await repository.deleteWorkflow(db, scopeOf(caller), workflow._id))) throw notFound();
      return { status: "success" as const, message: successMessages.data_deleted };
    },

    /** The built-in catalogue; with a configuration, which of the functions it has switched on. */
    aiFunctions(configuration: Configuration | undefined) {
      const enabled = new Set(configuration?.functions ?? []);
      return {
        status: "success" as const,
        data: aiFunctions.map((definition) => ({
          name: definition.name,
          description: definition.description,
          parameters: definition.parameters.map((parameter) => ({ ...parameter })),
          ...(configuration ? { enabled: enabled.has(definition.name) } : {}),
        })),
      };
    },
  };
}
