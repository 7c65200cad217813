/**
 * React Query hooks of the training calls (spec 02 §7.6): one per call. Every call of the Data Training
 * screen is made here, so a change of the contract is adapted in one file.
 */
import { maxArticlesPerIndexing, type ScrapeHtmlTag } from "@parley/domain";
import type { Schemas } from "@parley/sdk";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi, type ParleyApi } from "../../api/client";
import { ApiError, unwrap } from "../../api/errors";
import { batchesOf, creationBatches, type ArticleDraft } from "./articles";

export type Article = Schemas["Article"];
export type ArticleInput = Schemas["ArticleInput"];
export type ScrapedComponent = Schemas["ScrapedComponent"];
export type FoundUrl = Schemas["FoundUrl"];

export const trainingQueryKeys = {
  articles: (configurationId: string) => ["training", "articles", configurationId] as const,
  files: (configurationId: string) => ["training", "files", configurationId] as const,
};

/** A failure of our own making with a catalogue code, shown like a server's problem. */
export function trainingFailure(code: string): ApiError {
  return new ApiError(code, code, 200);
}

/** The list a scrape answer carries in `field`: a missing answer or one without that list is a failure (spec 02 §8). */
export function scrapedList<Item>(answer: unknown, field: "components" | "data"): Item[] {
  if (answer === null || answer === undefined) throw trainingFailure("no_scrape_data");
  const list = (answer as Record<string, unknown>)[field];
  if (!Array.isArray(list)) throw trainingFailure("unexpected_response_format");
  return list as Item[];
}

export function useArticles(configurationId: string) {
  const api = useApi();
  return useQuery({
    queryKey: trainingQueryKeys.articles(configurationId),
    queryFn: async () => unwrap(await api.GET("/training/articles", { params: { query: { _id: configurationId } } })).articles,
  });
}

function useInvalidateArticles() {
  const queryClient = useQueryClient();
  return (configurationId: string) => queryClient.invalidateQueries({ queryKey: trainingQueryKeys.articles(configurationId) });
}

export async function createArticle(api: ParleyApi, body: ArticleInput, signal?: AbortSignal): Promise<Article> {
  return unwrap(await api.POST("/training/create_article", { body, signal })).data;
}

/** Stores up to `maxArticlesPerCreation` articles and indexes them in the same call. */
export async function createArticles(api: ParleyApi, configurationId: string, articles: readonly ArticleDraft[], signal?: AbortSignal) {
  return unwrap(await api.POST("/training/create_articles", { body: { configurationId, articles: [...articles] }, signal }));
}

/** Indexes the given articles (at most `maxArticlesPerIndexing`), or the unindexed ones when none are given. */
export async function indexArticles(api: ParleyApi, configurationId: string, articleIds?: string[], signal?: AbortSignal) {
  return unwrap(await api.POST("/training/index_article", { body: articleIds ? { configurationId, articleIds } : { configurationId }, signal }));
}

export interface ScrapeRequest {
  url: string[];
  tags: ScrapeHtmlTag[];
  filtered_classes: string[];
}

/** The texts of web pages, and the pages' subjects by URL. */
export async function scrapeWebsite(api: ParleyApi, body: ScrapeRequest, signal?: AbortSignal) {
  const answer = unwrap(await api.POST("/training/scrape_static_website", { body, signal }));
  return {
    components: scrapedList<ScrapedComponent>(answer, "components"),
    subjects: subjectsByUrl((answer as { subject_url_map?: unknown } | undefined)?.subject_url_map),
    failed: failedPages((answer as { failed?: unknown } | undefined)?.failed),
  };
}

/** The answer's pages that could not be read (a 404, a refused redirect…): each sent URL with its catalogue code. */
function failedPages(list: unknown): Map<string, string> {
  const failed = new Map<string, string>();
  if (Array.isArray(list)) {
    for (const entry of list as { url?: unknown; code?: unknown }[]) {
      if (typeof entry?.url === "string" && typeof entry.code === "string") failed.set(entry.url, entry.code);
    }
  }
  return failed;
}

/** The answer's subject-to-URL map turned around: the subject of each URL. */
function subjectsByUrl(map: unknown): Map<string, string> {
  const subjects = new Map<string, string>();
  if (map && typeof map === "object") {
    for (const [subject, url] of Object.entries(map)) if (typeof url === "string" && !subjects.has(url)) subjects.set(url, subject);
  }
  return subjects;
}

