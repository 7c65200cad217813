import { Heading, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LuSettings } from "react-icons/lu";
import { EmptyNotice } from "../forms/EditorStates";
import { useSelectedConfiguration, type SelectedConfiguration } from "./selection";

/**
 * A screen that works on the configuration selected in the sidebar: without one it says how to choose
 * one. The screen is keyed by the configuration, so choosing another starts it afresh.
 */
export function RequireConfiguration({ children }: { children: (configuration: SelectedConfiguration) => ReactNode }) {
  const { t } = useTranslation("messages");
  const selected = useSelectedConfiguration();
  if (!selected) {
    return <EmptyNotice icon={<LuSettings />} title={t("selectConfiguration.title")} text={t("selectConfiguration.text")} />;
  }
  return <div key={selected._id}>{children(selected)}</div>;
}

/** A page that works on the selected configuration: its title, an optional introduction, then the screen or how to select one. */
export function ConfigurationPage({ title, intro, children }: { title: string; intro?: string; children: (configuration: SelectedConfiguration) => ReactNode }) {
  return (
    <Stack gap="5">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {intro && <Text color="fg.muted">{intro}</Text>}
      </Stack>
      <RequireConfiguration>{children}</RequireConfiguration>
    </Stack>
  );
}
