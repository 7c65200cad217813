import { List } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { LuCircle, LuCircleCheck, LuCircleX, LuLoader } from "react-icons/lu";

export type ItemStatus = "waiting" | "running" | "done" | "skipped" | "failed";

const icons = { waiting: LuCircle, running: LuLoader, done: LuCircleCheck, skipped: LuCircle, failed: LuCircleX } as const;
const colours = { waiting: "fg.muted", running: "fg.muted", done: "fg.success", skipped: "fg.muted", failed: "fg.error" } as const;

/** One line of a progress list (the scan's stages, the finalize's saves): its icon, its name and its status in words. */
export function StatusItem({ label, status, testId }: { label: string; status: ItemStatus; testId: string }) {
  const { t } = useTranslation("onboarding");
  const Icon = icons[status];
  return (
    <List.Item data-testid={testId} data-status={status} aria-current={status === "running" ? "step" : undefined}>
      <List.Indicator asChild color={colours[status]}>
        <Icon />
      </List.Indicator>
      {label} — {t(`scan.status.${status}`)}
    </List.Item>
  );
}
