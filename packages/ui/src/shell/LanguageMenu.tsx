import { Box, IconButton, Menu, Portal } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { LuLanguages } from "react-icons/lu";
import { interfaceLanguages as languages, type LanguageCode } from "@parley/domain/locale";
import { changeLanguage } from "../i18n/setup";

export interface LanguageMenuProps {
  onChange?: (language: LanguageCode) => void;
  /** Opens at once (when it replaces a placeholder button that was just pressed). */
  defaultOpen?: boolean;
}

/** The interface language; kept in browser storage. */
export function LanguageMenu({ onChange, defaultOpen }: LanguageMenuProps) {
  const { t, i18n } = useTranslation();
  return (
    <Menu.Root defaultOpen={defaultOpen}>
      <Menu.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={t("language.menu")}>
          <LuLanguages />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.RadioItemGroup
              value={i18n.resolvedLanguage ?? i18n.language}
              onValueChange={(details) => {
                const language = details.value as LanguageCode;
                void changeLanguage(language).then(() => onChange?.(language));
              }}
            >
              <Menu.ItemGroupLabel>{t("language.label")}</Menu.ItemGroupLabel>
              {languages.map((language) => (
                <Menu.RadioItem key={language.code} value={language.code}>
                  <Box flex="1" lang={language.code}>
                    {language.name}
                  </Box>
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
