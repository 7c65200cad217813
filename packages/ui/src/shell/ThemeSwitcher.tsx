import { Box, Flex, IconButton, Menu, Portal } from "@chakra-ui/react";
import { useTheme } from "next-themes";
import { useTranslation } from "react-i18next";
import { LuMonitor, LuMoon, LuSun } from "react-icons/lu";
import { usePreferences } from "../preferences/context";
import { themeModes, type ThemeMode } from "../preferences/store";
import { primaryColorNames, primaryColorPresets, type PrimaryColor } from "../theme/presets";

const modeIcons = { light: LuSun, dark: LuMoon, system: LuMonitor } as const;

export interface ThemeSwitcherProps {
  /** Opens at once (when it replaces a placeholder button that was just pressed). */
  defaultOpen?: boolean;
}

/** Light, dark or system theme and the primary colour presets; chosen at once and stored. */
export function ThemeSwitcher({ defaultOpen }: ThemeSwitcherProps = {}) {
  const { t } = useTranslation();
  const [preferences, update] = usePreferences();
  const { resolvedTheme } = useTheme();
  const CurrentIcon = resolvedTheme === "dark" ? LuMoon : LuSun;
  return (
    <Menu.Root defaultOpen={defaultOpen}>
      <Menu.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={t("theme.switcher")}>
          <CurrentIcon />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="14rem">
            <Menu.RadioItemGroup
              value={preferences.theme}
              onValueChange={(details) => update({ theme: details.value as ThemeMode })}
            >
              <Menu.ItemGroupLabel>{t("theme.mode")}</Menu.ItemGroupLabel>
              {themeModes.map((mode) => {
                const ModeIcon = modeIcons[mode];
                return (
                  <Menu.RadioItem key={mode} value={mode}>
                    <ModeIcon />
                    <Box flex="1">{t(`theme.${mode}`)}</Box>
                    <Menu.ItemIndicator />
                  </Menu.RadioItem>
                );
              })}
            </Menu.RadioItemGroup>
            <Menu.Separator />
            <Menu.RadioItemGroup
              value={preferences.primaryColor}
              onValueChange={(details) => update({ primaryColor: details.value as PrimaryColor })}
            >
              <Menu.ItemGroupLabel>{t("theme.primaryColor")}</Menu.ItemGroupLabel>
              {primaryColorNames.map((color) => (
                <Menu.RadioItem key={color} value={color}>
                  <Flex
                    as="span"
                    boxSize="3.5"
                    borderRadius="full"
                    bg={primaryColorPresets[color].hex}
                    aria-hidden
                    flexShrink={0}
                  />
                  <Box flex="1">{t(`theme.colors.${color}`)}</Box>
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
