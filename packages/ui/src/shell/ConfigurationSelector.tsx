import { Button, Combobox, Portal, Spinner, Stack, Text, createListCollection } from "@chakra-ui/react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { LuPlus } from "react-icons/lu";
import { useNavigate } from "react-router-dom";
import { configurationSearchDebounceMs } from "@parley/domain/ui";
import { useSearchConfigurations } from "./hooks";
import {
  getSelectedConfiguration,
  requestConfigurationSwitch,
  selectConfiguration,
  useSelectedConfiguration,
  type SelectedConfiguration,
} from "../configuration/selection";
import { sortByName } from "../forms/sortOptions";
import { getToken } from "../session/session";
import { useDebouncedValue } from "./useDebouncedValue";

export interface ConfigurationSelectorProps {
  isAdmin: boolean;
  /** Where admins create a configuration when none is selected. */
  newConfigurationPath?: string;
}

function asOptions(data: unknown): SelectedConfiguration[] {
  const list = Array.isArray(data) ? data : [];
  return list
    .filter(
      (item): item is { _id: string; name?: string } => typeof (item as { _id?: unknown })?._id === "string",
    )
    .map((item) => ({ _id: item._id, name: item.name ?? item._id }));
}

/**
 * The sidebar's searchable configuration selector (spec 01 §2): 300 ms debounce, clearable only by
 * admins, customers get their first configuration selected, admins see a New configuration button
 * when none is selected.
 */
export function ConfigurationSelector({
  isAdmin,
  newConfigurationPath = "/settings/general?new=1",
}: ConfigurationSelectorProps) {
  const { t, i18n } = useTranslation("shell");
  const navigate = useNavigate();
  const selected = useSelectedConfiguration();
  const [inputValue, setInputValue] = useState(selected?.name ?? "");
  const [typing, setTyping] = useState(false);
  const query = useDebouncedSearch(typing ? inputValue : "");
  const search = useSearchConfigurations(query);
  // By name in the interface's language (the server's order is plain text: "Bakery 10" before "bakery 2").
  const options = useMemo(
    () => sortByName(asOptions(search.data?.data), i18n.language, (option) => option.name),
    [search.data, i18n.language],
  );
  const collection = useMemo(
    () =>
      createListCollection({
        items: options,
        itemToValue: (item) => item._id,
        itemToString: (item) => item.name,
      }),
    [options],
  );

  useEffect(() => {
    if (!typing) setInputValue(selected?.name ?? "");
  }, [selected, typing]);

  // Customers always work on a configuration: the first one is chosen for them.
  useEffect(() => {
    // Not after logout: the selector is still mounted for a moment while the session is gone.
    if (!isAdmin && !selected && query === "" && options[0] && getToken()) selectConfiguration(options[0]);
  }, [isAdmin, selected, options, query]);

  // A choice stored without its name (opened from a notification) or under an old one takes the listed name.
  useEffect(() => {
    const listed =
      selected && query === "" ? options.find((option) => option._id === selected._id) : undefined;
    if (listed && listed.name !== selected?.name) selectConfiguration(listed);
  }, [selected, query, options]);

  // A stored choice that no longer exists (another account, deleted) is dropped.
  useEffect(() => {
    if (
      selected &&
      query === "" &&
      search.isSuccess &&
      getToken() &&
      !options.some((option) => option._id === selected._id)
    ) {
      selectConfiguration(isAdmin ? null : (options[0] ?? null));
    }
  }, [selected, query, search.isSuccess, options, isAdmin]);

  return (
    <Stack gap="2">
      <Combobox.Root
        collection={collection}
        size="sm"
        inputValue={inputValue}
        value={selected ? [selected._id] : []}
        openOnClick
        selectionBehavior="replace"
        onInputValueChange={(details) => {
          setInputValue(details.inputValue);
          setTyping(details.reason === "input-change");
        }}
        onValueChange={(details) => {
          const chosen = (details.items as SelectedConfiguration[])[0] ?? null;
          if (!chosen && !isAdmin) return;
          // A screen with unsaved changes asks first. Declined, the selection stays, so the effect above
          // never runs: the picked name the combobox put in the input must go back by hand.
          void requestConfigurationSwitch(chosen).then((switched) => {
            if (!switched) setInputValue(getSelectedConfiguration()?.name ?? "");
          });
          setTyping(false);
        }}
        onOpenChange={(details) => {
          if (!details.open) setTyping(false);
        }}
      >
        <Combobox.Label>{t("configuration.label")}</Combobox.Label>
        <Combobox.Control>
          <Combobox.Input placeholder={t("configuration.placeholder")} />
          <Combobox.IndicatorGroup>
            {search.isFetching && <Spinner size="xs" />}
            {isAdmin && selected && <Combobox.ClearTrigger aria-label={t("configuration.clear")} />}
            <Combobox.Trigger aria-label={t("configuration.open")} />
          </Combobox.IndicatorGroup>
        </Combobox.Control>
        <Portal>
          <Combobox.Positioner>
            <Combobox.Content>
              <Combobox.Empty>
                {search.isError ? t("configuration.loadFailed") : t("configuration.none")}
              </Combobox.Empty>
              {options.map((option) => (
                <Combobox.Item key={option._id} item={option}>
                  <Combobox.ItemText>{option.name}</Combobox.ItemText>
                  <Combobox.ItemIndicator />
                </Combobox.Item>
              ))}
            </Combobox.Content>
          </Combobox.Positioner>
        </Portal>
      </Combobox.Root>
      {isAdmin && !selected && (
        <Button size="sm" variant="outline" onClick={() => navigate(newConfigurationPath)}>
          <LuPlus /> {t("configuration.new")}
        </Button>
      )}
      {!isAdmin && search.isSuccess && options.length === 0 && query === "" && (
        <Text fontSize="xs" color="fg.muted">
          {t("configuration.noneYet")}
        </Text>
      )}
    </Stack>
  );
}

function useDebouncedSearch(value: string): string {
  return useDebouncedValue(value.trim(), configurationSearchDebounceMs);
}
