/** The premium contact form's React Query hook over @parley/sdk. Failures throw ApiError (`error.code`). */
import { useMutation } from "@tanstack/react-query";
import { useApi, type RequestBody } from "../../api/client";
import { unwrap } from "../../api/errors";

export type ContactPremiumBody = RequestBody<"/contact-premium", "post">;

export function useSubmitContactPremium() {
  const api = useApi();
  return useMutation({
    mutationFn: async (body: ContactPremiumBody) => unwrap(await api.POST("/contact-premium", { body })),
  });
}
