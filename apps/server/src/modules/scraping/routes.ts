import type { OperationTable } from "../../platform/http/operations";
import type { createScrapingService } from "./service";

/** Stateless: the pages are read and answered, nothing of a tenant is read or kept. */
export function scrapingOperations(scraping: ReturnType<typeof createScrapingService>): OperationTable {
  return {
    scrapeStaticWebsite: async (request) => scraping.scrapeWebsite(request.body),
    scrapeSitemap: async (request) => scraping.scrapeSitemap(request.body),
  };
}
