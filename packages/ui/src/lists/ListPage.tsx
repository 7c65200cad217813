import { Box, Button, Flex, Heading, Link, Stack, Text, type TextProps } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { LuPlus } from "react-icons/lu";

export interface ListPageProps {
  title: string;
  intro: string;
  /** The button that starts a new item, when the list has an editor. */
  newLabel?: string;
  onNew?: () => void;
  /** The form beside the list. */
  editor?: ReactNode;
  children: ReactNode;
}

/** An admin list screen: its title, what it holds, the list and (beside it on wide screens) its editor. */
export function ListPage({ title, intro, newLabel, onNew, editor, children }: ListPageProps) {
  return (
    <Stack gap="6">
      <Stack direction={{ base: "column", sm: "row" }} justify="space-between" align={{ sm: "end" }} gap="3">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            {title}
          </Heading>
          <Text color="fg.muted">{intro}</Text>
        </Stack>
        {newLabel && onNew && (
          <Button onClick={onNew}>
            <LuPlus aria-hidden />
            {newLabel}
          </Button>
        )}
      </Stack>
      {editor ? (
        // Beside the list only while both keep their room (40rem lets five columns with a name and an e-mail
        // show whole, 22rem the form's two columns); else the form goes below, at any window or sidebar width.
        <Flex wrap="wrap" gap="6" align="start">
          <Box flex="3 1 40rem" minW="0">
            {children}
          </Box>
          <Box flex="2 1 22rem" minW="0">
            {editor}
          </Box>
        </Flex>
      ) : (
        children
      )}
    </Stack>
  );
}

/**
 * A row's name (a button that opens it in the editor, when it has one) above a second, quieter line.
 * Both stay on one line, cut short with the full text on hover, so a long name leaves the other columns in view.
 */
export function RowTitle({ title, detail, onOpen }: { title: string; detail?: string | null; onOpen?: () => void }) {
  // Narrower on a phone, so the columns beside it stay on the screen.
  return (
    <Stack gap="0" maxW={{ base: "44", sm: "xs" }}>
      {onOpen ? (
        <Link asChild fontWeight="medium" color="colorPalette.fg" display="block" maxW="full" textAlign="start" truncate title={title}>
          <button type="button" onClick={onOpen}>
            {title}
          </button>
        </Link>
      ) : (
        <Text fontWeight="medium" truncate title={title}>
          {title}
        </Text>
      )}
      {detail && <CellText text={detail} fontSize="xs" color="fg.muted" />}
    </Stack>
  );
}

/** A text of a list cell on one line, cut short at the cell's width with the full text on hover. */
export function CellText({ text, ...textProps }: { text: string | null | undefined } & Omit<TextProps, "children" | "title">) {
  if (!text) return null;
  return (
    <Text maxW="xs" truncate title={text} {...textProps}>
      {text}
    </Text>
  );
}
