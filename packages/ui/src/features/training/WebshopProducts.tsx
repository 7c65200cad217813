import { Badge, Box, Button, Card, Flex, Heading, HStack, Link, Spinner, Stack, Table, Text } from "@chakra-ui/react";
import { defaultPageSize, type PageSize } from "@parley/domain/reporting";
import { configurationSearchDebounceMs } from "@parley/domain/ui";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { LuExternalLink, LuPackage, LuTrash2 } from "react-icons/lu";
import type { SelectedConfiguration } from "../../configuration/selection";
import { EmptyNotice, LoadFailed } from "../../forms/EditorStates";
import { SortIcon } from "../../lists/DataTable";
import { SearchInput } from "../../lists/SearchInput";
import { useDebouncedValue } from "../../shell/useDebouncedValue";
import { Pager } from "../history/Pager";
import { DeleteAllDialog } from "./DeleteAllDialog";
import {
  nextProductSort,
  productSortDirection,
  useDeleteAllProducts,
  useIndexedProductsCount,
  useProductSearch,
  type Product,
  type ProductSortBy,
  type ProductSortField,
} from "./webshop";

interface SortableHeaderProps {
  field: ProductSortField;
  label: string;
  sortBy: ProductSortBy;
  onSort: (field: ProductSortField) => void;
  end?: boolean;
}

/** A column header the list is sorted by on a click (again: the other way round). */
function SortableHeader({ field, label, sortBy, onSort, end }: SortableHeaderProps) {
  const direction = productSortDirection(sortBy, field);
  return (
    <Table.ColumnHeader aria-sort={direction === "asc" ? "ascending" : direction === "desc" ? "descending" : undefined} textAlign={end ? "end" : undefined}>
      <Button variant="plain" size="sm" px="0" fontWeight="semibold" onClick={() => onSort(field)}>
        {label}
        <SortIcon direction={direction} />
      </Button>
    </Table.ColumnHeader>
  );
}

function ProductRow({ product, price }: { product: Product; price: Intl.NumberFormat }) {
  const { t } = useTranslation("training");
  return (
    <Table.Row data-testid={`webshop-product-${product.productId}`}>
      <Table.Cell wordBreak="break-word">
        {product.url ? (
          <Link href={product.url} target="_blank" rel="noopener noreferrer" colorPalette="blue" aria-label={t("webshop.products.open", { name: product.name })}>
            {product.name} <LuExternalLink aria-hidden />
          </Link>
        ) : (
          product.name
        )}
      </Table.Cell>
      <Table.Cell hideBelow="md" fontFamily="mono" fontSize="xs">
        {product.sku ?? "–"}
      </Table.Cell>
      <Table.Cell textAlign="end">{product.price === null || product.price === undefined ? "–" : price.format(product.price)}</Table.Cell>
      <Table.Cell textAlign="end">
        {product.in_stock === false ? <Badge colorPalette="red">{t("webshop.products.outOfStock")}</Badge> : (product.stock_quantity ?? "–")}
      </Table.Cell>
      <Table.Cell hideBelow="md">{(product.category ?? []).join(", ") || "–"}</Table.Cell>
    </Table.Row>
  );
}

