/**
 * Agents' corrections of the FAQ matcher: a visitor's question linked to the FAQ entry that answers it. The
 * configuration's `x-tenant` was loaded within the caller's scope; every statement is keyed by it.
 */
import { faqEntriesOf, type FaqEntryOfDataset } from "@parley/domain";
import type { Db } from "../../platform/db/db";
import { queryOne } from "../../platform/db/db";
import type { BodyOf } from "../../platform/http/contract-types";
import type { Configuration } from "../configurations/repository";
import { isId, notFound } from "../tenancy";

interface CorrectionRow {
  id: string;
  question: string;
  faq_question: string;
  created_at: Date | string;
}

const toCorrection = (row: CorrectionRow) => ({
  _id: row.id,
  question: row.question,
  faqQuestion: row.faq_question,
  createdAt: new Date(row.created_at).toISOString(),
});

/** The corrections of a configuration, for the FAQ matcher: which entry (by its question) each phrasing belongs to. */
export async function correctionsOf(db: Db, configurationId: string): Promise<{ question: string; faqQuestion: string }[]> {
  const rows = await db.query<CorrectionRow>("SELECT id, question, faq_question, created_at FROM faq_corrections WHERE configuration_id = $1 ORDER BY created_at", [configurationId]);
  return rows.map((row) => ({ question: row.question, faqQuestion: row.faq_question }));
}

/** The FAQ rows as the assistant reads them (the dataset's question and answer columns), both filled. */
export async function faqRowsOf(db: Db, configurationId: string): Promise<FaqEntryOfDataset[]> {
  const dataset = await queryOne<{ dataset_data: Record<string, string>[]; dataset_headers: { text: string; value: string }[] }>(
    db,
    "SELECT dataset_data, dataset_headers FROM datasets WHERE configuration_id = $1",
    [configurationId],
  );
  return dataset ? faqEntriesOf(dataset.dataset_headers, dataset.dataset_data) : [];
}

export function createCorrectionsService(db: Db) {
  return {
    async list(configuration: Configuration) {
      const rows = await db.query<CorrectionRow>(
        "SELECT id, question, faq_question, created_at FROM faq_corrections WHERE configuration_id = $1 ORDER BY created_at DESC, id",
        [configuration._id],
      );
      return { status: "success" as const, data: rows.map(toCorrection) };
    },

    async add(configuration: Configuration, input: BodyOf<"addFaqCorrection">) {
      const question = input.question.replaceAll("\u0000", "").trim();
      const faqQuestion = input.faqQuestion.trim();
      if (question === "") throw notFound("The question is empty");
      if (!(await faqRowsOf(db, configuration._id)).some((row) => row.question === faqQuestion)) throw notFound("No FAQ entry has that question");
      const row = await queryOne<CorrectionRow>(
        db,
        `INSERT INTO faq_corrections (configuration_id, question, faq_question) VALUES ($1, $2, $3)
         ON CONFLICT (configuration_id, question) DO UPDATE SET faq_question = EXCLUDED.faq_question, created_at = now()
         RETURNING id, question, faq_question, created_at`,
        [configuration._id, question, faqQuestion],
      );
      return { status: "success" as const, data: toCorrection(row!) };
    },

    async remove(configuration: Configuration, id: string) {
      if (isId(id)) await db.query("DELETE FROM faq_corrections WHERE id = $1 AND configuration_id = $2", [id, configuration._id]);
      return { status: "success" as const };
    },
  };
}
