import {
  CloseButton,
  Drawer,
  Field,
  IconButton,
  NativeSelect,
  Portal,
  Stack,
  Switch,
} from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { LuSlidersHorizontal } from "react-icons/lu";
import { usePreferences } from "../preferences/context";
import {
  menuLayouts,
  skins,
  themeModes,
  type MenuLayout,
  type Preferences,
  type Skin,
  type ThemeMode,
} from "../preferences/store";

function PreferenceSwitch({
  name,
  checked,
  onChange,
}: {
  name: keyof Preferences;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  const { t } = useTranslation("shell");
  return (
    <Switch.Root
      checked={checked}
      onCheckedChange={(details) => onChange(details.checked)}
      justifyContent="space-between"
      w="full"
    >
      <Switch.HiddenInput />
      <Switch.Label>{t(`preferences.${name}`)}</Switch.Label>
      <Switch.Control />
    </Switch.Root>
  );
}

/** The interface preferences (spec 01 §3), applied at once and kept in browser storage. */
export function PreferencesDrawer() {
  const { t } = useTranslation("shell");
  const [preferences, update] = usePreferences();
  return (
    <Drawer.Root placement="end" size="xs">
      <Drawer.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={t("preferences.open")}>
          <LuSlidersHorizontal />
        </IconButton>
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>{t("preferences.title")}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="5">
                <Field.Root>
                  <Field.Label>{t("preferences.theme")}</Field.Label>
                  <NativeSelect.Root size="sm">
                    <NativeSelect.Field
                      value={preferences.theme}
                      onChange={(event) => update({ theme: event.target.value as ThemeMode })}
                    >
                      {themeModes.map((mode) => (
                        <option key={mode} value={mode}>
                          {t(`theme.${mode}`)}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
                <Field.Root>
                  <Field.Label>{t("preferences.menuLayout")}</Field.Label>
                  <NativeSelect.Root size="sm">
                    <NativeSelect.Field
                      value={preferences.menuLayout}
                      onChange={(event) => update({ menuLayout: event.target.value as MenuLayout })}
                    >
                      {menuLayouts.map((layout) => (
                        <option key={layout} value={layout}>
                          {t(`preferences.layouts.${layout}`)}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
                <Field.Root>
                  <Field.Label>{t("preferences.skin")}</Field.Label>
                  <NativeSelect.Root size="sm">
                    <NativeSelect.Field
                      value={preferences.skin}
                      onChange={(event) => update({ skin: event.target.value as Skin })}
                    >
                      {skins.map((skin) => (
                        <option key={skin} value={skin}>
                          {t(`preferences.skins.${skin}`)}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
                <PreferenceSwitch
                  name="miniMenu"
                  checked={preferences.miniMenu}
                  onChange={(miniMenu) => update({ miniMenu })}
                />
                <PreferenceSwitch
                  name="semiDark"
                  checked={preferences.semiDark}
                  onChange={(semiDark) => update({ semiDark })}
                />
                <PreferenceSwitch
                  name="navbarFixed"
                  checked={preferences.navbarFixed}
                  onChange={(navbarFixed) => update({ navbarFixed })}
                />
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t("common.close")} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
