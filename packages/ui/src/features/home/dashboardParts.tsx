import { HStack, Heading, Link, Skeleton, SkeletonText, Stack, Stat, Text, VisuallyHidden } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { DashboardCard, type CardQuery, type DashboardCardProps } from "./DashboardCard";

// The parts of the dashboards behind the home page (CRM, e-commerce, assistant home): skeleton cards,
// figures, links. Apart from the dashboard card, so the signed-in home (near its size budget) loads none of them.

type DataOf<Queries extends Record<string, CardQuery<unknown>>> = { [Name in keyof Queries]: NonNullable<Queries[Name]["data"]> };

/** Several queries as one card's: pending while any is, failed with the first failure (a retry asks the failed ones again). */
export function combineQueries<Queries extends Record<string, CardQuery<unknown>>>(queries: Queries): CardQuery<DataOf<Queries>> {
  const all = Object.values(queries);
  const failed = all.filter((query) => query.error);
  const pending = failed.length === 0 && all.some((query) => query.isPending);
  return {
    isPending: pending,
    error: failed[0]?.error ?? null,
    data: pending || failed.length > 0 ? undefined : (Object.fromEntries(Object.entries(queries).map(([name, query]) => [name, query.data])) as DataOf<Queries>),
    refetch: () => failed.forEach((query) => query.refetch()),
  };
}

/** A card's figures while they load: grey bars in the card's shape, and a status a screen reader announces. */
export function CardSkeleton({ label, lines = 3 }: { label: string; lines?: number }) {
  return (
    <Stack role="status" aria-live="polite" gap="3" minH="20">
      <VisuallyHidden>{label}</VisuallyHidden>
      <Skeleton height="8" width="40%" />
      <SkeletonText noOfLines={lines} gap="2" />
    </Stack>
  );
}

/** A dashboard card whose figures load as a skeleton of themselves. */
export function FigureCard<Data>(props: DashboardCardProps<Data>) {
  const { t } = useTranslation("home");
  return <DashboardCard {...props} loading={<CardSkeleton label={t("home.dashboard.loading")} />} />;
}

export interface FigureProps {
  label: string;
  value: ReactNode;
  /** A line under the value: what it covers, or what to do about it. */
  hint?: ReactNode;
}

/** One figure of a card: its label, the value large, a hint under it. */
export function Figure({ label, value, hint }: FigureProps) {
  return (
    <Stat.Root>
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText>{value}</Stat.ValueText>
      {/* Inside the stat's <dl> only <dt> and <dd> may stand. */}
      {hint !== undefined && (
        <Stat.HelpText asChild color="fg.muted">
          <dd>{hint}</dd>
        </Stat.HelpText>
      )}
    </Stat.Root>
  );
}

/** A link to another screen of the portal, in the theme's link colour. */
export function PageLink({ to, label, children }: { to: string; label?: string; children: ReactNode }) {
  return (
    <Link asChild color="colorPalette.fg" fontWeight="medium">
      <RouterLink to={to} aria-label={label}>
        {children}
      </RouterLink>
    </Link>
  );
}

/** A screen's title and what it is for. */
export function ScreenHeading({ title, intro, children }: { title: string; intro: string; children?: ReactNode }) {
  return (
    <Stack gap="1">
      <HStack gap="3" wrap="wrap">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {children}
      </HStack>
      <Text color="fg.muted">{intro}</Text>
    </Stack>
  );
}
