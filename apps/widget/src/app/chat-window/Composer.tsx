import { visitorMessageMaxLength } from "@parley/domain/widget";
import { useRef, useState } from "preact/hooks";
import type { Ref } from "preact";
import type { Translate, TranslationKey } from "../i18n/translations";
import { attachmentAccept, checkAttachment } from "../attachments/attachments";

export interface ComposerProps {
  placeholder: string;
  translate: Translate;
  allowEmoticons: boolean;
  allowAttachments: boolean;
  /** Uploads and sends a checked file; a message key when it could not. */
  onAttach: (file: File) => Promise<TranslationKey | null>;
  fieldRef: Ref<HTMLTextAreaElement>;
  onSend: (text: string) => void;
  /** The visitor types (true: the field has text) or stopped (sent, emptied or left the field). */
  onTyping?: (typing: boolean) => void;
  /** Nothing can be sent (the chat is not allowed on this website): the field and Send are off. */
  disabled?: boolean;
}

const emoticons = ["😀", "🙂", "😉", "😍", "🤔", "👍", "🙏", "🎉"];

export function Composer({
  placeholder,
  translate,
  allowEmoticons,
  allowAttachments,
  onAttach,
  fieldRef,
  onSend,
  onTyping,
  disabled = false,
}: ComposerProps) {
  const [text, setText] = useState("");
  const [pickerOpen, setPickerOpen] = useState(false);
  const [attachNotice, setAttachNotice] = useState<TranslationKey | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const handleFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    // Cleared, so that picking the same file again is a change too.
    input.value = "";
    if (!file) return;
    const refused = checkAttachment(file);
    setAttachNotice(refused);
    if (refused) return;
    setUploading(true);
    try {
      setAttachNotice(await onAttach(file));
    } finally {
      setUploading(false);
    }
  };
  // A message over the limit is not cut (a paste lost its end without a word): it stays in the field, with the
  // count, until the visitor shortens it.
  const tooLong = text.length > visitorMessageMaxLength;
  const sendable = !disabled && !tooLong && text.trim() !== "";
  const handleSubmit = (event: Event) => {
    event.preventDefault();
    if (!sendable) return;
    onTyping?.(false);
    onSend(text);
    setText("");
    // A refused file is old news once the visitor writes on: the note would stand under every later message.
    setAttachNotice(null);
  };
  const handleKeyDown = (event: KeyboardEvent) => {
    // Enter sends, Shift+Enter breaks the line, as in every chat.
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) handleSubmit(event);
  };

  const pickerToggle = useRef<HTMLButtonElement>(null);
  // Escape closes the open emoticons first (the chat stays open: App closes it only on an Escape not taken).
  const handleFormKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !pickerOpen) return;
    event.preventDefault();
    setPickerOpen(false);
    pickerToggle.current?.focus();
  };

  return (
    <>
      {/* Above the row, across the chat's width: inside the row it took the message field's room (a narrow chat left the field a few pixels). */}
      {tooLong && (
        <p class="pw-error pw-too-long" id="pw-too-long" role="alert">
          {translate("messageTooLong").replace("{max}", String(visitorMessageMaxLength))}
          {/* The count follows each keystroke: shown, not announced again and again. */}
          <span aria-hidden="true">{` (${text.length}/${visitorMessageMaxLength})`}</span>
        </p>
      )}
      {(attachNotice || uploading) && (
        <p
          class={attachNotice ? "pw-error pw-attach-notice" : "pw-notice pw-attach-notice"}
          role={attachNotice ? "alert" : "status"}
        >
          {translate(attachNotice ?? "uploading")}
        </p>
      )}
      <form class="pw-composer" onSubmit={handleSubmit} onKeyDown={handleFormKeyDown}>
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
            ref={pickerToggle}
            class="pw-icon-button"
            aria-label={translate("emoticons")}
            aria-expanded={pickerOpen}
            onClick={() => setPickerOpen((open) => !open)}
          >
            {/* Drawn, not an emoji: the button must show on systems without an emoji font. */}
            <svg
              width="18"
              height="18"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              stroke-width="2"
              stroke-linecap="round"
              aria-hidden="true"
            >
              <circle cx="12" cy="12" r="10" />
              <path d="M8 14s1.5 2 4 2 4-2 4-2M9 9h.01M15 9h.01" />
            </svg>
          </button>
        )}
        {allowAttachments && (
          <>
            <input
              ref={fileInput}
              type="file"
              accept={attachmentAccept}
              hidden
              tabIndex={-1}
              aria-hidden="true"
              onChange={(event) => void handleFile(event.currentTarget)}
            />
            <button
              type="button"
              class="pw-icon-button pw-attach"
              aria-label={translate("attach")}
              title={translate("attach")}
              disabled={uploading}
              onClick={() => fileInput.current?.click()}
            >
              {/* A drawn paperclip, like the emoticon button. */}
              <svg
                width="18"
                height="18"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                stroke-width="2"
                stroke-linecap="round"
                stroke-linejoin="round"
                aria-hidden="true"
              >
                <path d="M21.4 11.1l-9.2 9.2a6 6 0 0 1-8.5-8.5l9.2-9.2a4 4 0 0 1 5.7 5.7l-9.2 9.2a2 2 0 0 1-2.8-2.8l8.5-8.5" />
              </svg>
            </button>
          </>
        )}
        <textarea
          ref={fieldRef}
          rows={1}
          dir="auto"
          aria-label={translate("messageField")}
          aria-invalid={tooLong || undefined}
          aria-describedby={tooLong ? "pw-too-long" : undefined}
          disabled={disabled}
          placeholder={placeholder}
          value={text}
          onInput={(event) => {
            setText(event.currentTarget.value);
            onTyping?.(event.currentTarget.value.trim() !== "");
          }}
          onBlur={() => onTyping?.(false)}
          onKeyDown={handleKeyDown}
        />
        {/* Not `disabled` while there is nothing to send: a disabled button leaves the tab order, and Tab from the
            field then left the chat (on the widget's own page, for the browser's address bar). */}
        <button type="submit" class="pw-send" aria-label={translate("send")} aria-disabled={!sendable} disabled={disabled}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M2 21l21-9L2 3v7l15 2-15 2z" />
          </svg>
        </button>
      </form>
    </>
  );
}
