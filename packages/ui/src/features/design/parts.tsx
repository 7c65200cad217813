import { Alert, Button, Card, HStack, Heading, Text, type CardRootProps } from "@chakra-ui/react";
import { useRef, type ReactNode } from "react";
import { LuUpload } from "react-icons/lu";

export interface SectionCardProps extends Omit<CardRootProps, "children" | "id" | "title"> {
  /** Names the heading (`<id>-heading`) the section is labelled by. */
  id: string;
  title: string;
  help?: string;
  /** Beside the title (a screen's action for the section). */
  actions?: ReactNode;
  children: ReactNode;
}

/** A titled part of a screen, with a line on what it is for. */
export function SectionCard({ id, title, help, actions, children, ...cardProps }: SectionCardProps) {
  const heading = (
    <Heading as="h2" size="md" id={`${id}-heading`}>
      {title}
    </Heading>
  );
  return (
    <Card.Root as="section" aria-labelledby={`${id}-heading`} size="sm" {...cardProps}>
      <Card.Header>
        {actions ? (
          <HStack justify="space-between" wrap="wrap" gap="2">
            {heading}
            {actions}
          </HStack>
        ) : (
          heading
        )}
        {help && (
          <Text fontSize="sm" color="fg.muted">
            {help}
          </Text>
        )}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/** A short message inside a screen: what happened and, below it, what to do. */
export function Notice({
  status,
  title,
  children,
  alert = false,
}: {
  status: "info" | "warning" | "error" | "success";
  title: string;
  children?: ReactNode;
  alert?: boolean;
}) {
  return (
    <Alert.Root status={status} role={alert ? "alert" : undefined}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {children && <Alert.Description>{children}</Alert.Description>}
      </Alert.Content>
    </Alert.Root>
  );
}

export interface FilePickButtonProps {
  label: string;
  /** The kinds the file chooser offers (`accept`); the caller still checks the file. */
  accept: string;
  /** What may be chosen, beside the button. */
  hint: string;
  loading: boolean;
  testId: string;
  onFile: (file: File) => void;
  size?: "sm" | "md";
}

/** A button that opens the file chooser for one file. */
export function FilePickButton({
  label,
  accept,
  hint,
  loading,
  testId,
  onFile,
  size = "md",
}: FilePickButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <HStack gap="3" wrap="wrap">
      <Button size={size} variant="outline" loading={loading} onClick={() => input.current?.click()}>
        <LuUpload /> {label}
      </Button>
      <Text fontSize={size === "sm" ? "xs" : "sm"} color="fg.muted">
        {hint}
      </Text>
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        data-testid={testId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so choosing the same file again is a change too.
          event.target.value = "";
          if (file) onFile(file);
        }}
      />
    </HStack>
  );
}
