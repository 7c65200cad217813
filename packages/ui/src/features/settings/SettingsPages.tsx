import { Button, Card, HStack, Heading, Stack, Text } from "@chakra-ui/react";
import { interfaceLanguages } from "@parley/domain/locale";
import { messageLimitFor, productNames, type Product } from "@parley/domain/products";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { LuRefreshCw } from "react-icons/lu";
import { useSearchParams } from "react-router-dom";
import { sortOptionsByLabel } from "../../forms/sortOptions";
import { productLabel } from "../billing/format";
import { useSessionUser } from "../../shell/useSessionUser";
import { AdminSubscriptionSection } from "../admin-subscription/AdminSubscriptionSection";
import { showFailureToast, showToast } from "../../shell/toasts";
import { useListCustomers, useResetUsage, type Configuration } from "./hooks";
import { NewConfigurationForm } from "./NewConfigurationForm";
import { SettingsScreen } from "./SettingsScreen";
import { aiSettingsSections, connectionsSections, instructionsSections } from "./sections";
import type { SettingsSection } from "./settingsValues";

/** The products by their names in the interface language (`productLabel`). */
export function useProductOptions(): { value: string; label: string }[] {
  const { t } = useTranslation("billing");
  return useMemo(() => productNames.map((product) => ({ value: product, label: productLabel(t, product) })), [t]);
}
export const languageOptions = [{ value: "", label: "—" }, ...interfaceLanguages.map((language) => ({ value: language.code, label: language.name }))];

/** Customers to choose as a configuration's owner (admins), with "no customer" first. */
export function useCustomerOptions(): { value: string; label: string }[] {
  const { t, i18n } = useTranslation("settings");
  const customers = useListCustomers();
  return useMemo(
    () => [
      { value: "", label: t("form.noCustomer") },
      ...sortOptionsByLabel(
        (customers.data?.data ?? []).map((customer) => ({ value: customer._id ?? "", label: customer.name ?? customer._id ?? "" })),
        i18n.language,
      ),
    ],
    [customers.data, t, i18n.language],
  );
}

/** General settings; with `?new=1` the New configuration form (spec 01 §2: the sidebar's New configuration button). */
export function GeneralSettingsPage() {
  const [searchParams] = useSearchParams();
  const isAdmin = useSessionUser()?.role === "admin";
  const customerOptions = useCustomerOptions();
  const productOptions = useProductOptions();
  const [subscriptionDirty, setSubscriptionDirty] = useState(false);
  const sections = useMemo<SettingsSection[]>(
    () => [
      {
        id: "general",
        fields: [
          { name: "name", kind: "text" },
          { name: "customerId", kind: "select", options: customerOptions, readOnly: !isAdmin },
          { name: "language", kind: "select", options: languageOptions },
        ],
      },
      {
        id: "usage",
        fields: [
          {
            name: "product",
            kind: "select",
            options: productOptions,
            readOnly: !isAdmin,
            // A new product brings its message limit, which the admin may still change.
            onUserChange: (value, setFieldValue) => setFieldValue("message_limit", messageLimitFor(value as Product)),
          },
          { name: "message_limit", kind: "number", readOnly: !isAdmin },
          { name: "remaining_messages", kind: "number", readOnly: !isAdmin },
          { name: "usage_reset_date", kind: "date", readOnly: !isAdmin },
        ],
      },
    ],
    [customerOptions, productOptions, isAdmin],
  );
  if (searchParams.get("new") === "1" && isAdmin) return <NewConfigurationForm />;
  return (
    <SettingsScreen
      titleKey="pages:titles.settingsGeneral"
      sections={sections}
      unsavedElsewhere={subscriptionDirty}
      // Provider staff only (spec 01 §1). Below the configuration's form, not inside it: the subscription is
      // its own record with its own save (a form cannot hold another), and it follows "Product and usage",
      // whose product and message limit it prices.
      after={(configuration) => (isAdmin ? <AdminSubscriptionSection key={configuration._id} configuration={configuration} onDirtyChange={setSubscriptionDirty} /> : null)}
    >
      {(configuration, refresh) => (isAdmin ? <UsageReset configuration={configuration} onReset={refresh} /> : null)}
    </SettingsScreen>
  );
}

/** Starts a new usage period: all messages remaining, the next reset a month ahead (admins). */
function UsageReset({ configuration, onReset }: { configuration: Configuration; onReset: (configuration: Configuration) => void }) {
  const { t } = useTranslation("settings");
  const reset = useResetUsage();
  return (
    <Card.Root as="section" aria-labelledby="usage-reset">
      <Card.Body>
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Stack gap="1">
            <Heading as="h2" size="sm" id="usage-reset">
              {t("usage.title")}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {t("usage.text", { limit: configuration.message_limit })}
            </Text>
          </Stack>
          <Button
            variant="outline"
            loading={reset.isPending}
            onClick={() =>
              reset.mutate(configuration._id, {
                onSuccess: (answer) => {
                  onReset(answer.data);
                  void showToast((text) => ({ type: "success", title: text("messages:success.data_saved") }));
                },
                onError: (error) => void showFailureToast(error),
              })
            }
          >
            <LuRefreshCw /> {t("usage.reset")}
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

export function AiSettingsPage() {
  return <SettingsScreen titleKey="pages:titles.settingsAiSettings" sections={aiSettingsSections} />;
}

/** The admin's Instructions, and the self-onboarding customer's Prompting (the same form). */
export function InstructionsPage({ titleKey = "pages:titles.settingsInstructions" }: { titleKey?: string }) {
  return <SettingsScreen titleKey={titleKey} sections={instructionsSections} />;
}

export function PromptingPage() {
  return <InstructionsPage titleKey="pages:titles.prompting" />;
}

export function ConnectionsPage() {
  return <SettingsScreen titleKey="pages:titles.settingsConnections" sections={connectionsSections} />;
}

const screens = {
  general: GeneralSettingsPage,
  aiSettings: AiSettingsPage,
  instructions: InstructionsPage,
  prompting: PromptingPage,
  connections: ConnectionsPage,
};

/** The settings screen a route names (the routes reach every screen through this one lazy entry). */
export function SettingsPage({ screen }: { screen: keyof typeof screens }) {
  const Screen = screens[screen];
  return <Screen />;
}
