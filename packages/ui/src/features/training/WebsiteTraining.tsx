import { Button, Checkbox, CheckboxGroup, Field, Fieldset, Flex, Input, SimpleGrid, Stack, Text, Textarea } from "@chakra-ui/react";
import { scrapeHtmlTags, trainingUrlFrom, urlsFromPastedText, type ScrapeHtmlTag } from "@parley/domain";
import { useCallback, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { LuGlobe, LuMap } from "react-icons/lu";
import type { SelectedConfiguration } from "../../configuration/selection";
import { articlesFromComponents } from "./articles";
import { TrainingFailureAlert } from "./failureHelp";
import { createAndIndex, noTrainingCounts, scrapeWebsite, useScrapeSitemap, useTrainingRunner } from "./hooks";
import { RunProgress } from "./RunProgress";
import { useBatchRun, type BatchResult, type RunFailure } from "./useBatchRun";

/** Pages sent per scrape call: small, so the progress bar moves as pages finish (the contract allows 100). */
export const pagesPerBatch = 5;

/** The valid URLs of the typed list, each once, and the entries that are no web address. */
export function sortUrlList(text: string): { urls: string[]; invalid: string[] } {
  const urls: string[] = [];
  const invalid: string[] = [];
  for (const entry of urlsFromPastedText(text)) {
    const url = trainingUrlFrom(entry);
    if (!url) invalid.push(entry);
    else if (!urls.includes(url)) urls.push(url);
  }
  return { urls, invalid };
}

/** Class names typed with commas or spaces between them, without leading dots. */
function classesOf(text: string): string[] {
  return text
    .split(/[\s,;]+/u)
    .map((name) => name.replace(/^\./u, ""))
    .filter((name) => name !== "");
}

/** Website training: URLs from a sitemap or typed, tag and class filters, scraped in batches and trained. */
export function WebsiteTraining({ configuration }: { configuration: SelectedConfiguration }) {
  const { t } = useTranslation("training");
  const [sitemap, setSitemap] = useState("");
  const [sitemapProblem, setSitemapProblem] = useState(false);
  const [list, setList] = useState("");
  const [tags, setTags] = useState<string[]>([...scrapeHtmlTags]);
  const [classes, setClasses] = useState("");
  const readSitemap = useScrapeSitemap();
  const { api, refresh } = useTrainingRunner();
  const { urls, invalid } = sortUrlList(list);

  const work = useCallback(
    async (batch: string[], signal: AbortSignal): Promise<BatchResult<string>> => {
      const { components, subjects, failed } = await scrapeWebsite(api, { url: batch, tags: tags as ScrapeHtmlTag[], filtered_classes: classesOf(classes) }, signal);
      // A page the site did not serve says why (not found, refused…); a page read without text, that the elements found nothing.
      if (components.length === 0) return { failures: batch.map((url) => ({ item: url, code: failed.get(url) ?? "no_scrape_data" })), counts: noTrainingCounts };
      // A component without its page's URL belongs to the page when only one was asked for.
      const drafts = articlesFromComponents(components, batch.length === 1 ? batch[0]! : t("website.unknownPage"), subjects);
      const { failedSources, articleIds, ...counts } = await createAndIndex(api, configuration._id, drafts, signal, { replacing: batch });
      const failures: RunFailure<string>[] = batch.flatMap((url) => {
        if (!drafts.some((draft) => draft.source === url)) return [{ item: url, code: failed.get(url) ?? "no_valid_text" }];
        return failedSources.includes(url) ? [{ item: url, code: "articles_failed" }] : [];
      });
      void refresh(configuration._id);
      return { failures, counts, articleIds };
    },
    [api, refresh, configuration._id, tags, classes, t],
  );
  const run = useBatchRun(pagesPerBatch, work);
  const running = run.state.status === "running";

  const handleSitemap = (event: FormEvent) => {
    event.preventDefault();
    const url = trainingUrlFrom(sitemap);
    setSitemapProblem(!url);
    if (!url) return;
    readSitemap.mutate(url, {
      onSuccess: (found) => {
        const present = sortUrlList(list).urls;
        const added = found.map((entry) => entry.url.trim()).filter((entry) => entry !== "" && !present.includes(entry));
        setList([...present, ...new Set(added)].join("\n"));
      },
    });
  };

  return (
    <Stack gap="5">
      <form onSubmit={handleSitemap} noValidate aria-label={t("website.sitemap.title")}>
        <Flex gap="3" align="flex-end" wrap="wrap">
          <Field.Root invalid={sitemapProblem} flex="1" minW="16rem">
            <Field.Label>{t("website.sitemap.label")}</Field.Label>
            <Input type="url" inputMode="url" placeholder="https://www.example.com/sitemap.xml" value={sitemap} onChange={(event) => setSitemap(event.target.value)} disabled={running} />
            {sitemapProblem ? <Field.ErrorText>{t("website.invalidUrl")}</Field.ErrorText> : <Field.HelperText>{t("website.sitemap.help")}</Field.HelperText>}
          </Field.Root>
          <Button type="submit" variant="outline" loading={readSitemap.isPending} disabled={running}>
            <LuMap /> {t("website.sitemap.submit")}
          </Button>
        </Flex>
      </form>
      {readSitemap.isError && <TrainingFailureAlert error={readSitemap.error} />}
      {readSitemap.isSuccess && (
        <Text fontSize="sm" aria-live="polite">
          {t("website.sitemap.found", { count: readSitemap.data.length })}
        </Text>
      )}

      <Field.Root invalid={invalid.length > 0}>
        <Field.Label>{t("website.list.label")}</Field.Label>
        <Textarea rows={6} value={list} onChange={(event) => setList(event.target.value)} placeholder={"https://www.example.com/\nhttps://www.example.com/about"} disabled={running} />
        {invalid.length > 0 ? (
          <Field.ErrorText>{t("website.list.invalid", { entries: invalid.slice(0, 5).join(", "), count: invalid.length })}</Field.ErrorText>
        ) : (
          <Field.HelperText>{t("website.list.help")}</Field.HelperText>
        )}
      </Field.Root>

      <Fieldset.Root disabled={running}>
        <Fieldset.Legend>{t("website.tags.label")}</Fieldset.Legend>
        <Fieldset.HelperText>{t("website.tags.help")}</Fieldset.HelperText>
        <CheckboxGroup value={tags} onValueChange={setTags} name="tags">
          <SimpleGrid minChildWidth="7rem" gap="2">
            {scrapeHtmlTags.map((tag) => (
              <Checkbox.Root key={tag} value={tag} size="sm">
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label fontFamily="mono">{tag}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </SimpleGrid>
        </CheckboxGroup>
      </Fieldset.Root>

      <Field.Root>
        <Field.Label>{t("website.classes.label")}</Field.Label>
        <Input value={classes} onChange={(event) => setClasses(event.target.value)} placeholder="cookie-banner, newsletter" disabled={running} />
        <Field.HelperText>{t("website.classes.help")}</Field.HelperText>
      </Field.Root>

      <Flex gap="3" align="center" wrap="wrap">
        <Button onClick={() => void run.start(urls)} disabled={running || urls.length === 0 || tags.length === 0} loading={running}>
          <LuGlobe /> {t("website.start", { count: urls.length })}
        </Button>
        {tags.length === 0 && <Text fontSize="sm" color="fg.error">{t("website.tags.none")}</Text>}
      </Flex>

      <RunProgress state={run.state} unit="pages" itemLabel={(url) => url} onCancel={run.cancel} onRetry={() => void run.retryFailed()} />
    </Stack>
  );
}
