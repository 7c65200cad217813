import { Box, Button, Flex, HStack, Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { LuRotateCcw, LuSave } from "react-icons/lu";

export interface SaveBarProps {
  /** Something differs from the loaded copy. */
  changed: boolean;
  submitting: boolean;
  onReset: () => void;
  resetLabel: string;
  saveLabel: string;
  /** What is unsaved, announced as it changes. */
  children: ReactNode;
}

/** The bar under a form that edits a loaded copy: what is unsaved, Reset to the loaded copy, and Save (its submit). */
export function SaveBar({ changed, submitting, onReset, resetLabel, saveLabel, children }: SaveBarProps) {
  return (
    <Box position="sticky" bottom="0" zIndex="docked" bg="bg" borderTopWidth="1px" py="3">
      <Flex gap="3" align="center" wrap="wrap">
        {/* A basis of its own: on a phone the buttons wrap below the text instead of squeezing it a word wide. */}
        <Stack gap="1" flex="1 1 14rem" minW="0" aria-live="polite">
          {children}
        </Stack>
        <HStack>
          <Button variant="outline" disabled={!changed || submitting} onClick={onReset}>
            <LuRotateCcw /> {resetLabel}
          </Button>
          <Button type="submit" loading={submitting} disabled={!changed}>
            <LuSave /> {saveLabel}
          </Button>
        </HStack>
      </Flex>
    </Box>
  );
}
