import { Box, Flex, Icon, Input, Kbd, Spinner, Text, chakra } from "@chakra-ui/react";
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { LuClock, LuSearch } from "react-icons/lu";
import { searchIcon } from "../shell/icons";
import { groupLabel, hitTitle } from "./localize";
import type { SearchResult } from "./recent";

export interface SearchPaletteProps {
  query: string;
  onQueryChange: (query: string) => void;
  results: SearchResult[];
  recent: SearchResult[];
  loading?: boolean;
  onSelect: (result: SearchResult) => void;
}

/**
 * The body of the search dialog: a combobox input over a listbox of hits grouped by their group.
 * Arrow keys move, Enter opens; with an empty query it lists recent searches.
 */
export function SearchPalette({ query, onQueryChange, results, recent, loading = false, onSelect }: SearchPaletteProps) {
  const { t } = useTranslation(["shell", "pages"]);
  const listId = useId();
  const showingRecent = query.trim() === "";
  const items = showingRecent ? recent : results;
  const [activeIndex, setActiveIndex] = useState(0);

  useEffect(() => setActiveIndex(0), [query, items.length]);

  const groups = useMemo(() => {
    const byGroup = new Map<string, { item: SearchResult; index: number }[]>();
    items.forEach((item, index) => {
      const key = showingRecent ? t("search.recent") : groupLabel(item.group, t);
      byGroup.set(key, [...(byGroup.get(key) ?? []), { item, index }]);
    });
    return [...byGroup.entries()];
  }, [items, showingRecent, t]);

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (items.length === 0) return;
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setActiveIndex((index) => (index + 1) % items.length);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActiveIndex((index) => (index - 1 + items.length) % items.length);
    } else if (event.key === "Enter") {
      event.preventDefault();
      const item = items[activeIndex];
      if (item) onSelect(item);
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  const emptyText = showingRecent ? t("search.noRecent") : t("search.noResult");

  return (
    <Box>
      <Flex align="center" gap="2" borderBottomWidth="1px" pb="3">
        <Icon as={LuSearch} color="fg.muted" aria-hidden />
        <Input
          autoFocus
          variant="flushed"
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          onKeyDown={handleKeyDown}
          placeholder={t("search.placeholder")}
          aria-label={t("search.label")}
          role="combobox"
          aria-expanded={items.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={items.length > 0 ? optionId(activeIndex) : undefined}
        />
        {loading && <Spinner size="sm" />}
      </Flex>
      {/* Beside the listbox, not in it: a listbox holds options and groups only (axe aria-required-children). */}
      {items.length === 0 && !loading && (
        <Text py="8" textAlign="center" color="fg.muted" role="status">
          {emptyText}
        </Text>
      )}
      <Box id={listId} role="listbox" aria-label={showingRecent ? t("search.recent") : t("search.results")} maxH="360px" overflowY="auto" pt="2">
        {groups.map(([group, entries]) => (
          <Box key={group} role="group" aria-label={group} mb="2">
            <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" px="2" py="1" aria-hidden>
              {group}
            </Text>
            {entries.map(({ item, index }) => {
              const active = index === activeIndex;
              return (
                <chakra.div
                  key={`${item.url}-${index}`}
                  id={optionId(index)}
                  role="option"
                  aria-selected={active}
                  display="flex"
                  alignItems="center"
                  gap="3"
                  px="2"
                  py="2"
                  borderRadius="md"
                  cursor="pointer"
                  bg={active ? "colorPalette.subtle" : undefined}
                  color={active ? "colorPalette.fg" : undefined}
                  onMouseEnter={() => setActiveIndex(index)}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => onSelect(item)}
                >
                  <Icon as={showingRecent ? LuClock : searchIcon(item.icon)} boxSize="4" aria-hidden />
                  <Text flex="1">{hitTitle(item, t)}</Text>
                  {active && <Kbd size="sm">↵</Kbd>}
                </chakra.div>
              );
            })}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
