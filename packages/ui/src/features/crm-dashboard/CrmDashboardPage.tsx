import { Badge, HStack, SimpleGrid, Stack, Table, Text } from "@chakra-ui/react";
import { newSignUpDays } from "@parley/domain/leads";
import { trialEndingSoonDays } from "@parley/domain/subscription";
import { useTranslation } from "react-i18next";
import { useSearchConfigurations } from "../../shell/hooks";
import { useCustomers } from "../customers/hooks";
import { combineQueries, Figure, FigureCard, PageLink, ScreenHeading } from "../home/dashboardParts";
import { useLeads } from "../leads/hooks";
import { productLabel } from "../billing/format";
import { endingTrials, leadFigures, productRows, subscriptionFigures } from "./figures";
import { useLocalSubscriptions } from "./hooks";

export interface CrmDashboardPageProps {
  titleKey?: string;
  now?: () => Date;
}

/**
 * Provider staff's CRM dashboard: customers, leads and their trials, configurations by product, the
 * subscriptions' state and monthly recurring revenue, the newest leads and the trials that end soon.
 * Every figure is counted from the complete lists the list calls answer.
 */
export function CrmDashboardPage({ titleKey, now = () => new Date() }: CrmDashboardPageProps) {
  const { t, i18n } = useTranslation(["crmDashboard", "pages"]);
  const today = now();
  const customers = useCustomers();
  const leads = useLeads({ search: "" });
  const subscriptions = useLocalSubscriptions();
  const configurationsAnswer = useSearchConfigurations("");
  const configurations = { ...configurationsAnswer, data: configurationsAnswer.data?.data };
  const count = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  const euro = (amount: number) => new Intl.NumberFormat(i18n.language, { style: "currency", currency: "EUR" }).format(amount);
  const date = (value: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(new Date(value));

  return (
    <Stack gap="6">
      <ScreenHeading title={t(titleKey ?? "pages:titles.dashboardCrm")} intro={t("crmDashboard.intro")} />
      <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="4" alignItems="stretch">
        <FigureCard id="crm-customers" title={t("crmDashboard.customers.title")} query={customers} action={<PageLink to="/customers">{t("crmDashboard.customers.open")}</PageLink>}>
          {(list) => (
            <Figure
              label={t("crmDashboard.customers.total")}
              value={count(list.length)}
              hint={list.length === 0 ? t("crmDashboard.customers.none") : t("crmDashboard.customers.noDate")}
            />
          )}
        </FigureCard>
        <FigureCard id="crm-leads" title={t("crmDashboard.leads.title")} query={leads} action={<PageLink to="/leads">{t("crmDashboard.leads.open")}</PageLink>}>
          {(list) => {
            const figures = leadFigures(list, today);
            return (
              <Stack gap="3">
                <SimpleGrid columns={2} gap="3">
                  <Figure label={t("crmDashboard.leads.total")} value={count(figures.total)} />
                  <Figure label={t("crmDashboard.leads.new", { days: newSignUpDays })} value={count(figures.newSignUps)} />
                </SimpleGrid>
                <Stack as="ul" gap="1" listStyleType="none" fontSize="sm" aria-label={t("crmDashboard.leads.byStatus")}>
                  <li>{t("crmDashboard.leads.trialRunning", { count: figures.trialRunning })}</li>
                  <li>{t("crmDashboard.leads.trialExpired", { count: figures.trialExpired })}</li>
                  <li>{t("crmDashboard.leads.onboardingFinished", { count: figures.onboardingFinished })}</li>
                  <li>{t("crmDashboard.leads.onboardingUnfinished", { count: figures.onboardingUnfinished })}</li>
                  {figures.inactive > 0 && <li>{t("crmDashboard.leads.inactive", { count: figures.inactive })}</li>}
                </Stack>
              </Stack>
            );
          }}
        </FigureCard>
        <FigureCard id="crm-subscriptions" title={t("crmDashboard.subscriptions.title")} query={subscriptions}>
          {(list) => {
            const figures = subscriptionFigures(list, today);
            return list.length === 0 ? (
              <Text fontSize="sm" color="fg.muted">{t("crmDashboard.subscriptions.none")}</Text>
            ) : (
              <SimpleGrid columns={2} gap="3">
                <Figure label={t("crmDashboard.subscriptions.active")} value={count(figures.active)} />
                <Figure label={t("crmDashboard.subscriptions.inTrial")} value={count(figures.inTrial)} />
                <Figure label={t("crmDashboard.subscriptions.endingSoon", { days: trialEndingSoonDays })} value={count(figures.trialEndingSoon)} />
                <Figure label={t("crmDashboard.subscriptions.trialExpired")} value={count(figures.trialExpired)} />
              </SimpleGrid>
            );
          }}
        </FigureCard>
        <FigureCard id="crm-revenue" title={t("crmDashboard.revenue.title")} query={subscriptions}>
          {(list) => {
            const figures = subscriptionFigures(list, today);
            return (
              <Figure
                label={t("crmDashboard.revenue.label")}
                value={euro(figures.monthlyRecurringRevenue)}
                hint={figures.active === 0 ? t("crmDashboard.revenue.noActive") : t("crmDashboard.revenue.hint", { count: figures.active })}
              />
            );
          }}
        </FigureCard>
      </SimpleGrid>

      <FigureCard id="crm-products" title={t("crmDashboard.products.title")} query={combineQueries({ configurations, subscriptions })}>
        {({ configurations: configurationList, subscriptions: subscriptionList }) => {
          const rows = productRows(configurationList, subscriptionList, today);
          return rows.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">{t("crmDashboard.products.none")}</Text>
          ) : (
            <Table.ScrollArea>
              <Table.Root size="sm">
                <Table.Caption srOnly>{t("crmDashboard.products.title")}</Table.Caption>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t("crmDashboard.products.product")}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t("crmDashboard.products.configurations")}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t("crmDashboard.products.active")}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t("crmDashboard.products.inTrial")}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {rows.map((row) => (
                    <Table.Row key={row.product}>
                      <Table.Cell>
                        <Badge variant="outline">{productLabel(t, row.product)}</Badge>
                      </Table.Cell>
                      <Table.Cell textAlign="end">{count(row.configurations)}</Table.Cell>
                      <Table.Cell textAlign="end">{count(row.active)}</Table.Cell>
                      <Table.Cell textAlign="end">{count(row.inTrial)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          );
        }}
      </FigureCard>

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="stretch">
        <FigureCard id="crm-newest-leads" title={t("crmDashboard.newestLeads.title")} query={leads} action={<PageLink to="/leads">{t("crmDashboard.leads.open")}</PageLink>}>
          {(list) => {
            const { newest } = leadFigures(list, today);
            return newest.length === 0 ? (
              <Text fontSize="sm" color="fg.muted">{t("crmDashboard.newestLeads.none")}</Text>
            ) : (
              <Stack as="ul" gap="3" listStyleType="none">
                {newest.map((lead) => {
                  const name = `${lead.firstname} ${lead.lastname}`.trim() || lead.email;
                  return (
                    <HStack as="li" key={lead._id} justify="space-between" align="flex-start" gap="3">
                      <Stack gap="0">
                        <PageLink to={`/users?id=${lead._id}`} label={t("crmDashboard.newestLeads.openUser", { name })}>
                          {name}
                        </PageLink>
                        <Text fontSize="sm" color="fg.muted">
                          {lead.website ?? lead.email}
                        </Text>
                      </Stack>
                      <Stack gap="1" align="flex-end">
                        <Text fontSize="sm">{t("crmDashboard.newestLeads.signedUp", { date: date(lead.signedUpAt) })}</Text>
                        <Badge colorPalette={lead.trialExpired ? "orange" : "blue"}>
                          {lead.trialExpired ? t("crmDashboard.newestLeads.trialExpired") : t("crmDashboard.newestLeads.trialDays", { count: lead.trialDaysLeft })}
                        </Badge>
                      </Stack>
                    </HStack>
                  );
                })}
              </Stack>
            );
          }}
        </FigureCard>
        <FigureCard
          id="crm-ending-trials"
          title={t("crmDashboard.endingTrials.title", { days: trialEndingSoonDays })}
          query={combineQueries({ subscriptions, configurations })}
        >
          {({ subscriptions: subscriptionList, configurations: configurationList }) => {
            const trials = endingTrials(subscriptionList, configurationList, customers.data ?? [], today);
            return trials.length === 0 ? (
              <Text fontSize="sm" color="fg.muted">{t("crmDashboard.endingTrials.none", { days: trialEndingSoonDays })}</Text>
            ) : (
              <Stack as="ul" gap="3" listStyleType="none">
                {trials.map((trial) => {
                  const name = trial.configurationName ?? trial.customerName ?? t("crmDashboard.endingTrials.unnamed");
                  return (
                    <HStack as="li" key={`${trial.configurationId}-${trial.endDate}`} justify="space-between" align="flex-start" gap="3">
                      <Stack gap="0">
                        <Text fontWeight="medium">{name}</Text>
                        {trial.customerId && (
                          <PageLink to={`/customers?id=${trial.customerId}`} label={t("crmDashboard.endingTrials.openCustomer", { name: trial.customerName ?? name })}>
                            {trial.customerName ?? t("crmDashboard.endingTrials.customer")}
                          </PageLink>
                        )}
                      </Stack>
                      <Stack gap="1" align="flex-end">
                        <Badge colorPalette={trial.daysLeft <= 2 ? "red" : "orange"}>{t("crmDashboard.endingTrials.daysLeft", { count: trial.daysLeft })}</Badge>
                        <Text fontSize="sm" color="fg.muted">
                          {t("crmDashboard.endingTrials.ends", { date: date(trial.endDate) })}
                        </Text>
                      </Stack>
                    </HStack>
                  );
                })}
              </Stack>
            );
          }}
        </FigureCard>
      </SimpleGrid>
      <Text fontSize="sm" color="fg.muted">
        {t("crmDashboard.complete")}
      </Text>
    </Stack>
  );
}
