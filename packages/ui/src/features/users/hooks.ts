/**
 * React Query hooks of the users screen over @parley/sdk: one hook per call, named after it.
 * Failures throw ApiError so screens branch on `error.code`.
 */
import type { Schemas } from "@parley/sdk";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi, type RequestBody } from "../../api/client";
import { unwrap } from "../../api/errors";

export type UserListEntry = Schemas["UserListEntry"];
export type UserInput = RequestBody<"/users/add_or_update", "post">;

export const userQueryKeys = {
  list: ["users", "list"] as const,
};

export function useUsers() {
  const api = useApi();
  return useQuery({
    queryKey: userQueryKeys.list,
    queryFn: async () => unwrap(await api.GET("/users", {})).data,
  });
}

/** Saves; the users (and the leads, which are users) reload. */
export function useAddOrUpdateUser() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UserInput) => unwrap(await api.POST("/users/add_or_update", { body })),
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => ["users", "leads"].includes(String(query.queryKey[0])) }),
  });
}
