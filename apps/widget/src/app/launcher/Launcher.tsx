import { widgetIcons } from "@parley/domain/widget";
import { useEffect, useState } from "preact/hooks";
import type { Ref } from "preact";
import type { Translate } from "../i18n/translations";
import type { ChatButtonSettings } from "../settings/design";
import { safeImageUrl } from "../theme/design-style";

export interface LauncherProps {
  button: ChatButtonSettings;
  translate: Translate;
  buttonRef: Ref<HTMLButtonElement>;
  onOpen: () => void;
}

function ChatIcon() {
  return (
    <svg viewBox="0 0 24 24" width="55%" height="55%" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={widgetIcons.launcher} />
    </svg>
  );
}

/** The chat button and, after its delay, its speech bubble. */
export function Launcher({ button, translate, buttonRef, onOpen }: LauncherProps) {
  const [bubbleShown, setBubbleShown] = useState(false);
  useEffect(() => {
    if (!button.showChatbuttonBubble) return;
    const timer = setTimeout(() => setBubbleShown(true), button.chatbuttonBubbleDelay);
    return () => clearTimeout(timer);
  }, [button.showChatbuttonBubble, button.chatbuttonBubbleDelay]);
  const image = safeImageUrl(button.buttonImageUrl);

  return (
    <div class={`pw-launcher pw-bubble-${button.chatbuttonBubblePosition}`}>
      {bubbleShown && button.chatbuttonBubbleText && (
        <button
          type="button"
          class={`pw-launcher-bubble pw-effect-${button.chatbuttonBubbleEffect}`}
          onClick={onOpen}
        >
          {button.chatbuttonBubbleText}
        </button>
      )}
      <button
        type="button"
        ref={buttonRef}
        class="pw-launcher-button"
        aria-label={translate("openChat")}
        aria-haspopup="dialog"
        onClick={onOpen}
      >
        {image ? <img src={image} alt="" /> : <ChatIcon />}
      </button>
    </div>
  );
}
