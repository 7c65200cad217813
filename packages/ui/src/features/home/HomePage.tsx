import { Badge, Card, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { useSelectedConfiguration } from "../../configuration/selection";
import { navigationFor, navigationLinks } from "../../navigation/menu";
import { usePreferences } from "../../preferences/context";
import { fullName } from "../../session/session";
import { skinSurface } from "../../shell/skin";
import { useSessionUser } from "../../shell/useSessionUser";
import { Dashboard } from "./Dashboard";

/**
 * The dashboard of both portals: a greeting, the selected configuration, its figures (conversations per
 * month, language-model cost, message usage; every configuration the user sees while none is selected)
 * and shortcuts.
 */
export function HomePage() {
  const { t } = useTranslation(["home", "shell", "pages"]);
  const user = useSessionUser();
  const selected = useSelectedConfiguration();
  const [preferences] = usePreferences();
  const role = user?.role ?? "customer";
  const shortcuts = navigationLinks(navigationFor(role))
    .filter((link) => !link.disabled && link.to !== "/" && link.to !== "/customer")
    .slice(0, 6);
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {t("home.welcome", { name: fullName(user) })}
        </Heading>
        <Text color="fg.muted">{t(role === "admin" ? "home.adminIntro" : "home.customerIntro")}</Text>
      </Stack>
      <Card.Root css={skinSurface(preferences.skin)}>
        <Card.Body>
          <Text fontSize="sm" color="fg.muted">
            {t("shell:configuration.label")}
          </Text>
          <Text fontWeight="semibold" fontSize="lg">
            {selected?.name ?? t("shell:configuration.noneSelected")}
          </Text>
        </Card.Body>
      </Card.Root>
      <Dashboard configurationId={selected?._id ?? null} />
      <Stack gap="3">
        <Heading as="h2" size="md">
          {t("home.shortcuts")}
        </Heading>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
          {shortcuts.map((link) => (
            <Card.Root key={link.to} asChild css={skinSurface(preferences.skin)} _hover={{ borderColor: "colorPalette.solid" }}>
              <RouterLink to={link.to}>
                <Card.Body>
                  <Text fontWeight="medium">{t(link.labelKey)}</Text>
                  {link.needsConfiguration && !selected && (
                    <Badge mt="2" colorPalette="orange">
                      {t("shell:configuration.selectFirst")}
                    </Badge>
                  )}
                </Card.Body>
              </RouterLink>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}
