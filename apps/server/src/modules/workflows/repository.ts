import type { Db } from "../../platform/db/db";
import { queryOne } from "../../platform/db/db";
import type { Schemas } from "../../platform/http/contract-types";
import { scopeCondition, scopeParams, type Scope } from "../tenancy";

export type Workflow = Schemas["Workflow"];
/** What a save writes: the workflow without its id and configuration. */
export type WorkflowFields = Omit<Workflow, "_id" | "configuration_id">;

interface WorkflowRecord {
  id: string;
  configuration_id: string;
  name: string;
  trigger_function: string;
  actions: Workflow["actions"];
  use_test_data: boolean;
  conversation_values: string[];
  function_values: string[];
}

function toWorkflow(record: WorkflowRecord): Workflow {
  return {
    _id: record.id,
    configuration_id: record.configuration_id,
    name: record.name,
    trigger_function: record.trigger_function,
    actions: record.actions,
    use_test_data: record.use_test_data,
    conversation_values: record.conversation_values,
    function_values: record.function_values,
  };
}

const columns = "id, configuration_id, name, trigger_function, actions, use_test_data, conversation_values, function_values";
// A workflow belongs to a configuration; the scope is the configuration's customer.
const inScope = (first: number) => `configuration_id IN (SELECT id FROM configurations WHERE ${scopeCondition("customer_id", first)})`;

export async function listWorkflows(db: Db, scope: Scope, configurationId: string): Promise<Workflow[]> {
  const rows = await db.query<WorkflowRecord>(
    `SELECT ${columns} FROM workflows WHERE configuration_id = $1 AND ${inScope(2)} ORDER BY created_at, id`,
    [configurationId, ...scopeParams(scope)],
  );
  return rows.map(toWorkflow);
}

export async function findWorkflowInScope(db: Db, scope: Scope, id: string): Promise<Workflow | undefined> {
  const row = await queryOne<WorkflowRecord>(db, `SELECT ${columns} FROM workflows WHERE id = $1 AND ${inScope(2)}`, [id, ...scopeParams(scope)]);
  return row && toWorkflow(row);
}

function fieldParams(fields: WorkflowFields): unknown[] {
  return [
    fields.name,
    fields.trigger_function,
    JSON.stringify(fields.actions),
    fields.use_test_data,
    JSON.stringify(fields.conversation_values),
    JSON.stringify(fields.function_values),
  ];
}

/** Adds a workflow to a configuration the scope may see; `undefined` when it may not. */
export async function insertWorkflow(db: Db, scope: Scope, configurationId: string, fields: WorkflowFields): Promise<Workflow | undefined> {
  const row = await queryOne<WorkflowRecord>(
    db,
    `INSERT INTO workflows (configuration_id, name, trigger_function, actions, use_test_data, conversation_values, function_values)
     SELECT id, $2, $3, $4::jsonb, $5, $6::jsonb, $7::jsonb FROM configurations WHERE id = $1 AND ${scopeCondition("customer_id", 8)}
     RETURNING ${columns}`,
    [configurationId, ...fieldParams(fields), ...scopeParams(scope)],
  );
  return row && toWorkflow(row);
}

export async function updateWorkflow(db: Db, scope: Scope, id: string, fields: WorkflowFields): Promise<Workflow | undefined> {
  const row = await queryOne<WorkflowRecord>(
    db,
    `UPDATE workflows SET name = $2, trigger_function = $3, actions = $4::jsonb, use_test_data = $5,
            conversation_values = $6::jsonb, function_values = $7::jsonb, updated_at = now()
      WHERE id = $1 AND ${inScope(8)}
      RETURNING ${columns}`,
    [id, ...fieldParams(fields), ...scopeParams(scope)],
  );
  return row && toWorkflow(row);
}

export async function deleteWorkflow(db: Db, scope: Scope, id: string): Promise<boolean> {
  const row = await queryOne<{ id: string }>(db, `DELETE FROM workflows WHERE id = $1 AND ${inScope(2)} RETURNING id`, [id, ...scopeParams(scope)]);
  return row !== undefined;
}
