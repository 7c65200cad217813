import { Card, Flex, Heading, HStack, Spinner, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/errors";
import { LoadFailed } from "../../forms/EditorStates";
import { usePreferences } from "../../preferences/context";
import { skinSurface } from "../../shell/skin";

/** What a card reads of a query: a React Query result fits, and so does `combineQueries` of several. */
export interface CardQuery<Data> {
  isPending: boolean;
  error: unknown;
  data: Data | undefined;
  refetch: () => unknown;
}

function Loading({ label }: { label: string }) {
  return (
    <Flex role="status" aria-live="polite" align="center" gap="2" minH="24">
      <Spinner size="sm" /> <Text color="fg.muted">{label}</Text>
    </Flex>
  );
}

export interface DashboardCardProps<Data> {
  title: string;
  id: string;
  query: CardQuery<Data>;
  /** What a failure with this code means for this card instead (nothing to count yet). */
  emptyOn?: { code: string; text: string };
  /** Beside the title, e.g. a link to the screen behind the figures. */
  action?: ReactNode;
  /** Said above a failure: what could not be read, in this card's words. */
  failedText?: string;
  /** Shown while the figures load; a spinner by default (the signed-in home loads nothing more). */
  loading?: ReactNode;
  children: (data: Data) => ReactNode;
}

/** A titled card of one call's figures (or several calls' with `combineQueries`): loading, failed (with a retry) or shown. */
export function DashboardCard<Data>({ title, id, query, emptyOn, action, failedText, loading, children }: DashboardCardProps<Data>) {
  const { t } = useTranslation("home");
  const [preferences] = usePreferences();
  const empty = emptyOn && query.error instanceof ApiError && query.error.code === emptyOn.code;
  return (
    <Card.Root as="section" aria-labelledby={id} css={skinSurface(preferences.skin)} h="full">
      <Card.Body gap="3">
        <HStack justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <Heading as="h2" size="md" id={id}>
            {title}
          </Heading>
          {action}
        </HStack>
        {query.isPending ? (
          (loading ?? <Loading label={t("home.dashboard.loading")} />)
        ) : empty ? (
          <Text color="fg.muted">{emptyOn.text}</Text>
        ) : query.error || query.data === undefined ? (
          <Stack gap="2">
            {failedText && <Text>{failedText}</Text>}
            <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
          </Stack>
        ) : (
          children(query.data)
        )}
      </Card.Body>
    </Card.Root>
  );
}
