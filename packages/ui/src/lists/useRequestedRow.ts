import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router-dom";

/**
 * Opens the row a link names with `?id=` (the global search, a lead) once the rows are there. The
 * address keeps the id, so it stays a link to share; it opens the row once, not again after each reload.
 */
export function useRequestedRow<Row>(rows: Row[] | undefined, idOf: (row: Row) => string, open: (row: Row) => void): void {
  const [searchParams] = useSearchParams();
  const requestedId = searchParams.get("id");
  const opened = useRef<string | null>(null);
  const openRef = useRef(open);
  const idOfRef = useRef(idOf);
  openRef.current = open;
  idOfRef.current = idOf;

  useEffect(() => {
    if (!requestedId || opened.current === requestedId) return;
    const requested = rows?.find((row) => idOfRef.current(row) === requestedId);
    if (requested) {
      opened.current = requestedId;
      openRef.current(requested);
    }
  }, [requestedId, rows]);
}
