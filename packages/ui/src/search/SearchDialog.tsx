import { CloseButton, Dialog, Portal } from "@chakra-ui/react";
import type { Role } from "@parley/domain/roles";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router-dom";
import { requestConfigurationSwitch } from "../configuration/selection";
import { resolveSearchHit } from "./configurationHit";
import { currentPageHeading, focusPageHeadingWhenShown } from "../shell/focusPageHeading";
import { useGlobalSearch } from "../shell/hooks";
import { useDebouncedValue } from "../shell/useDebouncedValue";
import { withTranslatedPageHits } from "./localize";
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

export interface SearchDialogWithRoleProps extends SearchDialogProps {
  /** The signed-in role: its pages are found by their titles in the interface language too. */
  role?: Role;
}

export interface SearchDialogViewProps extends SearchDialogProps {
  /** Where the focus goes when the dialog closes; by default back to what opened it. */
  finalFocusEl?: () => HTMLElement | null;
  query: string;
  onQueryChange: (query: string) => void;
  results: SearchResult[];
  recent: SearchResult[];
  loading: boolean;
  onSelect: (result: SearchResult) => void;
}

/** The dialog itself: focus is trapped inside, Esc closes it. */
export function SearchDialogView({ open, onOpenChange, finalFocusEl, ...palette }: SearchDialogViewProps) {
  const { t } = useTranslation("shell");
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="top" size="lg" finalFocusEl={finalFocusEl}>
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
export function SearchDialog({ open, onOpenChange, role }: SearchDialogWithRoleProps) {
  const { t } = useTranslation(["shell", "pages"]);
  const navigate = useNavigate();
  const location = useLocation();
  const [query, setQuery] = useState("");
  // Set while a chosen hit's page opens: the dialog then hands its focus to the page, not back to its opener.
  const chosen = useRef(false);
  const stopFocusing = useRef<() => void>(() => undefined);
  useEffect(() => () => stopFocusing.current(), []);
  const [recent, setRecent] = useState<SearchResult[]>(() => loadRecentSearches());
  const debounced = useDebouncedValue(query, searchDelayMs);
  const search = useGlobalSearch(debounced);
  const results = withTranslatedPageHits(asResults(search.data), role, debounced, t);
  const settled = query.trim() === debounced.trim();

  useEffect(() => {
    if (open) chosen.current = false;
    else setQuery("");
  }, [open]);

  // Opens the hit's page and then focuses its heading (the same page's heading when it is already open).
  const openPage = (url: string) => {
    const here = location.pathname + location.search === url;
    const previous = here ? null : currentPageHeading();
    navigate(url);
    stopFocusing.current();
    stopFocusing.current = focusPageHeadingWhenShown(previous);
  };

  const handleSelect = (result: SearchResult) => {
    setRecent(rememberSearch(result));
    chosen.current = true;
    onOpenChange(false);
    const { url, select } = resolveSearchHit(result);
    if (!select) {
      openPage(url);
      return;
    }
    // Like the sidebar's selector: a screen with unsaved changes asks first, and staying keeps it open.
    void requestConfigurationSwitch(select).then((switched) => {
      if (switched) openPage(url);
    });
  };

  return (
    <SearchDialogView
      open={open}
      onOpenChange={onOpenChange}
      finalFocusEl={() => (chosen.current ? document.getElementById("main-content") : null)}
      query={query}
      onQueryChange={setQuery}
      results={settled ? results : []}
      recent={recent}
      loading={search.isFetching || !settled}
      onSelect={handleSelect}
    />
  );
}
