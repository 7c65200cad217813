import { Badge, Button, HStack, Link, SimpleGrid, Stack, Table, Text, Wrap } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { LuExternalLink } from "react-icons/lu";
import { Link as RouterLink } from "react-router-dom";
import { useSelectedConfiguration } from "../../configuration/selection";
import { Figure, FigureCard, ScreenHeading } from "../home/dashboardParts";
import { useIndexedProductsCount, useProducts, useWebshopConnection, useWebshopSettings, type Product, type ProductSort } from "./hooks";

/** Where webshops are connected and their products indexed. */
// The Data training screen opened at its Webshop section.
export const dataTrainingPath = "/settings/datatraining?section=webshop";

function DataTrainingButton({ label }: { label: string }) {
  return (
    <Button asChild size="sm" alignSelf="flex-start">
      <RouterLink to={dataTrainingPath}>{label}</RouterLink>
    </Button>
  );
}

function ProductsCard({ configurationId, sortBy, id, title }: { configurationId: string; sortBy: ProductSort; id: string; title: string }) {
  const { t, i18n } = useTranslation("ecommerceDashboard");
  const products = useProducts(configurationId, sortBy);
  const price = (value: number | null | undefined) =>
    value === null || value === undefined ? t("ecommerceDashboard.products.unknown") : new Intl.NumberFormat(i18n.language, { style: "currency", currency: "EUR" }).format(value);
  const stock = (product: Product) =>
    product.stock_quantity === null || product.stock_quantity === undefined
      ? product.in_stock === false
        ? t("ecommerceDashboard.products.outOfStock")
        : t("ecommerceDashboard.products.unknown")
      : String(product.stock_quantity);
  return (
    <FigureCard id={id} title={title} query={products} failedText={t("ecommerceDashboard.products.failed")}>
      {(listing) =>
        listing.items.length === 0 ? (
          <Stack gap="3">
            <Text fontSize="sm" color="fg.muted">{t("ecommerceDashboard.products.none")}</Text>
            <DataTrainingButton label={t("ecommerceDashboard.indexed.index")} />
          </Stack>
        ) : (
          <Stack gap="2">
            <Table.ScrollArea>
              <Table.Root size="sm">
                <Table.Caption srOnly>{title}</Table.Caption>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t("ecommerceDashboard.products.name")}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t("ecommerceDashboard.products.price")}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t("ecommerceDashboard.products.stock")}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {listing.items.map((product) => (
                    <Table.Row key={product.productId}>
                      <Table.Cell>
                        {product.url ? (
                          <Link href={product.url} target="_blank" rel="noreferrer" color="colorPalette.fg" aria-label={t("ecommerceDashboard.products.open", { name: product.name })}>
                            {product.name} <LuExternalLink aria-hidden="true" />
                          </Link>
                        ) : (
                          product.name
                        )}
                      </Table.Cell>
                      <Table.Cell textAlign="end">{price(product.price)}</Table.Cell>
                      <Table.Cell textAlign="end">{stock(product)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
            <Text fontSize="xs" color="fg.muted">
              {t("ecommerceDashboard.products.shown", { shown: listing.items.length, count: listing.total })}
            </Text>
          </Stack>
        )
      }
    </FigureCard>
  );
}

function ConnectedShop({ configurationId }: { configurationId: string }) {
  const { t, i18n } = useTranslation("ecommerceDashboard");
  const indexed = useIndexedProductsCount(configurationId);
  const settings = useWebshopSettings(configurationId);
  return (
    <>
      <FigureCard id="ecommerce-indexed" title={t("ecommerceDashboard.indexed.title")} query={indexed} failedText={t("ecommerceDashboard.indexed.failed")}>
        {(answer) => (
          <Stack gap="3">
            <Figure
              label={t("ecommerceDashboard.indexed.label")}
              value={new Intl.NumberFormat(i18n.language).format(answer.count)}
              hint={
                <Badge colorPalette={answer.status === "OK" ? "green" : "orange"}>
                  {answer.status === "OK" ? t("ecommerceDashboard.indexed.ok") : t("ecommerceDashboard.indexed.warn")}
                </Badge>
              }
            />
            {answer.status === "WARN" && (
              <>
                <Text fontSize="sm">{t("ecommerceDashboard.indexed.warnHelp")}</Text>
                <DataTrainingButton label={t("ecommerceDashboard.indexed.index")} />
              </>
            )}
          </Stack>
        )}
      </FigureCard>
      <FigureCard id="ecommerce-settings" title={t("ecommerceDashboard.settings.title")} query={settings} failedText={t("ecommerceDashboard.settings.failed")}>
        {(saved) =>
          saved === null ? (
            <Text fontSize="sm" color="fg.muted">{t("ecommerceDashboard.settings.none")}</Text>
          ) : (
            <Stack gap="2" fontSize="sm">
              <Text>{t("ecommerceDashboard.settings.webshop", { name: saved.selectedWebshop ?? t("ecommerceDashboard.settings.notChosen") })}</Text>
              {saved.selectedVendor && <Text>{t("ecommerceDashboard.settings.vendor", { vendor: saved.selectedVendor })}</Text>}
              <Text>{t("ecommerceDashboard.settings.fields", { count: saved.selectedOptions.length })}</Text>
              {saved.selectedOptions.length > 0 && (
                <Wrap gap="1" as="ul" listStyleType="none" aria-label={t("ecommerceDashboard.settings.fieldsLabel")}>
                  {saved.selectedOptions.map((option) => (
                    <li key={option}>
                      <Badge variant="subtle">{option}</Badge>
                    </li>
                  ))}
                </Wrap>
              )}
            </Stack>
          )
        }
      </FigureCard>
    </>
  );
}

/**
 * The webshop of the configuration selected in the sidebar: whether a shop is connected, how many of its
 * products are indexed, the settings the assistant uses, and its products by lowest stock and highest price.
 */
export function EcommerceDashboardPage({ titleKey }: { titleKey?: string }) {
  const { t } = useTranslation(["ecommerceDashboard", "pages"]);
  const selected = useSelectedConfiguration();
  const configurationId = selected?._id ?? "";
  const connection = useWebshopConnection(configurationId);
  const connected = connection.data?.exists === true;
  return (
    <Stack gap="6">
      <ScreenHeading title={t(titleKey ?? "pages:titles.dashboardEcommerce")} intro={t("ecommerceDashboard.intro", { name: selected?.name ?? "" })} />
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" alignItems="stretch">
        <FigureCard id="ecommerce-connection" title={t("ecommerceDashboard.connection.title")} query={connection} failedText={t("ecommerceDashboard.connection.failed")}>
          {(answer) =>
            answer.exists ? (
              <Stack gap="2">
                <HStack>
                  <Badge colorPalette="green">{t("ecommerceDashboard.connection.connected")}</Badge>
                  {answer.webshopType && <Text fontWeight="medium">{answer.webshopType}</Text>}
                </HStack>
                {answer.webshopUrl && (
                  <Link href={answer.webshopUrl} target="_blank" rel="noreferrer" color="colorPalette.fg" wordBreak="break-all">
                    {answer.webshopUrl} <LuExternalLink aria-hidden="true" />
                  </Link>
                )}
              </Stack>
            ) : (
              <Stack gap="3">
                <Badge colorPalette="gray" alignSelf="flex-start">
                  {t("ecommerceDashboard.connection.notConnected")}
                </Badge>
                <Text fontSize="sm">{t("ecommerceDashboard.connection.connectHelp")}</Text>
                <DataTrainingButton label={t("ecommerceDashboard.connection.connect")} />
              </Stack>
            )
          }
        </FigureCard>
        {connected && <ConnectedShop configurationId={configurationId} />}
      </SimpleGrid>
      {connected && (
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="stretch">
          <ProductsCard configurationId={configurationId} sortBy="stock_quantity" id="ecommerce-low-stock" title={t("ecommerceDashboard.products.lowStock")} />
          <ProductsCard configurationId={configurationId} sortBy="-price" id="ecommerce-expensive" title={t("ecommerceDashboard.products.expensive")} />
        </SimpleGrid>
      )}
    </Stack>
  );
}
