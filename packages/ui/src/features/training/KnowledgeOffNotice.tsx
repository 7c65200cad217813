import { Alert, Link } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { useConfiguration } from "../../shell/hooks";
import { useSessionUser } from "../../shell/useSessionUser";

/**
 * Trained articles answer visitors only when the configuration answers from the knowledge base: while that is
 * off, the screen says so (and an admin gets the way to the switch), so training is not done in vain; the Test
 * environment says so beside the knowledge it finds, which the assistant then does not answer from.
 */
export function KnowledgeOffNotice({ configurationId, place = "training" }: { configurationId: string; place?: "training" | "test" }) {
  const { t } = useTranslation("training");
  const isAdmin = useSessionUser()?.role === "admin";
  const stored = useConfiguration(configurationId).data?.data;
  if (stored?.rag_enabled !== false) return null;
  return (
    <Alert.Root status="warning" role="note" mb="4">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t("knowledgeOff.title")}</Alert.Title>
        <Alert.Description>
          {isAdmin ? (
            <>
              {t(place === "test" ? "knowledgeOff.adminTest" : "knowledgeOff.admin")}{" "}
              <Link asChild variant="underline">
                <RouterLink to="/settings/ai-settings">{t("knowledgeOff.link")}</RouterLink>
              </Link>
            </>
          ) : (
            // On the Test environment "what you train here" would be wrong: nothing is trained there.
            t(place === "test" ? "knowledgeOff.customerTest" : "knowledgeOff.customer")
          )}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
