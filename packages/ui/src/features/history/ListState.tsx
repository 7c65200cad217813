import { Box, Button, Flex, Spinner, Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../forms/ErrorAlert";

/** A server-paged list's body: what failed (and a retry), loading, what its emptiness means, or the rows. */
export function ListState({ query, isEmpty, empty, children }: { query: { isLoading: boolean; error: unknown; data: unknown; refetch: () => unknown }; isEmpty: boolean; empty: ReactNode; children: ReactNode }) {
  const { t } = useTranslation("lists");
  if (query.error && !query.data)
    return (
      <Stack gap="3" p="4">
        <ErrorAlert error={query.error} />
        <Button alignSelf="start" variant="outline" onClick={() => void query.refetch()}>
          {t("lists.retry")}
        </Button>
      </Stack>
    );
  if (query.isLoading && !query.data)
    return (
      <Flex py="12" justify="center" role="status" aria-live="polite">
        <Spinner size="lg" color="colorPalette.solid" />
        <Box srOnly>{t("lists.loading")}</Box>
      </Flex>
    );
  if (isEmpty)
    return (
      <Stack gap="3" py="10" px="4" align="center" textAlign="center" role="status">
        {empty}
      </Stack>
    );
  return children;
}
