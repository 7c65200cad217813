import { useCallback, useEffect, useRef, useState } from "react";
import { failureCode } from "../../api/errors";
import { batchesOf } from "./articles";
import { addCounts, isAbort, noTrainingCounts, type TrainingCounts } from "./hooks";

export interface RunFailure<Item> {
  item: Item;
  /** A catalogue code, or `cancelled` for an item the run stopped before. */
  code: string;
}

export interface BatchResult<Item> {
  failures: RunFailure<Item>[];
  counts: TrainingCounts;
  /** The articles the batch stored (made or found): given, the run counts as created only those no batch before it stored. */
  articleIds?: readonly string[];
}

export interface RunState<Item> {
  status: "idle" | "running" | "done" | "cancelled";
  total: number;
  /** Items finished, well or not. */
  done: number;
  failures: RunFailure<Item>[];
  counts: TrainingCounts;
}

const idle: RunState<never> = { status: "idle", total: 0, done: 0, failures: [], counts: noTrainingCounts };

/**
 * Long work over a list, sent in batches so progress is real: done of total, failures by item,
 * cancel (what was not done is listed as cancelled), and a retry of the failed and cancelled items.
 */
export function useBatchRun<Item>(batchSize: number, work: (batch: Item[], signal: AbortSignal) => Promise<BatchResult<Item>>) {
  const [state, setState] = useState<RunState<Item>>(idle);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (items: readonly Item[]) => {
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      let current: RunState<Item> = { status: "running", total: items.length, done: 0, failures: [], counts: noTrainingCounts };
      setState(current);
      const batches = batchesOf(items, batchSize);
      // Two pages of one text (a home page under two addresses) are one article, in one batch or in two.
      const stored = new Set<string>();
      for (const [index, batch] of batches.entries()) {
        if (own.signal.aborted) {
          const left = batches.slice(index).flat();
          current = { ...current, status: "cancelled", failures: [...current.failures, ...left.map((item) => ({ item, code: "cancelled" }))] };
          break;
        }
        let result: BatchResult<Item>;
        try {
          result = await work(batch, own.signal);
        } catch (error) {
          result = { failures: batch.map((item) => ({ item, code: own.signal.aborted || isAbort(error) ? "cancelled" : failureCode(error) })), counts: noTrainingCounts };
        }
        let counts = result.counts;
        if (result.articleIds) {
          const fresh = result.articleIds.filter((id) => !stored.has(id));
          for (const id of fresh) stored.add(id);
          counts = { ...counts, created: fresh.length };
        }
        current = { ...current, done: current.done + batch.length, failures: [...current.failures, ...result.failures], counts: addCounts(current.counts, counts) };
        if (controller.current !== own) return;
        setState(current);
      }
      if (controller.current !== own) return;
      setState({ ...current, status: current.status === "running" ? (own.signal.aborted ? "cancelled" : "done") : current.status });
    },
    [batchSize, work],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const retryFailed = useCallback(() => start(state.failures.map((failure) => failure.item)), [start, state.failures]);
  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState(idle);
  }, []);

  return { state, start, cancel, retryFailed, reset };
}
