/** React Query hooks of the workflow and AI function calls (issue 12, AI functions): one per call. */
import type { Schemas } from "@parley/sdk";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi, type RequestBody } from "../../api/client";
import { unwrap } from "../../api/errors";

export type Workflow = Schemas["Workflow"];
export type WorkflowBody = RequestBody<"/workflows", "post">;

export const workflowQueryKeys = {
  list: (configurationId: string) => ["workflows", configurationId] as const,
  aiFunctions: ["ai-functions"] as const,
};

export function useWorkflows(configurationId: string) {
  const api = useApi();
  return useQuery({
    queryKey: workflowQueryKeys.list(configurationId),
    queryFn: async () => unwrap(await api.GET("/workflows", { params: { query: { configuration_id: configurationId } } })).data,
  });
}

/** The built-in catalogue; which of them a configuration uses is its `functions` field. */
export function useAiFunctions() {
  const api = useApi();
  return useQuery({
    queryKey: workflowQueryKeys.aiFunctions,
    queryFn: async () => unwrap(await api.GET("/ai-functions", {})).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

function useWorkflowMutation<Variables>(call: (variables: Variables) => Promise<unknown>, configurationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowQueryKeys.list(configurationId) }),
  });
}

export function useCreateWorkflow(configurationId: string) {
  const api = useApi();
  return useWorkflowMutation(async (body: WorkflowBody) => unwrap(await api.POST("/workflows", { body })), configurationId);
}

export function useUpdateWorkflow(configurationId: string) {
  const api = useApi();
  return useWorkflowMutation(
    async ({ id, body }: { id: string; body: WorkflowBody }) => unwrap(await api.PUT("/workflows/{id}", { params: { path: { id } }, body })),
    configurationId,
  );
}

export function useDeleteWorkflow(configurationId: string) {
  const api = useApi();
  return useWorkflowMutation(async (id: string) => unwrap(await api.DELETE("/workflows/{id}", { params: { path: { id } } })), configurationId);
}
