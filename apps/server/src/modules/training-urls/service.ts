import { DomainError, normalizeTrainingUrls, successMessages } from "@parley/domain";
import type { Db } from "../../platform/db/db";
import type { BodyOf } from "../../platform/http/contract-types";
import type { Caller } from "../../platform/http/operations";
import type { Configuration } from "../configurations/repository";
import { notFound, scopeOf } from "../tenancy";
import * as repository from "./repository";

export type SaveTrainingUrlsInput = BodyOf<"saveUrls">;

/** The URL list of a configuration, which the operation's `x-tenant` loaded within the caller's scope. */
export function createTrainingUrlsService(db: Db) {
  return {
    async get(caller: Caller, configuration: Configuration) {
      return { status: "success" as const, urls: await repository.findTrainingUrls(db, scopeOf(caller), configuration._id) };
    },

    async save(caller: Caller, configuration: Configuration, input: SaveTrainingUrlsInput) {
      const { urls, invalid } = normalizeTrainingUrls(input.urls);
      if (invalid.length > 0) {
        const refused = new Set(invalid);
        const fields = input.urls.flatMap((entry, index) =>
          refused.has(entry.url) ? [{ path: `urls.${index}.url`, message: `Not an http or https URL: ${entry.url}` }] : [],
        );
        throw new DomainError("url_not_allowed", undefined, 400, fields);
      }
      if (!(await repository.saveTrainingUrls(db, scopeOf(caller), configuration._id, urls))) throw notFound("No such configuration");
      return { status: "success" as const, message: successMessages.data_saved };
    },
  };
}
