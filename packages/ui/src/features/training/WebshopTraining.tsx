import { Alert, Badge, Box, Button, Card, Checkbox, Fieldset, Flex, Heading, HStack, RadioGroup, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import {
  defaultProductAnswerFields,
  isProductAnswerField,
  productAnswerFields,
  webshopCredentialsSchema,
  webshopSettingsSchema,
  webshopTypes,
  woocommerceIndexPageSize,
  woocommercePageCount,
  type WebshopCredentialsForm,
  type WebshopSettingsForm,
  type WebshopType,
} from "@parley/domain";
import { Form, Formik, useField } from "formik";
import { useCallback, useId, useState, type ReactNode } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { LuListChecks, LuPlugZap, LuSave, LuShoppingCart, LuStore } from "react-icons/lu";
import { useApi } from "../../api/client";
import { failureCode } from "../../api/errors";
import type { SelectedConfiguration } from "../../configuration/selection";
import { LoadFailed, LoadingState } from "../../forms/EditorStates";
import { ErrorAlert } from "../../forms/ErrorAlert";
import { applyFieldErrors } from "../../forms/fieldIssues";
import { catalogueIssueOf, serverReasonLine } from "../../forms/serverReason";
import { FormField } from "../../forms/FormField";
import { showFailureToast, showToast } from "../../shell/toasts";
import { TrainingFailureAlert } from "./failureHelp";
import { RunProgress } from "./RunProgress";
import { useBatchRun, type BatchResult } from "./useBatchRun";
import {
  connectedWebshopType,
  indexWoocommercePage,
  testWebshopConnection,
  useIndexShopifyProducts,
  useRefreshProducts,
  useSaveWebshopCredentials,
  useSaveWebshopSettings,
  useTestWebshopConnection,
  useWebshopCredentials,
  useWebshopSettings,
  type WebshopSettings,
} from "./webshop";
import { WebshopProducts } from "./WebshopProducts";

/** A part of the webshop section: a card with its heading. */
function WebshopCard({ title, icon, children, testId }: { title: string; icon: ReactNode; children: ReactNode; testId: string }) {
  const headingId = useId();
  return (
    <Card.Root variant="outline" as="section" aria-labelledby={headingId} data-testid={testId}>
      <Card.Body>
        <Stack gap="4">
          <Heading as="h3" size="md" id={headingId} display="flex" alignItems="center" gap="2">
            {icon} {title}
          </Heading>
          {children}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** What a call of the section answered: its success in words, or its failure with what to do next. */
function CallOutcome({ success, detail, error, testId }: { success: string | null; detail?: string | null; error: unknown; testId: string }) {
  if (error) return <TrainingFailureAlert error={error} scope="webshop" />;
  if (success === null) return null;
  return (
    <Alert.Root status="success" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{success}</Alert.Title>
        {detail && <Alert.Description>{detail}</Alert.Description>}
      </Alert.Content>
    </Alert.Root>
  );
}

/** WooCommerce or Shopify, as radio buttons bound to the form. */
function WebshopTypeField() {
  const { t } = useTranslation("training");
  const [field, , helpers] = useField<WebshopType>("webshopType");
  const labelId = useId();
  return (
    <Fieldset.Root>
      <Fieldset.Legend id={labelId}>{t("webshop.connect.type")}</Fieldset.Legend>
      <RadioGroup.Root value={field.value} onValueChange={(details) => details.value && void helpers.setValue(details.value as WebshopType)} aria-labelledby={labelId} name="webshopType">
        <HStack gap="6">
          {webshopTypes.map((type) => (
            <RadioGroup.Item key={type} value={type}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{type}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </HStack>
      </RadioGroup.Root>
    </Fieldset.Root>
  );
}

interface ConnectFormProps {
  configurationId: string;
  initialType: WebshopType;
  initialUrl: string;
  onDone: () => void;
  onCancel?: () => void;
}

/** The shop's type, address and keys; the keys are asked for every time, as they are never answered back. */
function ConnectForm({ configurationId, initialType, initialUrl, onDone, onCancel }: ConnectFormProps) {
  const { t, i18n } = useTranslation(["training", "messages"]);
  const save = useSaveWebshopCredentials();
  const initialValues: WebshopCredentialsForm = { webshopType: initialType, webshopUrl: initialUrl, webshopKey: "", webshopSecret: "" };
  return (
    <Formik<WebshopCredentialsForm>
      initialValues={initialValues}
      validationSchema={webshopCredentialsSchema}
      onSubmit={async (values, helpers) => {
        const shopify = values.webshopType === "Shopify";
        try {
          await save.mutateAsync({
            configurationId,
            webshoptType: values.webshopType,
            webshopUrl: values.webshopUrl.trim(),
            webshopKey: values.webshopKey.trim(),
            // Shopify has no secret; the contract asks for the field all the same.
            webshopSecret: shopify ? "" : (values.webshopSecret ?? "").trim(),
          });
          void showToast((translate) => ({ type: "success", title: translate("training:webshop.connect.saved", { type: values.webshopType }) }));
          onDone();
        } catch (error) {
          if (failureCode(error) === "url_not_allowed") {
            void helpers.setFieldTouched("webshopUrl", true, false);
            helpers.setFieldError("webshopUrl", "url_not_allowed");
          } else applyFieldErrors(error, helpers, catalogueIssueOf);
        }
      }}
    >
      {({ values, isSubmitting }) => (
        <Form noValidate aria-label={t("webshop.connect.formLabel")}>
          <Stack gap="4">
            {save.error !== null && failureCode(save.error) !== "url_not_allowed" && <ErrorAlert error={save.error} detail={serverReasonLine(t, i18n, save.error)} />}
            <WebshopTypeField />
            <FormField
              name="webshopUrl"
              type="url"
              inputMode="url"
              label={t("webshop.connect.url")}
              helperText={t("webshop.connect.urlHelp")}
              placeholder="https://shop.example.com"
              autoComplete="url"
              required
            />
            {values.webshopType === "WooCommerce" ? (
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <FormField name="webshopKey" label={t("webshop.connect.consumerKey")} placeholder="ck_…" autoComplete="off" spellCheck={false} required />
                <FormField name="webshopSecret" type="password" label={t("webshop.connect.consumerSecret")} placeholder="cs_…" autoComplete="new-password" required />
              </SimpleGrid>
            ) : (
              <FormField name="webshopKey" type="password" label={t("webshop.connect.accessToken")} placeholder="shpat_…" autoComplete="new-password" required />
            )}
            <Text fontSize="sm" color="fg.muted">
              {values.webshopType === "WooCommerce" ? t("webshop.connect.keysHelp.WooCommerce") : t("webshop.connect.keysHelp.Shopify")}
            </Text>
            <HStack>
              <Button type="submit" loading={isSubmitting}>
                <LuSave /> {t("webshop.connect.submit")}
              </Button>
              {onCancel && (
                <Button variant="ghost" onClick={onCancel} disabled={isSubmitting}>
                  {t("webshop.connect.cancel")}
                </Button>
              )}
            </HStack>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

interface ConnectionProps {
  configurationId: string;
  exists: boolean;
  type: WebshopType | null;
  url: string | null;
  /** The shop's product count as the test answered it; null when the credentials change (another shop, perhaps). */
  onShopTotal: (total: number | null) => void;
}

/** Connecting the shop, or the shop connected with a test and a change of credentials. */
function WebshopConnection({ configurationId, exists, type, url, onShopTotal }: ConnectionProps) {
  const { t } = useTranslation("training");
  const [changing, setChanging] = useState(false);
  const test = useTestWebshopConnection();

  const handleTest = () =>
    test.mutate(configurationId, {
      onSuccess: (total) => onShopTotal(total),
    });

  if (!exists || changing) {
    return (
      <Stack gap="3">
        {!exists && <Text color="fg.muted">{t("webshop.connect.intro")}</Text>}
        <ConnectForm
          configurationId={configurationId}
          initialType={type ?? "WooCommerce"}
          initialUrl={url ?? ""}
          onDone={() => {
            setChanging(false);
            test.reset();
            onShopTotal(null);
          }}
          onCancel={exists ? () => setChanging(false) : undefined}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="3">
      <Flex gap="3" align="center" wrap="wrap" justify="space-between">
        <Stack gap="1">
          <HStack>
            {/* The last test's answer overrides the saved credentials: keys the shop refuses are no connection. */}
            {test.isError ? (
              <Badge colorPalette="red" size="lg" data-testid="webshop-connected">
                {type ? t("webshop.connect.notConnectedTo", { type }) : t("webshop.connect.notConnected")}
              </Badge>
            ) : (
              <Badge colorPalette="green" size="lg" data-testid="webshop-connected">
                {type ? t("webshop.connect.connectedTo", { type }) : t("webshop.connect.connected")}
              </Badge>
            )}
          </HStack>
          {url && (
            <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
              {url}
            </Text>
          )}
        </Stack>
        <HStack wrap="wrap">
          <Button variant="outline" onClick={handleTest} loading={test.isPending}>
            <LuPlugZap /> {t("webshop.test.submit")}
          </Button>
          <Button variant="ghost" onClick={() => setChanging(true)}>
            {t("webshop.connect.change")}
          </Button>
        </HStack>
      </Flex>
      <Box aria-live="polite">
        <CallOutcome success={test.isSuccess ? t("webshop.test.answered", { count: test.data }) : null} error={test.error} testId="webshop-test-result" />
      </Box>
    </Stack>
  );
}

/** Checkboxes of the product fields, bound to the form's `selectedOptions`. */
function ProductFieldsField() {
  const { t } = useTranslation("training");
  const [field, meta, helpers] = useField<string[]>("selectedOptions");
  return (
    <Fieldset.Root invalid={meta.touched && Boolean(meta.error)}>
      <Fieldset.Legend>{t("webshop.settings.fields")}</Fieldset.Legend>
      <Fieldset.HelperText>{t("webshop.settings.fieldsHelp")}</Fieldset.HelperText>
      <SimpleGrid columns={{ base: 2, md: 3, lg: 4 }} gap="2">
        {productAnswerFields.map((name) => (
          <Checkbox.Root
            key={name}
            size="sm"
            checked={field.value.includes(name)}
            onCheckedChange={(details) => {
              void helpers.setTouched(true, false);
              // Kept in the order of the fields' list, whatever the order of the clicks.
              void helpers.setValue(productAnswerFields.filter((each) => (each === name ? details.checked === true : field.value.includes(each))));
            }}
          >
            <Checkbox.HiddenInput name="selectedOptions" value={name} />
            <Checkbox.Control />
            <Checkbox.Label>{t(`webshop.fields.${name}`)}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </SimpleGrid>
      <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="webshop-fields-chosen">
        {t("webshop.settings.chosen", { count: field.value.length })}
      </Text>
      {meta.touched && meta.error && (
        <Text fontSize="sm" color="fg.error" role="alert">
          {t("webshop.settings.fieldsRequired")}
        </Text>
      )}
    </Fieldset.Root>
  );
}

/** Which product fields the assistant answers from and, for Shopify, whose products are indexed. */
function WebshopSettingsEditor({ configurationId, type, settings }: { configurationId: string; type: WebshopType | null; settings: WebshopSettings | null }) {
  const { t } = useTranslation(["training", "messages"]);
  const save = useSaveWebshopSettings();
  const initialValues: WebshopSettingsForm = {
    // A field this screen does not offer (an older setting) is dropped rather than failing the form unseen.
    selectedOptions: settings?.selectedOptions.some(isProductAnswerField) ? settings.selectedOptions.filter(isProductAnswerField) : [...defaultProductAnswerFields],
    selectedVendor: settings?.selectedVendor ?? "",
  };
  return (
    <Formik<WebshopSettingsForm>
      initialValues={initialValues}
      enableReinitialize
      validationSchema={webshopSettingsSchema}
      onSubmit={async (values, helpers) => {
        const vendor = values.selectedVendor?.trim() ?? "";
        const webshopSettings: WebshopSettings = { selectedWebshop: type, selectedOptions: [...values.selectedOptions], selectedVendor: type === "Shopify" && vendor !== "" ? vendor : null };
        try {
          await save.mutateAsync({ configurationId, webshopSettings });
          helpers.resetForm({ values });
          void showToast((translate) => ({ type: "success", title: translate("training:webshop.settings.saved") }));
        } catch (error) {
          void showFailureToast(error);
        }
      }}
    >
      {({ isSubmitting, dirty }) => (
        <Form noValidate aria-label={t("webshop.settings.title")}>
          <Stack gap="4">
            <ProductFieldsField />
            {type === "Shopify" && <FormField name="selectedVendor" label={t("webshop.settings.vendor")} helperText={t("webshop.settings.vendorHelp")} autoComplete="off" />}
            <HStack>
              <Button type="submit" loading={isSubmitting}>
                <LuSave /> {t("webshop.settings.submit")}
              </Button>
              {!dirty && save.isSuccess && (
                <Text fontSize="sm" color="fg.muted">
                  {t("webshop.settings.upToDate")}
                </Text>
              )}
            </HStack>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

/** How many products the shop no longer has were removed by an index run; nothing when none. */
function removedText(t: TFunction<"training">, removed: number): string | null {
  return removed > 0 ? t("webshop.index.removed", { count: removed }) : null;
}

/** WooCommerce: page after page of products, with progress, Stop, and a retry of the pages that failed. */
function WoocommerceIndexing({ configurationId, shopTotal, onShopTotal }: { configurationId: string; shopTotal: number | null; onShopTotal: (total: number) => void }) {
  const { t } = useTranslation("training");
  const api = useApi();
  const refresh = useRefreshProducts();
  const [preparing, setPreparing] = useState(false);
  const [problem, setProblem] = useState<unknown>(null);
  const [empty, setEmpty] = useState(false);
  // Products indexed by this run and its retries, and those the shop no longer has, removed once every page was read.
  const [indexedProducts, setIndexedProducts] = useState(0);
  const [removedProducts, setRemovedProducts] = useState(0);

  const work = useCallback(
    async ([page]: number[], signal: AbortSignal): Promise<BatchResult<number>> => {
      try {
        const answer = await indexWoocommercePage(api, configurationId, page ?? 1, woocommerceIndexPageSize, signal);
        onShopTotal(answer.total_count);
        setIndexedProducts((count) => count + answer.indexed);
        setRemovedProducts((count) => count + (answer.removed ?? 0));
        return { failures: [], counts: { created: answer.indexed, failed: 0, notIndexed: 0 } };
      } finally {
        void refresh(configurationId);
      }
    },
    [api, configurationId, onShopTotal, refresh],
  );
  // One call per page, so Stop ends the run after the page in hand and the progress moves page by page.
  const run = useBatchRun(1, work);
  const running = run.state.status === "running" || preparing;

  const handleStart = async () => {
    setProblem(null);
    setEmpty(false);
    setIndexedProducts(0);
    setRemovedProducts(0);
    let total = shopTotal;
    if (total === null) {
      // The shop's total sets the pages; the connection test tells it.
      setPreparing(true);
      try {
        total = await testWebshopConnection(api, configurationId);
        onShopTotal(total);
      } catch (error) {
        setProblem(error);
        return;
      } finally {
        setPreparing(false);
      }
    }
    // An empty shop still has its page 1 read: the server then removes the products indexed before.
    setEmpty(total === 0);
    const pages = Math.max(woocommercePageCount(total), 1);
    await run.start(Array.from({ length: pages }, (_, index) => index + 1));
  };

  return (
    <Stack gap="3">
      <Flex gap="3" align="center" wrap="wrap">
        <Button onClick={() => void handleStart()} loading={running} loadingText={t("webshop.index.busy")} disabled={running}>
          <LuShoppingCart /> {t("webshop.index.startWoocommerce")}
        </Button>
        <Text fontSize="sm" color="fg.muted">
          {t("webshop.index.woocommerceHelp", { count: woocommerceIndexPageSize })}
        </Text>
      </Flex>
      {problem !== null && <TrainingFailureAlert error={problem} scope="webshop" />}
      {empty && (
        <Alert.Root status="info" role="status">
          <Alert.Indicator />
          <Alert.Title>{t("webshop.index.nothing")}</Alert.Title>
        </Alert.Root>
      )}
      <RunProgress
        state={run.state}
        unit="shopPages"
        scope="webshop"
        itemLabel={(page) => t("webshop.index.pageLabel", { page })}
        summary={[t("webshop.index.products", { indexed: indexedProducts, total: shopTotal ?? 0 }), removedText(t, removedProducts)].filter(Boolean).join(" ")}
        cancelLabel={t("webshop.index.stop")}
        onCancel={run.cancel}
        onRetry={() => void run.retryFailed()}
      />
    </Stack>
  );
}

/** Shopify: one call indexes the products (of the chosen vendor). */
function ShopifyIndexing({ configurationId, vendor }: { configurationId: string; vendor: string | null }) {
  const { t } = useTranslation("training");
  const index = useIndexShopifyProducts();
  return (
    <Stack gap="3">
      <Flex gap="3" align="center" wrap="wrap">
        <Button onClick={() => index.mutate({ configurationId, vendor })} loading={index.isPending} loadingText={t("webshop.index.busy")}>
          <LuShoppingCart /> {t("webshop.index.startShopify")}
        </Button>
        <Text fontSize="sm" color="fg.muted">
          {vendor ? t("webshop.index.vendor", { vendor }) : t("webshop.index.allVendors")}
        </Text>
      </Flex>
      <Box aria-live="polite">
        {index.isPending && (
          <Text fontSize="sm" role="status">
            {t("webshop.index.shopifyBusy")}
          </Text>
        )}
        <CallOutcome
          success={index.isSuccess ? t("webshop.products.count", { count: index.data.indexed }) : null}
          detail={index.isSuccess ? removedText(t, index.data.removed ?? 0) : null}
          error={index.error}
          testId="webshop-shopify-result"
        />
      </Box>
    </Stack>
  );
}

/**
 * Webshop training: connect a WooCommerce or Shopify shop, test it, choose the product fields the assistant
 * answers from, index the products (WooCommerce page by page, Shopify in one call) and look through the
 * indexed products.
 */
export function WebshopTraining({ configuration }: { configuration: SelectedConfiguration }) {
  const { t } = useTranslation(["training", "messages"]);
  const credentials = useWebshopCredentials(configuration._id);
  const settings = useWebshopSettings(configuration._id);
  // The shop's product count, from the last connection test or indexed page.
  const [shopTotal, setShopTotal] = useState<number | null>(null);

  if (credentials.isPending || settings.isPending) return <LoadingState label={t("webshop.loading")} />;
  if (credentials.isError || settings.isError) {
    const failed = credentials.isError ? credentials : settings;
    return <LoadFailed error={failed.error} onRetry={() => void failed.refetch()} />;
  }

  const exists = credentials.data.exists;
  const type = connectedWebshopType(credentials.data.webshopType, settings.data);
  return (
    <Stack gap="5">
      <WebshopCard title={t("webshop.connect.title")} icon={<LuStore aria-hidden />} testId="webshop-connection">
        <WebshopConnection configurationId={configuration._id} exists={exists} type={type} url={credentials.data.webshopUrl ?? null} onShopTotal={setShopTotal} />
      </WebshopCard>

      <WebshopCard title={t("webshop.settings.title")} icon={<LuListChecks aria-hidden />} testId="webshop-settings">
        <WebshopSettingsEditor configurationId={configuration._id} type={type} settings={settings.data} />
      </WebshopCard>

      <WebshopCard title={t("webshop.index.title")} icon={<LuShoppingCart aria-hidden />} testId="webshop-indexing">
        {!exists || type === null ? (
          <Text color="fg.muted">{t("webshop.index.connectFirst")}</Text>
        ) : type === "WooCommerce" ? (
          <WoocommerceIndexing configurationId={configuration._id} shopTotal={shopTotal} onShopTotal={setShopTotal} />
        ) : (
          <ShopifyIndexing configurationId={configuration._id} vendor={settings.data?.selectedVendor ?? null} />
        )}
      </WebshopCard>

      <WebshopProducts configuration={configuration} />
    </Stack>
  );
}

