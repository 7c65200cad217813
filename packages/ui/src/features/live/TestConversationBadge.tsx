import { Badge } from "@chakra-ui/react";

export interface TestConversationBadgeProps {
  /** The badge's text, of the caller's screen (live or history). */
  label: string;
  /** Why it is marked, for a pointer and a screen reader. */
  explanation: string;
}

/**
 * Marks a conversation started from the portal's test environment (`is_test`), so agents tell it from a
 * visitor's. The palette's semantic tokens keep it readable in light and dark mode.
 */
export function TestConversationBadge({ label, explanation }: TestConversationBadgeProps) {
  return (
    <Badge colorPalette="blue" variant="outline" title={explanation} aria-label={explanation} data-testid="test-conversation-badge">
      {label}
    </Badge>
  );
}
