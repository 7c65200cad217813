import { Button, Field, HStack, IconButton, Input, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LuPlus, LuTrash2 } from "react-icons/lu";
import type { DatasetHeader } from "@parley/domain";
import { FormDialog } from "../../forms/FormDialog";
import { addColumn, removeColumn, renameColumn, type EditorState } from "./editor";

export interface DraftColumn {
  /** The existing column's key; undefined for a column added in this dialog. */
  value?: string;
  text: string;
  key: string;
}

function columnProblem(columns: readonly DraftColumn[], column: DraftColumn): "columnNameRequired" | "columnNameTaken" | undefined {
  const name = column.text.trim().toLowerCase();
  if (name === "") return "columnNameRequired";
  return columns.some((other) => other !== column && other.text.trim().toLowerCase() === name) ? "columnNameTaken" : undefined;
}

/** The draft's changes applied to the editor: removed, renamed and added columns, in the draft's order of adding. */
export function applyColumns(state: EditorState, columns: readonly DraftColumn[]): EditorState {
  const kept = new Set(columns.flatMap((column) => (column.value ? [column.value] : [])));
  let next = state;
  for (const header of state.headers) if (!kept.has(header.value)) next = removeColumn(next, header.value);
  for (const column of columns) {
    if (column.value) next = renameColumn(next, column.value, column.text);
    else next = addColumn(next, column.text);
  }
  return next;
}

export interface ColumnsDialogProps {
  headers: DatasetHeader[];
  onApply: (columns: DraftColumn[]) => void;
  onClose: () => void;
}

/** Add, rename and remove the dataset's columns; nothing changes until Apply. Mounted while open. */
export function ColumnsDialog({ headers, onApply, onClose }: ColumnsDialogProps) {
  const { t } = useTranslation("dataset");
  const [columns, setColumns] = useState<DraftColumn[]>(() => headers.map((header) => ({ value: header.value, text: header.text, key: header.value })));
  const [added, setAdded] = useState(0);
  const [tried, setTried] = useState(false);
  const problems = columns.map((column) => columnProblem(columns, column));
  const invalid = columns.length === 0 || problems.some(Boolean);

  return (
    <FormDialog
      title={t("columns.title")}
      submitLabel={t("columns.apply")}
      onClose={onClose}
      onSubmit={() => {
        setTried(true);
        if (!invalid) onApply(columns);
      }}
    >
      <Stack gap="3">
        <Text color="fg.muted" fontSize="sm">
          {t("columns.intro")}
        </Text>
        {columns.map((column, index) => {
          const problem = tried || column.text !== "" ? problems[index] : undefined;
          return (
            <Field.Root key={column.key} invalid={problem !== undefined}>
              <Field.Label srOnly>{t("columns.nameOf", { number: index + 1 })}</Field.Label>
              <HStack width="full">
                <Input
                  value={column.text}
                  placeholder={t("columns.namePlaceholder")}
                  onChange={(event) =>
                    setColumns((current) => current.map((other) => (other.key === column.key ? { ...other, text: event.target.value } : other)))
                  }
                />
                <IconButton
                  variant="ghost"
                  colorPalette="red"
                  aria-label={t("columns.remove", { name: column.text || index + 1 })}
                  disabled={columns.length === 1}
                  onClick={() => setColumns((current) => current.filter((other) => other.key !== column.key))}
                >
                  <LuTrash2 />
                </IconButton>
              </HStack>
              {problem && <Field.ErrorText>{t(`columns.${problem}`)}</Field.ErrorText>}
            </Field.Root>
          );
        })}
        <Button
          variant="outline"
          alignSelf="flex-start"
          onClick={() => {
            setAdded(added + 1);
            setColumns((current) => [...current, { text: "", key: `new-${added}` }]);
          }}
        >
          <LuPlus /> {t("columns.add")}
        </Button>
        {columns.some((column) => !column.value) && (
          <Text fontSize="sm" color="fg.muted">
            {t("columns.newFilled")}
          </Text>
        )}
      </Stack>
    </FormDialog>
  );
}
