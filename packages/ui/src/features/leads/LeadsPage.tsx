import { Badge, Button, Field, HStack, NativeSelect } from "@chakra-ui/react";
import { configurationSearchDebounceMs } from "@parley/domain/ui";
import { leadOnboardingFilters, leadTrialFilters, type LeadOnboardingFilter, type LeadTrialFilter } from "@parley/domain/leads";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { DataTable, type DataColumn } from "../../lists/DataTable";
import { ListPage, RowTitle } from "../../lists/ListPage";
import { useDebouncedValue } from "../../shell/useDebouncedValue";
import { useLeads, type Lead } from "./hooks";

function FilterSelect<Value extends string>({
  label,
  value,
  values,
  optionLabel,
  onChange,
}: {
  label: string;
  value: Value | "";
  values: readonly Value[];
  optionLabel: (value: Value) => string;
  onChange: (value: Value | "") => void;
}) {
  const { t } = useTranslation("lists");
  return (
    <Field.Root width="48">
      <Field.Label fontSize="sm" color="fg.muted">
        {label}
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value as Value | "")}>
          <option value="">{t("lists.all")}</option>
          {values.map((option) => (
            <option key={option} value={option}>
              {optionLabel(option)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** Admins' leads: self-onboarding sign-ups that do not pay yet, with their trial and onboarding. */
export function LeadsPage() {
  const { t, i18n } = useTranslation(["leads", "lists", "pages"]);
  const [search, setSearch] = useState("");
  const [trial, setTrial] = useState<LeadTrialFilter | "">("");
  const [onboarding, setOnboarding] = useState<LeadOnboardingFilter | "">("");
  const debouncedSearch = useDebouncedValue(search, configurationSearchDebounceMs);
  const leads = useLeads({ search: debouncedSearch, trial: trial || undefined, onboarding: onboarding || undefined });
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" });
  const filtered = search.trim() !== "" || trial !== "" || onboarding !== "";

  const columns: DataColumn<Lead>[] = [
    {
      id: "name",
      header: t("leads.columns.name"),
      sortValue: (lead) => `${lead.firstname} ${lead.lastname}`,
      cell: (lead) => <RowTitle title={`${lead.firstname} ${lead.lastname}`} detail={lead.email} />,
    },
    {
      id: "signedUp",
      header: t("leads.columns.signedUp"),
      sortValue: (lead) => lead.signedUpAt,
      cell: (lead) => dateFormat.format(new Date(lead.signedUpAt)),
    },
    { id: "website", header: t("leads.columns.website"), wide: true, sortValue: (lead) => lead.website, cell: (lead) => lead.website ?? "—" },
    {
      id: "trial",
      header: t("leads.columns.trial"),
      sortValue: (lead) => (lead.trialExpired ? -1 : lead.trialDaysLeft),
      cell: (lead) =>
        lead.trialExpired ? (
          <Badge colorPalette="red">{t("leads.trial.expired")}</Badge>
        ) : (
          <Badge colorPalette="green">{t("leads.trial.daysLeft", { count: lead.trialDaysLeft })}</Badge>
        ),
    },
    {
      id: "messages",
      header: t("leads.columns.messages"),
      wide: true,
      sortValue: (lead) => lead.messagesUsed,
      cell: (lead) => (lead.messageLimit === null ? String(lead.messagesUsed) : t("leads.messagesOf", { used: lead.messagesUsed, limit: lead.messageLimit })),
    },
    {
      id: "onboarding",
      header: t("leads.columns.onboarding"),
      sortValue: (lead) => lead.onboardingFinished,
      cell: (lead) => (
        <Badge colorPalette={lead.onboardingFinished ? "green" : "orange"}>
          {t(lead.onboardingFinished ? "leads.onboarding.finished" : "leads.onboarding.unfinished")}
        </Badge>
      ),
    },
    {
      id: "open",
      header: t("leads.columns.open"),
      cell: (lead) => (
        <HStack gap="1">
          <Button asChild size="xs" variant="outline">
            <RouterLink to={`/users?id=${lead._id}`} aria-label={t("leads.openUserOf", { name: `${lead.firstname} ${lead.lastname}` })}>
              {t("leads.openUser")}
            </RouterLink>
          </Button>
          {lead.customerId && (
            <Button asChild size="xs" variant="outline">
              <RouterLink to={`/customers?id=${lead.customerId}`} aria-label={t("leads.openCustomerOf", { name: lead.customerName ?? "" })}>
                {t("leads.openCustomer")}
              </RouterLink>
            </Button>
          )}
        </HStack>
      ),
    },
  ];

  return (
    <ListPage title={t("pages:titles.leads")} intro={t("leads.intro")}>
      <DataTable
        label={t("pages:titles.leads")}
        query={leads}
        rowKey={(lead) => lead._id}
        columns={columns}
        search={search}
        onSearchChange={setSearch}
        searchPlaceholder={t("leads.search")}
        emptyText={t("leads.empty")}
        filters={
          <>
            <FilterSelect label={t("leads.columns.trial")} value={trial} values={leadTrialFilters} optionLabel={(value) => t(`leads.filters.trial.${value}`)} onChange={setTrial} />
            <FilterSelect
              label={t("leads.columns.onboarding")}
              value={onboarding}
              values={leadOnboardingFilters}
              optionLabel={(value) => t(`leads.filters.onboarding.${value}`)}
              onChange={setOnboarding}
            />
          </>
        }
        hasFilters={filtered}
      />
    </ListPage>
  );
}
