/**
 * Finalising the wizard (spec 01 §4, spec 02 §4): save the customer (its answer's token replaces ours and its
 * id joins the session), create the configuration named from the domain, save the URLs, the FAQ dataset and
 * the design, refresh the configurations (and select the new one), then set showInstructions true and
 * showWizard false. A failing step stops the run; Retry goes on from that step, so nothing is made twice, also
 * after the user stepped back to change something or reloaded the page (the progress is kept in the tab).
 */
import { finalizeSteps, flagsAfterOnboarding, type FinalizeStep } from "@parley/domain/onboarding";
import type { DatasetHeader } from "@parley/domain/dataset";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { ApiError } from "../../api/errors";
import { selectConfiguration } from "../../configuration/selection";
import { getSessionUser, setToken, updateSessionUser } from "../../session/session";
import { useUpdateShowInstructions } from "../../shell/hooks";
import { toCustomerInput, type CustomerFormValues } from "../customers/form";
import { useSaveDataset } from "../dataset/hooks";
import { useSaveChatbotDesign } from "../design/hooks";
import { useSaveUrls } from "../training-urls/hooks";
import { useCreateOrUpdateConfiguration, useSelfOnboardingCreateCustomer } from "./hooks";
import { loadFinalizeProgress, storeFinalizeProgress, type FinalizeProgress } from "./storage";
import { configurationBody, configurationNameOf, designBody, faqDatasetBody, urlsBody, type WizardDraft } from "./wizard";

export type { FinalizeStep };
export { finalizeSteps };

export type FinalizeState =
  | { status: "idle" }
  | { status: "running"; step: FinalizeStep }
  | { status: "failed"; step: FinalizeStep; error: unknown }
  | { status: "done" };

export interface FinalizeInput {
  draft: WizardDraft;
  customer: CustomerFormValues;
  /** The language the wizard ran in: the assistant's language. */
  language: string;
  faqHeaders: readonly DatasetHeader[];
}

export type Finalize = ReturnType<typeof useFinalizeOnboarding>;

/** `draftId`: the draft being finalised (null before there is one); its progress is kept under it. */
export function useFinalizeOnboarding(draftId: string | null) {
  const queryClient = useQueryClient();
  const createCustomer = useSelfOnboardingCreateCustomer();
  const createConfiguration = useCreateOrUpdateConfiguration();
  const saveUrls = useSaveUrls();
  const saveDataset = useSaveDataset();
  const saveDesign = useSaveChatbotDesign();
  const updateFlags = useUpdateShowInstructions();
  const [state, setState] = useState<FinalizeState>({ status: "idle" });
  // Read and written by `run` itself, so a retry right after a failure sees every step done so far.
  const progress = useRef<FinalizeProgress | null>(null);
  if (draftId !== null && progress.current?.draftId !== draftId) progress.current = loadFinalizeProgress(draftId);
  const [completed, setCompleted] = useState<readonly FinalizeStep[]>(() => progress.current?.done ?? []);

  const need = (value: string | undefined): string => {
    if (!value) throw new ApiError("unexpected_error", "A step before this one made nothing", 0);
    return value;
  };

  async function perform(step: FinalizeStep, input: FinalizeInput, made: FinalizeProgress): Promise<void> {
    switch (step) {
      case "save_customer": {
        const answer = await createCustomer.mutateAsync(toCustomerInput(input.customer, made.customerId ?? null));
        const customerId = answer.updated_customer?._id ?? answer.inserted_id ?? answer.updated_id ?? null;
        // Spec 01 §5: a save that returns no id shows the server's message or 'No changes detected'.
        if (!customerId) throw new ApiError("no_changes_detected", answer.message, 200);
        made.customerId = customerId;
        setToken(answer.token);
        updateSessionUser({ customerId });
        return;
      }
      case "create_configuration": {
        const answer = await createConfiguration.mutateAsync(configurationBody(input.draft, need(made.customerId), input.language));
        made.configurationId = answer.inserted_id ?? answer.updated_id ?? answer.data._id;
        return;
      }
      case "save_urls":
        await saveUrls.mutateAsync(urlsBody(need(made.configurationId), input.draft.urls));
        return;
      case "save_faq_dataset":
        await saveDataset.mutateAsync(faqDatasetBody(need(made.configurationId), input.draft.faq, input.faqHeaders));
        return;
      case "save_design":
        await saveDesign.mutateAsync(designBody(need(made.configurationId), input.draft, input.language));
        return;
      case "refresh_configurations":
        await queryClient.invalidateQueries({ queryKey: ["configurations"] });
        selectConfiguration({ _id: need(made.configurationId), name: configurationNameOf(input.draft) });
        return;
      case "update_user_flags": {
        const userId = getSessionUser()?.id;
        if (userId) await updateFlags.mutateAsync({ _id: userId, ...flagsAfterOnboarding });
        updateSessionUser({ ...flagsAfterOnboarding });
        return;
      }
    }
  }

  /** Runs the steps not done yet, in order; resolves to the state it ended in. */
  async function run(input: FinalizeInput): Promise<FinalizeState> {
    const made = progress.current ?? { draftId: input.draft.draftId, done: [] };
    progress.current = made;
    for (const step of finalizeSteps) {
      if (made.done.includes(step)) continue;
      setState({ status: "running", step });
      try {
        await perform(step, input, made);
      } catch (error) {
        const failed: FinalizeState = { status: "failed", step, error };
        setState(failed);
        return failed;
      }
      made.done = [...made.done, step];
      storeFinalizeProgress(made);
      setCompleted(made.done);
    }
    setState({ status: "done" });
    return { status: "done" };
  }

  return { state, completed, run };
}
