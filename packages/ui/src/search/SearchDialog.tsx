import { CloseButton, Dialog, Portal } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { useGlobalSearch } from "../api/hooks";
import { useDebouncedValue } from "../shell/useDebouncedValue";
import { loadRecentSearches, rememberSearch, type SearchResult } from "./recent";
import { SearchPalette } from "./SearchPalette";

const searchDelayMs = 200;

/** Opens on Ctrl+K (Cmd+K on a Mac) anywhere in the page. */
export function useSearchShortcut(onOpen: () => void): void {
  useEffect(() => {
    const handleKeyDown = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k") {
        event.preventDefault();
        onOpen();
      }
    };
    window.addEventListener("keydown", handleKeyDown);
    return () => window.removeEventListener("keydown", handleKeyDown);
  }, [onOpen]);
}

function asResults(data: unknown): SearchResult[] {
  const list = Array.isArray(data) ? data : Array.isArray((data as { data?: unknown })?.data) ? (data as { data: unknown[] }).data : [];
  return list.filter((item): item is SearchResult => typeof (item as SearchResult)?.url === "string");
}

export interface SearchDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The top bar's search dialog, backed by the global search call. */
export function SearchDialog({ open, onOpenChange }: SearchDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState("");
  const [recent, setRecent] = useState<SearchResult[]>(() => loadRecentSearches());
  const debounced = useDebouncedValue(query, searchDelayMs);
  const search = useGlobalSearch(debounced);
  const results = asResults(search.data);

  useEffect(() => {
    if (!open) setQuery("");
  }, [open]);

  const handleSelect = (result: SearchResult) => {
    setRecent(rememberSearch(result));
    onOpenChange(false);
    navigate(result.url);
  };

  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="top" size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t("search.title")}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <SearchPalette
                query={query}
                onQueryChange={setQuery}
                results={query.trim() === debounced.trim() ? results : []}
                recent={recent}
                loading={search.isFetching || query.trim() !== debounced.trim()}
                onSelect={handleSelect}
              />
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t("common.close")} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
