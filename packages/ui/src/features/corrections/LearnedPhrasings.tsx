import { Badge, Box, Collapsible, HStack, Heading, IconButton, Stack, Text } from "@chakra-ui/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { LuChevronDown, LuTrash2 } from "react-icons/lu";
import { showFailureToast, showToast } from "../../shell/toasts";
import { useDeleteFaqCorrection, useFaqCorrections, useFaqQuestions } from "./hooks";

/**
 * The visitors' phrasings agents linked to FAQ entries (from a conversation's dialog), under the FAQ: what
 * the assistant has learned, with a way to forget each. A link whose entry's question was changed or removed
 * no longer applies, and says so.
 */
export function LearnedPhrasings({ configurationId }: { configurationId: string }) {
  const { t } = useTranslation("corrections");
  const headingId = useId();
  const corrections = useFaqCorrections(configurationId);
  const { questions } = useFaqQuestions(configurationId);
  const remove = useDeleteFaqCorrection(configurationId);
  const items = corrections.data ?? [];
  if (items.length === 0) return null;
  const known = new Set(questions);
  return (
    <Collapsible.Root>
      <Box borderWidth="1px" borderRadius="md">
        <HStack justify="space-between" p="3" gap="3">
          <Stack gap="0">
            <Heading as="h2" size="sm" id={headingId}>
              {t("corrections.learnedTitle", { count: items.length })}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {t("corrections.learnedIntro")}
            </Text>
          </Stack>
          <Collapsible.Trigger asChild>
            <IconButton size="sm" variant="ghost" aria-label={t("corrections.showLearned")} aria-describedby={headingId}>
              <LuChevronDown aria-hidden />
            </IconButton>
          </Collapsible.Trigger>
        </HStack>
        <Collapsible.Content>
          <Stack as="ul" gap="2" p="3" pt="0" listStyleType="none">
            {items.map((correction) => (
              <HStack as="li" key={correction._id} justify="space-between" gap="3" borderTopWidth="1px" pt="2">
                <Stack gap="0" minW="0">
                  <Text wordBreak="break-word">“{correction.question}”</Text>
                  <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
                    → {correction.faqQuestion}
                    {!known.has(correction.faqQuestion) && (
                      <Badge ml="2" colorPalette="orange" size="xs">
                        {t("corrections.entryGone")}
                      </Badge>
                    )}
                  </Text>
                </Stack>
                <IconButton
                  size="xs"
                  variant="ghost"
                  aria-label={t("corrections.forget", { question: correction.question })}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(correction._id, {
                      onSuccess: () => void showToast((translate) => ({ type: "success", title: translate("corrections:corrections.unlinked") })),
                      onError: (error) => void showFailureToast(error),
                    })
                  }
                >
                  <LuTrash2 />
                </IconButton>
              </HStack>
            ))}
          </Stack>
        </Collapsible.Content>
      </Box>
    </Collapsible.Root>
  );
}
