/**
 * Finalising the wizard (spec 01 §4, spec 02 §4): save the customer (its answer's token replaces ours and its
 * id joins the session), create the configuration named from the domain, save the URLs, the FAQ dataset and
 * the design, refresh the configurations (and select the new one), then set showInstructions true and
 * showWizard false. A failing step stops the run; Retry goes on from that step, so nothing is made twice.
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

/** What earlier steps made, kept across a retry. */
interface Made {
  customerId?: string;
  configurationId?: string;
}

export function useFinalizeOnboarding() {
  const queryClient = useQueryClient();
  const createCustomer = useSelfOnboardingCreateCustomer();
  const createConfiguration = useCreateOrUpdateConfiguration();
  const saveUrls = useSaveUrls();
  const saveDataset = useSaveDataset();
  const saveDesign = useSaveChatbotDesign();
  const updateFlags = useUpdateShowInstructions();
  const [state, setState] = useState<FinalizeState>({ status: "idle" });
  const [completed, setCompleted] = useState<readonly FinalizeStep[]>([]);
  const made = useRef<Made>({});
  // Read by `run` itself, so a retry right after a failure sees every step done so far.
  const doneSteps = useRef(new Set<FinalizeStep>());

  const need = (value: string | undefined): string => {
    if (!value) throw new ApiError("unexpected_error", "A step before this one made nothing", 0);
    return value;
  };

  async function perform(step: FinalizeStep, input: FinalizeInput): Promise<void> {
    switch (step) {
      case "save_customer": {
        const answer = await createCustomer.mutateAsync(toCustomerInput(input.customer, made.current.customerId ?? null));
        const customerId = answer.updated_customer?._id ?? answer.inserted_id ?? answer.updated_id ?? null;
        // Spec 01 §5: a save that returns no id shows the server's message or 'No changes detected'.
        if (!customerId) throw new ApiError("no_changes_detected", answer.message, 200);
        made.current.customerId = customerId;
        setToken(answer.token);
        updateSessionUser({ customerId });
        return;
      }
      case "create_configuration": {
        const answer = await createConfiguration.mutateAsync(configurationBody(input.draft, need(made.current.customerId), input.language));
        made.current.configurationId = answer.inserted_id ?? answer.updated_id ?? answer.data._id;
        return;
      }
      case "save_urls":
        await saveUrls.mutateAsync(urlsBody(need(made.current.configurationId), input.draft.urls));
        return;
      case "save_faq_dataset":
        await saveDataset.mutateAsync(faqDatasetBody(need(made.current.configurationId), input.draft.faq, input.faqHeaders));
        return;
      case "save_design":
        await saveDesign.mutateAsync(designBody(need(made.current.configurationId), input.draft));
        return;
      case "refresh_configurations":
        await queryClient.invalidateQueries({ queryKey: ["configurations"] });
        selectConfiguration({ _id: need(made.current.configurationId), name: configurationNameOf(input.draft) });
        return;
      case "update_user_flags": {
        const userId = getSessionUser()?.id;
        if (userId) await updateFlags.mutateAsync({ _id: userId, ...flagsAfterOnboarding });
        updateSessionUser({ ...flagsAfterOnboarding });
        return;
      }
    }
  }

  /** Runs the steps not done yet, in order; resolves whether all succeeded. */
  async function run(input: FinalizeInput): Promise<boolean> {
    const done = doneSteps.current;
    for (const step of finalizeSteps) {
      if (done.has(step)) continue;
      setState({ status: "running", step });
      try {
        await perform(step, input);
      } catch (error) {
        setState({ status: "failed", step, error });
        return false;
      }
      done.add(step);
      setCompleted([...done]);
    }
    setState({ status: "done" });
    return true;
  }

  return { state, completed, run };
}
