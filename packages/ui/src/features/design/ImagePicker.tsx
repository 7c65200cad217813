import { Box, HStack, IconButton, Image, Spinner, Stack, Text, Wrap } from "@chakra-ui/react";
import {
  designImageContentTypes,
  maxDesignImageBytes,
  type DesignImageType,
} from "@parley/domain/chatbotDesign";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LuCheck, LuTrash2 } from "react-icons/lu";
import { ErrorAlert } from "../../forms/ErrorAlert";
import { useChatbotImages, useDeleteChatbotImage, useUploadChatbotImage } from "./hooks";
import { FilePickButton, Notice } from "./parts";

export interface ImagePickerProps {
  configurationId: string;
  imageType: DesignImageType;
  /** The address the field holds now. */
  selected: string | null;
  onSelect: (url: string | null) => void;
  /** What the images are for, for names ("avatar", "background"). */
  label: string;
}

/** Why a file cannot be uploaded, checked before sending (the server checks the content again). */
export function imageFileProblem(file: File): "type" | "size" | null {
  if (!(designImageContentTypes as readonly string[]).includes(file.type)) return "type";
  if (file.size > maxDesignImageBytes) return "size";
  return null;
}

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** The uploaded images of one use: upload (PNG, JPEG, GIF or WebP up to 2 MB), choose one for the field, delete. */
export function ImagePicker({ configurationId, imageType, selected, onSelect, label }: ImagePickerProps) {
  const { t } = useTranslation("design");
  const images = useChatbotImages(configurationId);
  const upload = useUploadChatbotImage(configurationId);
  const remove = useDeleteChatbotImage(configurationId);
  const [refused, setRefused] = useState<{ name: string; problem: "type" | "size" } | null>(null);
  const ofType = (images.data ?? []).filter((image) => Number(image.image_type) === imageType);

  const handleFile = (file: File) => {
    upload.reset();
    const problem = imageFileProblem(file);
    setRefused(problem ? { name: file.name, problem } : null);
    if (problem) return;
    upload.mutate({ file, imageType }, { onSuccess: (answer) => onSelect(answer.url) });
  };

  return (
    <Stack gap="2" mt="2" p="3" borderWidth="1px" borderRadius="md" borderStyle="dashed" w="full">
      <FilePickButton
        size="sm"
        label={t("images.upload", { what: label })}
        hint={t("images.allowed", { megabytes: megabytes(maxDesignImageBytes) })}
        accept={designImageContentTypes.join(",")}
        loading={upload.isPending}
        testId={`image-input-${imageType}`}
        onFile={handleFile}
      />
      {refused && (
        <Notice status="error" alert title={t("images.refused", { name: refused.name })}>
          {t(refused.problem === "type" ? "images.wrongType" : "images.tooLarge", {
            megabytes: megabytes(maxDesignImageBytes),
          })}
        </Notice>
      )}
      <ErrorAlert error={upload.error ?? remove.error ?? images.error} />
      {images.isPending ? (
        <HStack role="status" gap="2">
          <Spinner size="xs" /> <Text fontSize="sm">{t("images.loading")}</Text>
        </HStack>
      ) : ofType.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t("images.none")}
        </Text>
      ) : (
        <Wrap gap="2" role="list" aria-label={t("images.list", { what: label })}>
          {ofType.map((image) => {
            const chosen = selected === image.url;
            return (
              <Box
                key={image.filename}
                role="listitem"
                borderWidth="2px"
                borderColor={chosen ? "colorPalette.solid" : "border"}
                borderRadius="md"
                p="1"
              >
                <Image
                  src={image.url}
                  alt={image.filename}
                  boxSize="16"
                  objectFit="cover"
                  borderRadius="sm"
                />
                <HStack gap="1" mt="1" justify="center">
                  <IconButton
                    size="2xs"
                    variant={chosen ? "solid" : "outline"}
                    aria-pressed={chosen}
                    aria-label={t("images.use", { name: image.filename })}
                    onClick={() => onSelect(chosen ? null : image.url)}
                  >
                    <LuCheck />
                  </IconButton>
                  <IconButton
                    size="2xs"
                    variant="outline"
                    colorPalette="red"
                    aria-label={t("images.delete", { name: image.filename })}
                    loading={remove.isPending && remove.variables?.filename === image.filename}
                    onClick={() =>
                      remove.mutate(image, {
                        onSuccess: () => {
                          if (chosen) onSelect(null);
                        },
                      })
                    }
                  >
                    <LuTrash2 />
                  </IconButton>
                </HStack>
              </Box>
            );
          })}
        </Wrap>
      )}
    </Stack>
  );
}
