import { Badge, Button, Card, CloseButton, Dialog, Field, HStack, Heading, Link, NativeSelect, Portal, Stack, Table, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LuExternalLink, LuPrinter, LuReceipt } from "react-icons/lu";
import { EmptyNotice, LoadFailed, LoadingState } from "../../forms/EditorStates";
import { usePreferences } from "../../preferences/context";
import { skinSurface } from "../../shell/skin";
import { useBillingFormat } from "./format";
import { useInvoice, useInvoices, type Invoice, type InvoiceDetail } from "./hooks";

const statusColour = { paid: "green", open: "orange", void: "gray" } as const;

function InvoiceStatus({ status }: { status: Invoice["status"] }) {
  const { t } = useTranslation("billing");
  return <Badge colorPalette={statusColour[status]}>{t(`invoices.status.${status}`)}</Badge>;
}

// Printing shows the open invoice alone.
const printOnlyInvoice = "@media print { body * { visibility: hidden; } [data-printable], [data-printable] * { visibility: visible; } [data-printable] { position: absolute; inset: 0; box-shadow: none; } [data-print-hidden] { display: none; } }";

function InvoiceBody({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation("billing");
  const format = useBillingFormat();
  const customer = invoice.customer;
  const totals: [label: string, amount: number, strong?: boolean][] = [
    [t("invoices.subtotal"), invoice.subtotal],
    ...(invoice.discount ? [[t("invoices.discount"), -Math.abs(invoice.discount)] as [string, number]] : []),
    [t("invoices.vat"), invoice.taxes],
    [t("invoices.total"), invoice.total, true],
  ];
  return (
    <Stack gap="4">
      <HStack justify="space-between" align="flex-start" wrap="wrap" gap="3">
        <Stack gap="0">
          <Text>{t("invoices.dateLine", { date: format.date(invoice.date) })}</Text>
          {invoice.dueDate && <Text>{t("invoices.dueLine", { date: format.date(invoice.dueDate) })}</Text>}
          <Text color="fg.muted">{invoice.description}</Text>
        </Stack>
        {customer && (
          <Stack gap="0" textAlign="end" data-testid="invoice-customer">
            <Text fontWeight="medium">{customer.companyName || customer.name}</Text>
            <Text>{[customer.street, customer.houseNumber, customer.addition].filter(Boolean).join(" ")}</Text>
            <Text>{[customer.postalCode, customer.city].filter(Boolean).join(" ")}</Text>
            <Text>{customer.country}</Text>
            {customer.taxId && <Text>{t("invoices.vatNumber", { number: customer.taxId })}</Text>}
          </Stack>
        )}
      </HStack>
      <Table.Root size="sm" aria-label={t("invoices.lines")}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t("invoices.line.description")}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t("invoices.line.quantity")}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t("invoices.line.unitPrice")}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t("invoices.line.total")}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {invoice.lines.map((line, index) => (
            <Table.Row key={index}>
              <Table.Cell>{line.description}</Table.Cell>
              <Table.Cell textAlign="end">{line.quantity}</Table.Cell>
              <Table.Cell textAlign="end">{format.amount(line.unit_price)}</Table.Cell>
              <Table.Cell textAlign="end">{format.amount(line.total)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <Stack gap="1" alignSelf="flex-end" minW="16rem" data-testid="invoice-totals">
        {totals.map(([label, amount, strong]) => (
          <HStack key={label} justify="space-between" fontWeight={strong ? "bold" : undefined}>
            <Text>{label}</Text>
            <Text>{format.amount(amount)}</Text>
          </HStack>
        ))}
      </Stack>
    </Stack>
  );
}

/** One invoice with its lines, VAT and total, printable. */
function InvoiceDialog({ invoice, onClose }: { invoice: Invoice | null; onClose: () => void }) {
  const { t } = useTranslation(["billing", "messages"]);
  const detail = useInvoice(invoice?.id ?? null);
  return (
    <Dialog.Root open={invoice !== null} onOpenChange={(details) => !details.open && onClose()} size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-printable>
            <style>{printOnlyInvoice}</style>
            <Dialog.Header>
              <Dialog.Title>{t("invoices.dialogTitle", { number: invoice?.number ?? invoice?.id ?? "" })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {detail.isPending ? (
                <LoadingState label={t("invoices.loadingOne")} />
              ) : detail.isError ? (
                <LoadFailed error={detail.error} onRetry={() => void detail.refetch()} />
              ) : (
                <InvoiceBody invoice={detail.data} />
              )}
            </Dialog.Body>
            <Dialog.Footer data-print-hidden>
              {detail.data?.hosted_invoice_url && (
                <Link href={detail.data.hosted_invoice_url} target="_blank" rel="noreferrer">
                  {t("invoices.hosted")} <LuExternalLink aria-hidden />
                </Link>
              )}
              <Button variant="outline" onClick={() => window.print()} disabled={!detail.isSuccess}>
                <LuPrinter aria-hidden /> {t("invoices.print")}
              </Button>
              <Dialog.ActionTrigger asChild>
                <Button>{t("messages:actions.close")}</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild data-print-hidden>
              <CloseButton size="sm" aria-label={t("messages:actions.close")} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The customer's invoices of a year (the years the answer lists, the current one first by default) and a view of each. */
export function InvoicesPage({ titleKey, now = () => new Date() }: { titleKey?: string; now?: () => Date }) {
  const { t } = useTranslation(["billing", "pages"]);
  const [preferences] = usePreferences();
  const format = useBillingFormat();
  const [year, setYear] = useState(() => now().getFullYear());
  const invoices = useInvoices(year);
  const [viewing, setViewing] = useState<Invoice | null>(null);
  const years = [...new Set([year, now().getFullYear(), ...(invoices.data?.years ?? [])])].sort((a, b) => b - a);

  return (
    <Stack gap="6" maxW="5xl">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {t(titleKey ?? "pages:titles.invoices")}
        </Heading>
        <Text color="fg.muted">{t("invoices.intro")}</Text>
      </Stack>
      <Card.Root css={skinSurface(preferences.skin)}>
        <Card.Body gap="4">
          <Field.Root maxW="12rem">
            <Field.Label>{t("invoices.year")}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={String(year)} onChange={(event) => setYear(Number(event.currentTarget.value))}>
                {years.map((each) => (
                  <option key={each} value={each}>
                    {each}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          {invoices.isPending || invoices.isPlaceholderData ? (
            <LoadingState label={t("invoices.loading")} />
          ) : invoices.isError ? (
            <LoadFailed error={invoices.error} onRetry={() => void invoices.refetch()} />
          ) : invoices.data.data.length === 0 ? (
            <EmptyNotice icon={<LuReceipt />} title={t("invoices.emptyTitle", { year })} text={t("invoices.emptyText")} />
          ) : (
            <Table.ScrollArea>
              <Table.Root size="sm" aria-label={t("invoices.tableLabel", { year })}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t("invoices.number")}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t("invoices.date")}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t("invoices.amount")}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t("invoices.statusLabel")}</Table.ColumnHeader>
                    <Table.ColumnHeader>
                      <Text srOnly>{t("invoices.view")}</Text>
                    </Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {invoices.data.data.map((invoice) => (
                    <Table.Row key={invoice.id}>
                      <Table.Cell>{invoice.number ?? invoice.id}</Table.Cell>
                      <Table.Cell>{format.date(invoice.date)}</Table.Cell>
                      <Table.Cell textAlign="end">{format.amount(invoice.amount)}</Table.Cell>
                      <Table.Cell>
                        <InvoiceStatus status={invoice.status} />
                      </Table.Cell>
                      <Table.Cell textAlign="end">
                        <Button size="xs" variant="outline" onClick={() => setViewing(invoice)} aria-label={t("invoices.viewOne", { number: invoice.number ?? invoice.id })}>
                          {t("invoices.view")}
                        </Button>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
        </Card.Body>
      </Card.Root>
      <InvoiceDialog invoice={viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
}