/** The indexed products: their count, a search, sortable columns, paging, and deleting them all. */
export function WebshopProducts({ configuration }: { configuration: SelectedConfiguration }) {
  const { t, i18n } = useTranslation(["training", "lists"]);
  const headingId = useId();
  const count = useIndexedProductsCount(configuration._id);
  const remove = useDeleteAllProducts();
  const [search, setSearch] = useState("");
  const [sortBy, setSortBy] = useState<ProductSortBy>("name");
  const [page, setPage] = useState(1);
  const [itemsPerPage, setItemsPerPage] = useState<PageSize>(defaultPageSize);
  const [confirming, setConfirming] = useState(false);
  const debouncedSearch = useDebouncedValue(search, configurationSearchDebounceMs);
  const products = useProductSearch(configuration._id, { page, itemsPerPage, sortBy, search: debouncedSearch });
  const items = products.data?.items ?? [];
  const total = products.data?.total ?? 0;
  const indexed = count.data?.status === "OK" ? count.data.count : 0;
  const price = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  const handleSort = (field: ProductSortField) => {
    setSortBy((current) => nextProductSort(current, field));
    setPage(1);
  };

  let body;
  if (products.isError && !products.data) {
    body = (
      <Box p="4">
        <LoadFailed error={products.error} onRetry={() => void products.refetch()} />
      </Box>
    );
  } else if (products.isPending) {
    body = (
      <Flex py="10" justify="center" role="status" aria-live="polite" gap="3">
        <Spinner /> <Text>{t("webshop.products.loading")}</Text>
      </Flex>
    );
  } else if (items.length === 0) {
    body =
      debouncedSearch.trim() === "" ? (
        <Box p="4">
          <EmptyNotice icon={<LuPackage />} title={t("webshop.products.none.title")} text={t("webshop.products.none.text")} />
        </Box>
      ) : (
        <Stack gap="3" py="8" px="4" align="center" textAlign="center" role="status">
          <Text color="fg.muted">{t("webshop.products.noMatches", { search: debouncedSearch.trim() })}</Text>
          <Button size="sm" variant="outline" onClick={() => setSearch("")}>
            {t("lists:lists.clearSearch")}
          </Button>
        </Stack>
      );
  } else {
    body = (
      <>
        <Table.ScrollArea>
          <Table.Root size="sm" aria-labelledby={headingId} aria-busy={products.isFetching}>
            <Table.Header>
              <Table.Row>
                <SortableHeader field="name" label={t("webshop.products.columns.name")} sortBy={sortBy} onSort={handleSort} />
                <Table.ColumnHeader hideBelow="md">{t("webshop.products.columns.sku")}</Table.ColumnHeader>
                <SortableHeader field="price" label={t("webshop.products.columns.price")} sortBy={sortBy} onSort={handleSort} end />
                <SortableHeader field="stock_quantity" label={t("webshop.products.columns.stock")} sortBy={sortBy} onSort={handleSort} end />
                <Table.ColumnHeader hideBelow="md">{t("webshop.products.columns.category")}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {items.map((product) => (
                <ProductRow key={product.productId} product={product} price={price} />
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        <Pager page={page} pageSize={itemsPerPage} total={total} onPage={setPage} onPageSize={setItemsPerPage} />
      </>
    );
  }

  return (
    <Card.Root variant="outline" as="section" aria-labelledby={headingId} data-testid="webshop-products">
      <Card.Body p="0">
        <Flex gap="3" p="4" align="center" justify="space-between" wrap="wrap">
          <HStack gap="3" wrap="wrap">
            <Heading as="h3" size="md" id={headingId} display="flex" alignItems="center" gap="2">
              <LuPackage aria-hidden /> {t("webshop.products.title")}
            </Heading>
            {count.isSuccess && (
              <Badge colorPalette={count.data.status === "OK" ? "green" : "orange"} data-testid="webshop-count" aria-live="polite">
                {count.data.status === "OK" ? t("webshop.products.count", { count: count.data.count }) : t("webshop.products.noneYet")}
              </Badge>
            )}
          </HStack>
          <Button size="sm" variant="outline" colorPalette="red" disabled={indexed === 0 && total === 0} onClick={() => setConfirming(true)}>
            <LuTrash2 /> {t("webshop.products.deleteAll")}
          </Button>
        </Flex>
        {count.isError && (
          <Box px="4" pb="4">
            <LoadFailed error={count.error} onRetry={() => void count.refetch()} />
          </Box>
        )}
        <Box px="4" pb="4">
          <SearchInput
            value={search}
            label={t("webshop.products.search")}
            onChange={(text) => {
              setSearch(text);
              setPage(1);
            }}
          />
        </Box>
        {body}
      </Card.Body>
      <DeleteAllDialog
        open={confirming}
        title={t("webshop.products.deleteTitle")}
        text={t("webshop.products.deleteText", { count: Math.max(indexed, total), name: configuration.name })}
        confirmLabel={t("webshop.products.deleteConfirm")}
        remove={remove}
        configurationId={configuration._id}
        deletedKey="training:webshop.products.deleted"
        onClose={() => setConfirming(false)}
        onDeleted={() => setPage(1)}
      />
    </Card.Root>
  );
}
