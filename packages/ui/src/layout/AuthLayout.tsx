import { Box, Card, Flex, HStack, Heading, Stack, Text } from "@chakra-ui/react";
import { useTheme } from "next-themes";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { MenuOnDemand } from "../shell/MenuOnDemand";
import { usePortal } from "../portalContext";
import { LanguagesIcon, MoonIcon, SunIcon } from "./inlineIcons";

// The menus render in the full Chakra system (the menu's recipe is not on the sign-in page's).
const loadFullSystem = async () => (await import("../theme/fullSystem")).withFullSystem;
const loadThemeSwitcher = async () => {
  const [{ ThemeSwitcher }, withFullSystem] = await Promise.all([import("../shell/ThemeSwitcher"), loadFullSystem()]);
  return withFullSystem(ThemeSwitcher);
};
const loadLanguageMenu = async () => {
  const [{ LanguageMenu }, withFullSystem] = await Promise.all([import("../shell/LanguageMenu"), loadFullSystem()]);
  return withFullSystem(LanguageMenu);
};

export interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Product name above the card; the portal's brand (`PortalContext`) by default. */
  brand?: string;
}

/** The blank layout of sign-in and information pages: a centred card, theme and language at hand. */
export function AuthLayout({ title, subtitle, children, brand }: AuthLayoutProps) {
  const { t } = useTranslation();
  const portalBrand = usePortal().brand;
  const { resolvedTheme } = useTheme();
  return (
    <Flex minH="100vh" direction="column" bg="bg.subtle">
      <HStack justify="space-between" px="4" py="3">
        <HStack gap="2">
          <Box boxSize="8" borderRadius="md" bg="colorPalette.solid" color="colorPalette.contrast" display="grid" placeItems="center" fontWeight="bold" aria-hidden>
            P
          </Box>
          <Text fontWeight="bold">{brand ?? portalBrand}</Text>
        </HStack>
        <HStack gap="1">
          <MenuOnDemand label={t("theme.switcher")} icon={resolvedTheme === "dark" ? <MoonIcon /> : <SunIcon />} load={loadThemeSwitcher} />
          <MenuOnDemand label={t("language.menu")} icon={<LanguagesIcon />} load={loadLanguageMenu} />
        </HStack>
      </HStack>
      <Flex as="main" flex="1" align="center" justify="center" p="4">
        <Card.Root w="full" maxW="md" variant="elevated">
          <Card.Body>
            <Stack gap="6">
              <Stack gap="1">
                <Heading as="h1" size="xl">
                  {title}
                </Heading>
                {subtitle && <Text color="fg.muted">{subtitle}</Text>}
              </Stack>
              {children}
            </Stack>
          </Card.Body>
        </Card.Root>
      </Flex>
    </Flex>
  );
}
