import { Tabs, Text } from "@chakra-ui/react";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { LuDatabase, LuFileText, LuGlobe, LuLink, LuNewspaper, LuPencilLine } from "react-icons/lu";
import { useSearchParams } from "react-router-dom";
import { ConfigurationPage } from "../../configuration/RequireConfiguration";
import type { SelectedConfiguration } from "../../configuration/selection";
import { UrlManager } from "../training-urls/UrlManagerPage";
import { ArticleEditor } from "./ArticleEditor";
import { FileTraining } from "./FileTraining";
import { TrainedArticles } from "./TrainedArticles";
import { WebsiteTraining } from "./WebsiteTraining";
import { WordpressTraining } from "./WordpressTraining";

export const trainingSections = ["articles", "website", "wordpress", "files", "trained", "urls"] as const;
export type TrainingSection = (typeof trainingSections)[number];

const icons = { articles: LuPencilLine, website: LuGlobe, wordpress: LuNewspaper, files: LuFileText, trained: LuDatabase, urls: LuLink } satisfies Record<TrainingSection, unknown>;

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
  files: FileTraining,
  trained: TrainedArticles,
  urls: UrlSection,
} satisfies Record<TrainingSection, ComponentType<{ configuration: SelectedConfiguration }>>;

function isSection(value: string | null): value is TrainingSection {
  return (trainingSections as readonly string[]).includes(value ?? "");
}

export interface DataTrainingPageProps {
  titleKey?: string;
  /** The section shown when the address names none. */
  initialSection?: TrainingSection;
}

/** The Data Training screen: typed articles, websites, WordPress, files, the trained knowledge and the URL list. */
export function DataTrainingPage({ titleKey = "pages:titles.settingsDataTraining", initialSection = "articles" }: DataTrainingPageProps) {
  const { t } = useTranslation(["training", "pages"]);
  const [params, setParams] = useSearchParams();
  const asked = params.get("section");
  const section = isSection(asked) ? asked : initialSection;
  return (
    <ConfigurationPage title={t(titleKey)} intro={t("intro")}>
      {(configuration) => (
        <Tabs.Root
          value={section}
          onValueChange={(details) => setParams((previous) => ({ ...Object.fromEntries(previous), section: details.value }), { replace: true })}
          lazyMount
          unmountOnExit={false}
          variant="line"
        >
          <Tabs.List overflowX="auto" overflowY="hidden">
            {trainingSections.map((name) => {
              const Icon = icons[name];
              return (
                <Tabs.Trigger key={name} value={name}>
                  <Icon aria-hidden /> {t(`sections.${name}`)}
                </Tabs.Trigger>
              );
            })}
          </Tabs.List>
          {trainingSections.map((name) => {
            const Section = sectionScreens[name];
            return (
              <Tabs.Content key={name} value={name} pt="5">
                <Section configuration={configuration} />
              </Tabs.Content>
            );
          })}
        </Tabs.Root>
      )}
    </ConfigurationPage>
  );
}
