import { Button, HStack } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";

export interface StepActionsProps {
  onBack: () => void;
  onContinue: () => void;
  continueLabel?: string;
  continueDisabled?: boolean;
  busy?: boolean;
}

/** Back and Continue under every step, in that order, so Tab reaches Continue last. */
export function StepActions({ onBack, onContinue, continueLabel, continueDisabled, busy }: StepActionsProps) {
  const { t } = useTranslation("onboarding");
  return (
    <HStack gap="2" justify="space-between" pt="2">
      <Button variant="outline" onClick={onBack} disabled={busy}>
        {t("actions.back")}
      </Button>
      <Button onClick={onContinue} disabled={continueDisabled} loading={busy}>
        {continueLabel ?? t("actions.continue")}
      </Button>
    </HStack>
  );
}
