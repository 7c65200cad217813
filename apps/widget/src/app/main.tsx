import { render } from "preact";
import { App } from "./App";
import { chatStateOf } from "../protocol/messages";
import { hostChannel } from "./host/host-channel";
import { fetchDesign } from "./settings/design";
import "./styles.css";

/**
 * The chat app inside the loader's frame: `/widget/?configuration_id=…&page_url=…`. Without a design (the
 * server is down, the configuration is unknown) it shows nothing and tells the loader nothing, so the
 * frame stays hidden and the host page never sees the failure.
 */
async function start(): Promise<void> {
  const parameters = new URLSearchParams(location.search);
  const configurationId = parameters.get("configuration_id");
  const root = document.getElementById("widget");
  if (!configurationId || !root) return;
  const pageUrl = parameters.get("page_url") ?? location.href;
  // Only a framed widget takes a kept session id from its address: a link to the widget's own page cannot
  // slip a visitor into someone else's conversation.
  const framed = window.parent !== window;
  const keptSessionId = framed ? parameters.get("session_id") : null;
  const keptChatState = framed ? chatStateOf(parameters.get("chat_state")) : null;
  // The portal's test environment frames the widget with the server's test ticket.
  const testTicket = framed ? parameters.get("test_ticket") : null;
  try {
    const design = await fetchDesign(configurationId);
    render(
      <App
        design={design}
        configurationId={configurationId}
        pageUrl={pageUrl}
        host={hostChannel(pageUrl)}
        keptSessionId={keptSessionId}
        keptChatState={keptChatState}
        testTicket={testTicket}
      />,
      root,
    );
  } catch {
    // Nothing to show; see above.
  }
}

void start();
