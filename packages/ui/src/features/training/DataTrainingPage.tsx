import { Tabs, Text } from "@chakra-ui/react";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { LuDatabase, LuFileText, LuGlobe, LuLink, LuNewspaper, LuPencilLine, LuShoppingCart } from "react-icons/lu";
import { useSearchParams } from "react-router-dom";
import { ConfigurationPage } from "../../configuration/RequireConfiguration";
import type { SelectedConfiguration } from "../../configuration/selection";
import { useSessionUser } from "../../shell/useSessionUser";
import { UrlManager } from "../training-urls/UrlManagerPage";
import { ArticleEditor } from "./ArticleEditor";
import { FileTraining } from "./FileTraining";
import { KnowledgeOffNotice } from "./KnowledgeOffNotice";
import { TrainedArticles } from "./TrainedArticles";
import { WebshopTraining } from "./WebshopTraining";
import { WebsiteTraining } from "./WebsiteTraining";
import { WordpressTraining } from "./WordpressTraining";

export const trainingSections = ["articles", "website", "wordpress", "webshop", "files", "trained", "urls"] as const;
export type TrainingSection = (typeof trainingSections)[number];

const icons = { articles: LuPencilLine, website: LuGlobe, wordpress: LuNewspaper, webshop: LuShoppingCart, files: LuFileText, trained: LuDatabase, urls: LuLink } satisfies Record<TrainingSection, unknown>;

/** The URL list the assistant may point to, beside the knowledge (both are the configuration's training URLs). */
function UrlSection({ configuration }: { configuration: SelectedConfiguration }) {
  const { t } = useTranslation("training");
  return (
    <>
      <Text color="fg.muted" mb="4">
        {t("urlsIntro")}
      </Text>
      <UrlManager configuration={configuration} />
    </>
  );
}

const sectionScreens = {
  articles: ArticleEditor,
  website: WebsiteTraining,
  wordpress: WordpressTraining,
  webshop: WebshopTraining,
  files: FileTraining,
  trained: TrainedArticles,
  urls: UrlSection,
} satisfies Record<TrainingSection, ComponentType<{ configuration: SelectedConfiguration }>>;

/** The sections a role may use: connecting a webshop is a premium feature a self-onboarding customer cannot use yet. */
export function sectionsFor(role: string | undefined): readonly TrainingSection[] {
  return role === "customer_so" ? trainingSections.filter((name) => name !== "webshop") : trainingSections;
}

function isSection(sections: readonly TrainingSection[], value: string | null): value is TrainingSection {
  return (sections as readonly string[]).includes(value ?? "");
}

export interface DataTrainingPageProps {
  titleKey?: string;
  /** The section shown when the address names none. */
  initialSection?: TrainingSection;
}

/** The Data Training screen: typed articles, websites, WordPress, a webshop's products, files, the trained knowledge and the URL list. */
export function DataTrainingPage({ titleKey = "pages:titles.settingsDataTraining", initialSection = "articles" }: DataTrainingPageProps) {
  const { t } = useTranslation(["training", "pages"]);
  const [params, setParams] = useSearchParams();
  const sections = sectionsFor(useSessionUser()?.role);
  const asked = params.get("section");
  const section = isSection(sections, asked) ? asked : initialSection;
  return (
    <ConfigurationPage title={t(titleKey)} intro={t("intro")}>
      {(configuration) => (
        <>
          <KnowledgeOffNotice configurationId={configuration._id} />
          <Tabs.Root
            value={section}
            onValueChange={(details) => setParams((previous) => ({ ...Object.fromEntries(previous), section: details.value }), { replace: true })}
            lazyMount
            unmountOnExit={false}
            variant="line"
          >
            {/* On a phone the tabs wrap onto more rows: a row scrolled sideways hid most of them with nothing to say so. */}
            <Tabs.List flexWrap={{ base: "wrap", md: "nowrap" }} overflowX={{ md: "auto" }} overflowY="hidden">
              {sections.map((name) => {
                const Icon = icons[name];
                return (
                  // Whole labels on one line, never squeezed.
                  <Tabs.Trigger key={name} value={name} flexShrink={0} whiteSpace="nowrap" px="2.5">
                    <Icon aria-hidden /> {t(`sections.${name}`)}
                  </Tabs.Trigger>
                );
              })}
            </Tabs.List>
            {sections.map((name) => {
              const Section = sectionScreens[name];
              return (
                <Tabs.Content key={name} value={name} pt="5">
                  <Section configuration={configuration} />
                </Tabs.Content>
              );
            })}
          </Tabs.Root>
        </>
      )}
    </ConfigurationPage>
  );
}
