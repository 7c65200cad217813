import { useState } from "preact/hooks";
import type { Ref } from "preact";
import type { Translate } from "../i18n/translations";

export interface ComposerProps {
  placeholder: string;
  translate: Translate;
  allowEmoticons: boolean;
  fieldRef: Ref<HTMLTextAreaElement>;
  onSend: (text: string) => void;
}

const emoticons = ["😀", "🙂", "😉", "😍", "🤔", "👍", "🙏", "🎉"];

export function Composer({ placeholder, translate, allowEmoticons, fieldRef, onSend }: ComposerProps) {
  const [text, setText] = useState("");
  const [pickerOpen, setPickerOpen] = useState(false);
  const handleSubmit = (event: Event) => {
    event.preventDefault();
    if (!text.trim()) return;
    onSend(text);
    setText("");
  };
  const handleKeyDown = (event: KeyboardEvent) => {
    // Enter sends, Shift+Enter breaks the line, as in every chat.
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) handleSubmit(event);
  };

  return (
    <form class="pw-composer" onSubmit={handleSubmit}>
      {pickerOpen && (
        <div class="pw-emoticons" role="group" aria-label={translate("emoticons")}>
          {emoticons.map((emoticon) => (
            <button type="button" key={emoticon} onClick={() => setText((current) => current + emoticon)}>
              {emoticon}
            </button>
          ))}
        </div>
      )}
      {allowEmoticons && (
        <button
          type="button"
          class="pw-icon-button"
          aria-label={translate("emoticons")}
          aria-expanded={pickerOpen}
          onClick={() => setPickerOpen((open) => !open)}
        >
          {/* Drawn, not an emoji: the button must show on systems without an emoji font. */}
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" aria-hidden="true">
            <circle cx="12" cy="12" r="10" />
            <path d="M8 14s1.5 2 4 2 4-2 4-2M9 9h.01M15 9h.01" />
          </svg>
        </button>
      )}
      <textarea
        ref={fieldRef}
        rows={1}
        maxLength={4000}
        aria-label={translate("messageField")}
        placeholder={placeholder}
        value={text}
        onInput={(event) => setText(event.currentTarget.value)}
        onKeyDown={handleKeyDown}
      />
      <button type="submit" class="pw-send" aria-label={translate("send")} disabled={!text.trim()}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M2 21l21-9L2 3v7l15 2-15 2z" />
        </svg>
      </button>
    </form>
  );
}
