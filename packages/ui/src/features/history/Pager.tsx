import { Flex, HStack, IconButton, NativeSelect, Text } from "@chakra-ui/react";
import { pageSizeOptions, type PageSize } from "@parley/domain/reporting";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { LuChevronLeft, LuChevronRight } from "react-icons/lu";

/** Paging of a list the server pages: page sizes 10, 25, 50, 100 and previous/next. */
export function Pager({ page, pageSize, total, onPage, onPageSize }: { page: number; pageSize: PageSize; total: number; onPage: (page: number) => void; onPageSize: (size: PageSize) => void }) {
  const { t } = useTranslation("lists");
  const labelId = useId();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Flex gap="3" p="4" justify="space-between" align="center" wrap="wrap" borderTopWidth="1px">
      <HStack gap="2">
        <Text fontSize="sm" color="fg.muted" id={labelId}>
          {t("lists.rowsPerPage")}
        </Text>
        <NativeSelect.Root size="sm" width="20">
          <NativeSelect.Field aria-labelledby={labelId} value={pageSize} onChange={(event) => {
            // Another page size starts again at the first page.
            onPageSize(Number(event.target.value) as PageSize);
            onPage(1);
          }}>
            {pageSizeOptions.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      <HStack gap="2">
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          {t("lists.range", { from, to, total })}
        </Text>
        <IconButton size="sm" variant="outline" aria-label={t("lists.previousPage")} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <LuChevronLeft />
        </IconButton>
        <IconButton size="sm" variant="outline" aria-label={t("lists.nextPage")} disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
          <LuChevronRight />
        </IconButton>
      </HStack>
    </Flex>
  );
}
