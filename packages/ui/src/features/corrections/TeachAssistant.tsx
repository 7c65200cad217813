import { Badge, Button, Field, HStack, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { LuGraduationCap, LuUnlink } from "react-icons/lu";
import { showFailureToast, showToast } from "../../shell/toasts";
import { useAddFaqCorrection, useDeleteFaqCorrection, useFaqCorrections, useFaqQuestions } from "./hooks";

/** The longest phrasing the corrections call takes (the contract's limit); longer messages are cut. */
const maxPhrasingLength = 1000;

/**
 * Under a visitor's message: link it to the FAQ entry that answers it, so that the assistant answers the
 * same words with that entry from then on (or undo the link). Shown where agents read conversations.
 */
export function TeachAssistant({ configurationId, question }: { configurationId: string; question: string }) {
  const { t } = useTranslation("corrections");
  const phrasing = question.trim().slice(0, maxPhrasingLength);
  const corrections = useFaqCorrections(configurationId);
  const add = useAddFaqCorrection(configurationId);
  const remove = useDeleteFaqCorrection(configurationId);
  const [open, setOpen] = useState(false);
  const teachButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  useEffect(() => {
    // Back on the button the form came from, for a keyboard user, when the form closes.
    if (!open && returnFocus.current) {
      returnFocus.current = false;
      teachButton.current?.focus();
    }
  }, [open]);
  const close = () => {
    returnFocus.current = true;
    setOpen(false);
  };
  if (phrasing === "" || corrections.isPending) return null;

  const linked = corrections.data?.find((correction) => correction.question === phrasing);
  if (linked) {
    return (
      <HStack gap="2" mt="2" wrap="wrap" fontSize="sm">
        <Badge colorPalette="green" variant="subtle" maxW="full" whiteSpace="normal">
          {t("corrections.linkedTo", { question: linked.faqQuestion })}
        </Badge>
        <Button
          size="xs"
          variant="ghost"
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(linked._id, {
              onSuccess: () => void showToast((translate) => ({ type: "success", title: translate("corrections:corrections.unlinked") })),
              onError: (error) => void showFailureToast(error),
            })
          }
        >
          <LuUnlink aria-hidden />
          {t("corrections.unlink")}
        </Button>
      </HStack>
    );
  }
  if (!open) {
    return (
      <Button ref={teachButton} size="xs" variant="ghost" mt="1" aria-label={t("corrections.teachQuestion", { question: phrasing })} onClick={() => setOpen(true)}>
        <LuGraduationCap aria-hidden />
        {t("corrections.teach")}
      </Button>
    );
  }
  return (
    <LinkForm
      configurationId={configurationId}
      saving={add.isPending}
      onCancel={close}
      onLink={(faqQuestion) =>
        add.mutate(
          { question: phrasing, faqQuestion },
          {
            onSuccess: () => {
              close();
              void showToast((translate) => ({ type: "success", title: translate("corrections:corrections.linked") }));
            },
            onError: (error) => void showFailureToast(error),
          },
        )
      }
    />
  );
}

function LinkForm({ configurationId, saving, onCancel, onLink }: { configurationId: string; saving: boolean; onCancel: () => void; onLink: (faqQuestion: string) => void }) {
  const { t } = useTranslation("corrections");
  const { questions, isPending } = useFaqQuestions(configurationId);
  const [chosen, setChosen] = useState("");
  const helpId = useId();
  if (isPending) return null;
  if (questions.length === 0) {
    return (
      <HStack mt="2" gap="2" wrap="wrap">
        <Text fontSize="sm" color="fg.muted">
          {t("corrections.noFaq")}
        </Text>
        <Button size="xs" variant="outline" onClick={onCancel}>
          {t("corrections.cancel")}
        </Button>
      </HStack>
    );
  }
  return (
    <Stack
      as="form"
      mt="2"
      gap="2"
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen !== "") onLink(chosen);
      }}
    >
      <Field.Root>
        <Field.Label fontSize="sm">{t("corrections.entryLabel")}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field aria-describedby={helpId} value={chosen} onChange={(event) => setChosen(event.target.value)} autoFocus>
            <option value="">{t("corrections.choose")}</option>
            {questions.map((question) => (
              <option key={question} value={question}>
                {question}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.HelperText id={helpId}>{t("corrections.help")}</Field.HelperText>
      </Field.Root>
      <HStack gap="2">
        <Button type="submit" size="xs" disabled={chosen === ""} loading={saving}>
          {t("corrections.link")}
        </Button>
        <Button size="xs" variant="outline" onClick={onCancel}>
          {t("corrections.cancel")}
        </Button>
      </HStack>
    </Stack>
  );
}
