import { EmptyState, VStack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LuSettings } from "react-icons/lu";
import { useSelectedConfiguration, type SelectedConfiguration } from "./selection";

/**
 * A screen that works on the configuration selected in the sidebar: without one it says how to choose
 * one. The screen is keyed by the configuration, so choosing another starts it afresh.
 */
export function RequireConfiguration({ children }: { children: (configuration: SelectedConfiguration) => ReactNode }) {
  const { t } = useTranslation("messages");
  const selected = useSelectedConfiguration();
  if (!selected) {
    return (
      <EmptyState.Root>
        <EmptyState.Content>
          <EmptyState.Indicator>
            <LuSettings />
          </EmptyState.Indicator>
          <VStack textAlign="center">
            <EmptyState.Title>{t("selectConfiguration.title")}</EmptyState.Title>
            <EmptyState.Description>{t("selectConfiguration.text")}</EmptyState.Description>
          </VStack>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  return <div key={selected._id}>{children(selected)}</div>;
}