export async function scrapeFile(api: ParleyApi, configurationId: string, filename: string, signal?: AbortSignal) {
  return scrapedList<ScrapedComponent>(unwrap(await api.POST("/files/scrape", { body: { filename, configuration_id: configurationId }, signal })), "components");
}

export async function uploadFile(api: ParleyApi, configurationId: string, file: File, signal?: AbortSignal) {
  return unwrap(await api.POST("/training/files/upload", { body: { file, configuration_id: configurationId }, signal })).filename;
}

/** Index the unindexed articles of a configuration, at most 10 at once. */
export function useIndexUnindexed() {
  const api = useApi();
  const invalidate = useInvalidateArticles();
  return useMutation({
    mutationFn: (configurationId: string) => indexArticles(api, configurationId),
    onSettled: (_answer, _error, configurationId) => invalidate(configurationId),
  });
}

export function useDeleteArticle() {
  const api = useApi();
  const invalidate = useInvalidateArticles();
  return useMutation({
    mutationFn: async ({ articleId, configurationId }: { articleId: string; configurationId: string }) =>
      unwrap(await api.POST("/training/article/delete", { body: { _id: articleId, configuration_id: configurationId } })),
    onSuccess: (_answer, { configurationId }) => invalidate(configurationId),
  });
}

export function useWipeArticles() {
  const api = useApi();
  const invalidate = useInvalidateArticles();
  return useMutation({
    mutationFn: async (configurationId: string) =>
      unwrap(await api.POST("/training/articles/wipe_article_data_for_configuration", { body: { configuration_id: configurationId } })),
    onSuccess: (_answer, configurationId) => invalidate(configurationId),
  });
}

export function useSearchArticles() {
  const api = useApi();
  return useMutation({
    mutationFn: async (body: { configurationId: string; searchText: string }) =>
      unwrap(await api.POST("/training/search_in_articles", { body })).data,
  });
}

export function useScrapeSitemap() {
  const api = useApi();
  return useMutation({
    mutationFn: async (url: string) => {
      return scrapedList<FoundUrl>(unwrap(await api.POST("/training/scrape_sitemap", { body: { url } })), "data");
    },
  });
}

/** A stored training file: the name the other file calls take, and the name it was uploaded under. */
export interface StoredFile {
  name: string;
  originalName: string;
}

/** The stored files, newest first; a server that lists names only shows each by its stored name. */
export function useFileNames(configurationId: string) {
  const api = useApi();
  return useQuery({
    queryKey: trainingQueryKeys.files(configurationId),
    queryFn: async (): Promise<StoredFile[]> => {
      const answer = unwrap(await api.GET("/files/get_names", { params: { query: { configuration_id: configurationId } } }));
      const originals = new Map((answer.files ?? []).map((file) => [file.name, file.original_name]));
      return answer.file_names.map((name) => ({ name, originalName: originals.get(name) ?? name }));
    },
  });
}

export function useDeleteFile() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ configurationId, filename }: { configurationId: string; filename: string }) =>
      unwrap(await api.DELETE("/files/delete", { params: { query: { configuration_id: configurationId, filename } } })),
    onSuccess: (_answer, { configurationId }) => queryClient.invalidateQueries({ queryKey: trainingQueryKeys.files(configurationId) }),
  });
}

/** The SDK client and the refresh of the lists, for the screen's longer runs (scrape, create, index). */
export function useTrainingRunner() {
  const api = useApi();
  const queryClient = useQueryClient();
  return {
    api,
    refresh: (configurationId: string) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trainingQueryKeys.articles(configurationId) }),
        queryClient.invalidateQueries({ queryKey: trainingQueryKeys.files(configurationId) }),
      ]),
  };
}

export interface TrainingCounts {
  /** Distinct articles stored: an entry repeating a text already stored (in this run or before) is not one more. */
  created: number;
  /** Articles the server refused to store. */
  failed: number;
  /** Stored articles that could not be indexed. */
  notIndexed: number;
}

export const noTrainingCounts: TrainingCounts = { created: 0, failed: 0, notIndexed: 0 };

export function addCounts(first: TrainingCounts, second: TrainingCounts): TrainingCounts {
  return { created: first.created + second.created, failed: first.failed + second.failed, notIndexed: first.notIndexed + second.notIndexed };
}

