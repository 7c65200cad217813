import { CloseButton, Dialog, Portal } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { requestConfigurationSwitch } from "../configuration/selection";
import { resolveSearchHit } from "./configurationHit";
import { useGlobalSearch } from "../shell/hooks";
import { useDebouncedValue } from "../shell/useDebouncedValue";
import { loadRecentSearches, rememberSearch, type SearchResult } from "./recent";
import { pageHitsInLanguage, withPageHits } from "./pageHits";
import { SearchPalette } from "./SearchPalette";
import { useSessionUser } from "../shell/useSessionUser";

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

export interface SearchDialogViewProps extends SearchDialogProps {
  query: string;
  onQueryChange: (query: string) => void;
  results: SearchResult[];
  recent: SearchResult[];
  loading: boolean;
  onSelect: (result: SearchResult) => void;
}

/** The dialog itself: focus is trapped inside, Esc closes it. */
export function SearchDialogView({ open, onOpenChange, ...palette }: SearchDialogViewProps) {
  const { t } = useTranslation("shell");
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
              <SearchPalette {...palette} />
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

/** The top bar's search dialog, backed by the global search call. */
export function SearchDialog({ open, onOpenChange }: SearchDialogProps) {
  const navigate = useNavigate();
  const { t } = useTranslation("pages");
  const role = useSessionUser()?.role;
  const [query, setQuery] = useState("");
  const [recent, setRecent] = useState<SearchResult[]>(() => loadRecentSearches());
  const debounced = useDebouncedValue(query, searchDelayMs);
  const search = useGlobalSearch(debounced);
  const results = withPageHits(pageHitsInLanguage(role, debounced, t), asResults(search.data));
  const settled = query.trim() === debounced.trim();

  useEffect(() => {
    if (!open) setQuery("");
  }, [open]);

  const handleSelect = (result: SearchResult) => {
    setRecent(rememberSearch(result));
    onOpenChange(false);
    const { url, select } = resolveSearchHit(result);
    if (!select) {
      navigate(url);
      return;
    }
    // Like the sidebar's selector: a screen with unsaved changes asks first, and staying keeps it open.
    void requestConfigurationSwitch(select).then((switched) => {
      if (switched) navigate(url);
    });
  };

  return (
    <SearchDialogView
      open={open}
      onOpenChange={onOpenChange}
      query={query}
      onQueryChange={setQuery}
      results={settled ? results : []}
      recent={recent}
      loading={search.isFetching || !settled}
      onSelect={handleSelect}
    />
  );
}