/**
 * Deletes the configuration's articles of `sources` that `holding` does not name: a page trained again says what
 * it says now, not also what it said before. A failure leaves them (the new text is trained either way).
 */
async function deleteEarlierArticles(api: ParleyApi, configurationId: string, sources: ReadonlySet<string>, holding: ReadonlySet<string>, signal?: AbortSignal) {
  if (sources.size === 0) return;
  try {
    const { articles } = unwrap(await api.GET("/training/articles", { params: { query: { _id: configurationId } }, signal }));
    for (const article of articles) {
      if (!sources.has(article.source) || holding.has(article._id)) continue;
      unwrap(await api.POST("/training/article/delete", { body: { _id: article._id, configuration_id: configurationId }, signal }));
    }
  } catch (error) {
    if (isAbort(error)) throw error;
  }
}

/**
 * Stores the articles and indexes them in the same calls (`create_articles`, a few calls for many articles);
 * an article the configuration held already and had not indexed yet is indexed after, at most
 * `maxArticlesPerIndexing` at once (spec 02 §7.6). A cancelled run stops here, its abort rethrown.
 * The sources in `replacing` whose drafts were all stored lose their other, earlier articles. `articleIds` are
 * the distinct articles that hold the drafts' texts now; `created` counts them, once each however many drafts
 * repeated a text.
 */
export async function createAndIndex(
  api: ParleyApi,
  configurationId: string,
  drafts: readonly ArticleDraft[],
  signal?: AbortSignal,
  options: { replacing?: readonly string[] } = {},
): Promise<TrainingCounts & { failedSources: string[]; articleIds: string[] }> {
  const counts = { ...noTrainingCounts, failedSources: [] as string[] };
  const toIndex = new Set<string>();
  /** The articles that hold the drafts' texts now, created by this call or held already. */
  const holding = new Set<string>();
  for (const batch of creationBatches(drafts)) {
    let answer: Awaited<ReturnType<typeof createArticles>>;
    try {
      answer = await createArticles(api, configurationId, batch, signal);
    } catch (error) {
      if (isAbort(error)) throw error;
      counts.failed += batch.length;
      counts.failedSources.push(...batch.map((draft) => draft.source));
      continue;
    }
    for (const failure of answer.failures ?? []) {
      // A failure with an article: stored, not indexed (tried again below); without: not stored.
      if (failure._id !== undefined) continue;
      counts.failed += 1;
      counts.failedSources.push(batch[failure.position]?.source ?? "");
    }
    for (const article of answer.articles) {
      holding.add(article._id);
      if (!article.indexed) toIndex.add(article._id);
    }
  }
  counts.created = holding.size;
  const replaced = new Set((options.replacing ?? []).filter((source) => drafts.some((draft) => draft.source === source) && !counts.failedSources.includes(source)));
  await deleteEarlierArticles(api, configurationId, replaced, holding, signal);
  for (const batch of batchesOf([...toIndex], maxArticlesPerIndexing)) {
    try {
      const answer = await indexArticles(api, configurationId, batch, signal);
      counts.notIndexed += Math.min(batch.length, Math.max(answer.failed, batch.length - answer.indexed));
    } catch (error) {
      if (isAbort(error)) throw error;
      counts.notIndexed += batch.length;
    }
  }
  return { ...counts, articleIds: [...holding] };
}

export function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === "AbortError";
}

/** A typed article stored and indexed; the counts say whether indexing worked. */
export function useCreateTypedArticle() {
  const { api, refresh } = useTrainingRunner();
  return useMutation({
    mutationFn: async ({ configurationId, draft }: { configurationId: string; draft: ArticleDraft }) => {
      // Creating it is one call: a refusal (e.g. `no_valid_text`) shows its own code.
      const article = await createArticle(api, { configurationId, ...draft });
      try {
        const answer = await indexArticles(api, configurationId, [article._id]);
        return { ...noTrainingCounts, created: 1, notIndexed: answer.indexed >= 1 && answer.failed === 0 ? 0 : 1 };
      } catch {
        return { ...noTrainingCounts, created: 1, notIndexed: 1 };
      }
    },
    onSettled: (_counts, _error, { configurationId }) => refresh(configurationId),
  });
}
