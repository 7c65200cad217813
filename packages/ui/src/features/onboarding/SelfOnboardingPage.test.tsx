import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { ApiProvider } from "../../api/client";
import { getSelectedConfiguration } from "../../configuration/selection";
import { changeLanguage, i18n } from "../../i18n/setup";
import { createQueryClient } from "../../providers";
import { clearSession, getSessionUser, getToken, setSession, type SessionUser } from "../../session/session";
import { renderWithUi } from "../../test/render";
import { fakeTrainingServer, problem, type Route, type SeenCall } from "../training/fakeServer.test-support";
import { SelfOnboardingPage } from "./SelfOnboardingPage";

configure({ asyncUtilTimeout: 10_000 });

const website = "https://www.Bakery-Jansen.test/shop";
const persona = { entity_instruction: "The assistant of Bakery Jansen.", goal_instruction: "Answer questions about bread." };
const faq = [
  { question: "When are you open?", answer: "Every day from 8 to 18." },
  { question: "Do you deliver?", answer: "Yes, in Utrecht." },
];
const urls = [
  { url: "https://www.bakery-jansen.test/bread", description: "Our bread" },
  { url: "https://www.bakery-jansen.test/jobs", description: "Jobs" },
];
const branding = { primary_colors: ["#0a7cff", "#ff6600"], logo_urls: ["https://www.bakery-jansen.test/logo.png"] };
const ok = (body: Record<string, unknown>) => ({ body: { status: "success", ...body } });

/** Every call of the wizard answered as the contract shapes it; `overrides` replaces some. */
function routes(overrides: Record<string, Route> = {}): Record<string, Route> {
  return {
    "POST /onboarding/check_url": () => ok({ valid: true, code: null, message: "The URL is valid and safe.", attempt_id: "att-1" }),
    "POST /onboarding/discover_branding": () => ok({ branding }),
    "POST /onboarding/generate_assistant_persona": () => ok({ persona }),
    "POST /onboarding/extract_faq": () => ok({ faq }),
    "POST /onboarding/extract_urls": () => ok({ urls }),
    "GET /onboarding/screenshot": () => ok({ url: null, original_url: website }),
    "POST /customer/self_onboarding_create": (call) =>
      ok({ message: "Data saved successfully", inserted_id: "cust-1", updated_id: null, updated_customer: { ...(call.body as object), _id: "cust-1" }, token: "token-with-customer" }),
    "POST /configuration/create_or_update": (call) => ok({ message: "Data saved successfully", inserted_id: "conf-1", updated_id: null, data: { ...(call.body as object), _id: "conf-1" } }),
    "POST /training/urls/save": () => ok({ message: "Data saved successfully" }),
    "POST /data/dataset": (call) => ok({ message: "Data saved successfully", data: call.body }),
    "POST /chatbot/settings": (call) => ok({ message: "Design saved successfully.", data: call.body }),
    "POST /users/update_show_instructions": () => ok({ message: "Data saved successfully" }),
    ...overrides,
  };
}

async function openWizard(path = "/self-onboarding", overrides: Record<string, Route> = {}, user: Partial<SessionUser> = {}) {
  setSession("old-token", { id: "u1", role: "customer_so", customerId: null, firstname: "Anna", lastname: "Bakker", email: "anna@bakery.test", showWizard: true, ...user });
  // The session's token, as the portal's client reads it, so a replaced token shows in the calls after it.
  const server = fakeTrainingServer(routes(overrides), { getToken });
  const router = createMemoryRouter(
    [
      { path: "/self-onboarding", element: <SelfOnboardingPage /> },
      { path: "/customer", element: <p>Customer home</p> },
    ],
    { initialEntries: [path] },
  );
  await renderWithUi(
    <QueryClientProvider client={createQueryClient()}>
      <ApiProvider api={server.api}>
        <RouterProvider router={router} />
      </ApiProvider>
    </QueryClientProvider>,
  );
  return { server, router };
}

const scanPaths = ["/onboarding/discover_branding", "/onboarding/generate_assistant_persona", "/onboarding/extract_faq", "/onboarding/extract_urls"];
const finalizePaths = ["/customer/self_onboarding_create", "/configuration/create_or_update", "/training/urls/save", "/data/dataset", "/chatbot/settings", "/users/update_show_instructions"];
const postsOf = (calls: SeenCall[], paths: readonly string[]) => calls.filter((call) => call.method === "POST" && paths.includes(call.path));
const bodyOf = (calls: SeenCall[], path: string) => calls.find((call) => call.path === path)?.body as Record<string, unknown>;
const button = (name: string | RegExp) => screen.getByRole("button", { name });

async function consentTo(statements: readonly RegExp[]) {
  for (const statement of statements) {
    fireEvent.click(await screen.findByText(statement));
    await waitFor(() => expect((screen.getByRole("checkbox", { name: statement }) as HTMLInputElement).checked).toBe(true));
  }
  // The box shows ticked as it is clicked; the form's own value follows a moment later. A person cannot press
  // Continue in between, a test on a loaded machine can: let the form catch up first.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

const englishConsents = [/I am authorised/, /I understand that adult/, /I allow the public content/];

async function startWith(url: string) {
  fireEvent.change(await screen.findByLabelText(/Website address/), { target: { value: url } });
  await consentTo(englishConsents);
  fireEvent.click(button("Continue"));
}

async function waitForScanEnd() {
  await waitFor(() => expect(screen.getByTestId("scan-percent").textContent).toBe("100%"));
}

/** Continue until the step with this heading shows. */
async function continueTo(heading: string) {
  fireEvent.click(button("Continue"));
  await screen.findByRole("heading", { name: heading, level: 2 });
}

/**
 * A fully scanned attempt (the wizard opens at Persona) whose save `key` fails the first time: walks to Finish,
 * names the company and presses Finish.
 */
async function finishWithFirstSaveFailing(key: string, failure: ReturnType<typeof problem>) {
  let tries = 0;
  const opened = await openWizard("/self-onboarding?attempt=att-9", {
    "GET /onboarding/attempt": () => ok({ data: { attempt_id: "att-9", url: website, branding, persona, faq, urls } }),
    [key]: (call) => (++tries === 1 ? failure : ok({ message: "Saved", data: call.body })),
  });
  await screen.findByRole("heading", { name: "Persona", level: 2 });
  for (const heading of ["FAQ", "URLs", "Design", "Finish"]) await continueTo(heading);
  fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: "Bakkerij Jansen" } });
  fireEvent.click(button("Finish"));
  return opened;
}

afterEach(() => {
  clearSession();
  sessionStorage.clear();
});

describe("the self-onboarding wizard", { timeout: 60_000 }, () => {
  it("goes from the website to the customer home, calling the scan and the finalize saves in the spec's order", async () => {
    const { server, router } = await openWizard();
    await startWith(website);
    await waitForScanEnd();
    // Once done, the page no longer says it is reading or how long that takes.
    expect(screen.getByText(`${website} is read`)).toBeTruthy();
    expect(screen.queryByText(/takes up to a minute/)).toBeNull();
    expect(screen.getByRole("heading", { name: "Your website" })).toBeTruthy();
    expect(bodyOf(server.calls, "/onboarding/check_url")).toEqual({ url: website, userId: "u1" });
    expect(router.state.location.search).toBe("?attempt=att-1");
    expect(postsOf(server.calls, scanPaths).map((call) => call.path)).toEqual(scanPaths);
    expect(bodyOf(server.calls, "/onboarding/discover_branding")).toEqual({ url: website, attemptId: "att-1", userId: "u1" });
    expect(bodyOf(server.calls, "/onboarding/generate_assistant_persona")).toEqual({ url: website, attemptId: "att-1", languageCode: "en", userId: "u1" });
    expect(bodyOf(server.calls, "/onboarding/extract_faq")).toEqual({ url: website, attemptId: "att-1", languageCode: "en" });

    // Persona: the proposal, edited.
    await continueTo("Persona");
    const goal = screen.getByLabelText(/What is its goal/) as HTMLTextAreaElement;
    expect(goal.value).toBe(persona.goal_instruction);
    fireEvent.change(goal, { target: { value: "Help visitors order a cake." } });

    // FAQ: edit the first row, remove the second, add one.
    await continueTo("FAQ");
    expect(screen.getAllByTestId("faq-row")).toHaveLength(2);
    fireEvent.change(screen.getByLabelText("Question 1"), { target: { value: "What are your opening hours?" } });
    fireEvent.click(button("Remove question 2"));
    fireEvent.click(button(/Add a question/));
    fireEvent.change(await screen.findByLabelText("Question 2"), { target: { value: "Can I pay by card?" } });
    // Half a pair keeps the user here.
    fireEvent.click(button("Continue"));
    expect(await screen.findByText("Fill in both the question and the answer, or remove the row.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Answer 2"), { target: { value: "Yes." } });

    // URLs: untick one, add one, a duplicate is refused.
    await continueTo("URLs");
    fireEvent.click(screen.getByText("https://www.bakery-jansen.test/jobs"));
    // The app says what is wrong, not the browser's own bubble (the form does not let the browser check it).
    expect(screen.getByLabelText("Page address").closest("form")?.noValidate).toBe(true);
    fireEvent.change(screen.getByLabelText("Page address"), { target: { value: "foo" } });
    fireEvent.click(button("Add"));
    expect(await screen.findByText("Enter a full address starting with http:// or https://.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Page address"), { target: { value: "https://www.bakery-jansen.test/bread" } });
    fireEvent.click(button("Add"));
    expect(await screen.findByText("This page is already in the list.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Page address"), { target: { value: "https://www.bakery-jansen.test/contact" } });
    fireEvent.click(button("Add"));
    await waitFor(() => expect(screen.getByTestId("urls-count").textContent).toBe("2 of 3 pages chosen"));

    // Design: the second colour found and no logo.
    await continueTo("Design");
    expect(screen.getByTestId("chosen-colour").textContent).toBe("#0a7cff");
    fireEvent.click(screen.getByRole("radio", { name: "Colour #ff6600" }));
    fireEvent.click(screen.getByText("No logo (standard avatar)"));
    await waitFor(() => expect(screen.getByTestId("chosen-colour").textContent).toBe("#ff6600"));

    // Finalize: the company's details, with Dutch as its language.
    await continueTo("Finish");
    const summary = screen.getByTestId("finalize-summary");
    expect(within(summary).getByText("www.bakery-jansen.test")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: "Bakkerij Jansen" } });
    fireEvent.change(screen.getByLabelText("Language"), { target: { value: "nl" } });
    fireEvent.click(button("Finish"));
    // Six saves, then the whole wizard drawn again in Dutch before it leaves: on a loaded CI machine (two cores
    // shared with the server's suites) that once took longer than the file's 10 s.
    expect(await screen.findByText("Customer home", undefined, { timeout: 30_000 })).toBeTruthy();

    const saves = postsOf(server.calls, finalizePaths);
    expect(saves.map((call) => call.path)).toEqual(finalizePaths);
    const [customer, configuration, urlSave, dataset, design, flags] = saves;
    expect(customer?.token).toBe("old-token");
    expect(customer?.body).toMatchObject({ name: "Bakkerij Jansen", contactPerson: "Anna Bakker", contactPersonEmail: "anna@bakery.test", language: "nl" });
    expect(customer?.body).not.toHaveProperty("_id");
    // Every save after the customer's carries the token its answer gave.
    expect(saves.slice(1).map((call) => call.token)).toEqual(Array(5).fill("token-with-customer"));
    expect(configuration?.body).toEqual({
      name: "www.bakery-jansen.test",
      customerId: "cust-1",
      attempt_id: "att-1",
      entity_instruction: persona.entity_instruction,
      goal_instruction: "Help visitors order a cake.",
      language: "en",
      include_manual_dataset: true,
    });
    expect(urlSave?.body).toEqual({
      configurationId: "conf-1",
      urls: [
        { url: "https://www.bakery-jansen.test/bread", subject: "Our bread" },
        { url: "https://www.bakery-jansen.test/contact", subject: "" },
      ],
    });
    expect(dataset?.body).toEqual({
      configurationId: "conf-1",
      datasetName: "FAQ",
      datasetHeaders: [
        { text: "Question", value: "question" },
        { text: "Answer", value: "answer" },
      ],
      datasetData: [
        { question: "What are your opening hours?", answer: "Every day from 8 to 18." },
        { question: "Can I pay by card?", answer: "Yes." },
      ],
    });
    const designBody = design?.body as { chatbotSettings: Record<string, unknown>; chatbotButtonSettings: Record<string, unknown> };
    expect(designBody.chatbotSettings).toMatchObject({ _id: null, configuration_id: "conf-1", isTemplate: false, templateName: null, primaryColor: "#ff6600", avatarType: "default", avatarUrl: null });
    expect(designBody.chatbotButtonSettings).toMatchObject({ configuration_id: "conf-1", buttonBackgroundColor: "#ff6600" });
    expect(flags?.body).toEqual({ _id: "u1", showInstructions: true, showWizard: false });

    expect(getToken()).toBe("token-with-customer");
    expect(getSessionUser()).toMatchObject({ customerId: "cust-1", showInstructions: true, showWizard: false, languageCode: "nl" });
    expect(getSelectedConfiguration()).toEqual({ _id: "conf-1", name: "www.bakery-jansen.test" });
    expect(i18n.language).toBe("nl");
  });

  it("sends an account that finished onboarding to its home instead of running the wizard again (a second assistant)", async () => {
    const { server } = await openWizard("/self-onboarding", {}, { customerId: "cust-1", showWizard: false });
    expect(await screen.findByText("Customer home")).toBeTruthy();
    expect(server.calls.filter((call) => call.method === "POST")).toEqual([]);
  });

  it("lets an account whose onboarding stopped after its customer was made finish it", async () => {
    await openWizard("/self-onboarding", {}, { customerId: "cust-1", showWizard: true });
    expect(await screen.findByRole("heading", { level: 2 })).toBeTruthy();
    expect(screen.queryByText("Customer home")).toBeNull();
  });

  it("shows a refused website by its code with what to do next, and scans nothing", async () => {
    const { server } = await openWizard("/self-onboarding", {
      "POST /onboarding/check_url": () => ok({ valid: false, code: "domain_unreachable", message: "The domain was not found or is unreachable.", attempt_id: null }),
    });
    // An empty address is refused before any call.
    await consentTo(englishConsents);
    fireEvent.click(button("Continue"));
    expect((await screen.findByTestId("url-outcome")).textContent).toBe("Please enter a URL. Type your website's address, for example www.example.com.");
    expect(server.calls).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/Website address/), { target: { value: "bakery-jansen.test" } });
    fireEvent.click(button("Continue"));
    await waitFor(() => expect(screen.getByTestId("url-outcome").getAttribute("data-code")).toBe("domain_unreachable"));
    expect(screen.getByTestId("url-outcome").textContent).toBe(
      "The domain was not found or is unreachable. Check that the address is right and that the website is online, then try again.",
    );
    // The scheme a user leaves out is added.
    expect(bodyOf(server.calls, "/onboarding/check_url")).toEqual({ url: "https://bakery-jansen.test", userId: "u1" });
    expect(postsOf(server.calls, scanPaths)).toEqual([]);
    expect(screen.getByRole("heading", { name: "Welcome", level: 2 })).toBeTruthy();
  });

  it("offers to set up without reading the website only when it could not be reached", async () => {
    let answer: Route = () => ok({ valid: false, code: "domain_blocked", message: "This domain is not allowed.", attempt_id: null });
    const { server } = await openWizard("/self-onboarding", { "POST /onboarding/check_url": (call) => answer(call) });
    const withoutWebsite = () => screen.queryByRole("button", { name: "Set up without reading my website" });
    // Continue once the check before has ended (the button reads "Checking the address…" until then).
    const check = async (url: string) => {
      fireEvent.change(screen.getByLabelText(/Website address/), { target: { value: url } });
      fireEvent.click(await screen.findByRole("button", { name: "Continue" }));
    };
    await startWith("www.shop-one.test");
    await waitFor(() => expect(screen.getByTestId("url-outcome").getAttribute("data-code")).toBe("domain_blocked"));
    const refusals = ["blocked_keyword", "url_unsafe", "url_not_allowed", "url_parse_error", "invalid_domain"];
    for (const [index, code] of refusals.entries()) {
      answer = () => ok({ valid: false, code, message: "Refused", attempt_id: null });
      await check(`www.shop-${index}.test`);
      await waitFor(() => expect(screen.getByTestId("url-outcome").getAttribute("data-code")).toBe(code));
      expect(withoutWebsite()).toBeNull();
    }
    // Unreachable, answered as `valid` false or as a problem: the way on shows, with what it means.
    answer = () => ok({ valid: false, code: "domain_unreachable", message: "The domain was not found or is unreachable.", attempt_id: null });
    await check("www.my-bakery.nl");
    await waitFor(() => expect(withoutWebsite()).not.toBeNull());
    // The line saying what it means is the button's description.
    expect(document.getElementById(withoutWebsite()?.getAttribute("aria-describedby") ?? "")?.textContent).toContain("you then write the persona, the questions and answers and the pages yourself. Later you can train your assistant from your website in Data training.");
    // Another address hides it until that one is checked.
    fireEvent.change(screen.getByLabelText(/Website address/), { target: { value: "www.my-bakery.com" } });
    expect(withoutWebsite()).toBeNull();
    answer = () => problem(400, "domain_unreachable", "The domain was not found or is unreachable.");
    fireEvent.click(await screen.findByRole("button", { name: "Continue" }));
    await waitFor(() => expect(withoutWebsite()).not.toBeNull());
    expect(postsOf(server.calls, scanPaths)).toEqual([]);
  });

  it("sets up a website that cannot be reached without reading it: consent still needed, no scan, empty steps, the usual finalize", async () => {
    const { server, router } = await openWizard("/self-onboarding", {
      "POST /onboarding/check_url": () => ok({ valid: false, code: "domain_unreachable", message: "The domain was not found or is unreachable.", attempt_id: null }),
    });
    await startWith("www.My-Bakery.nl");
    const withoutWebsite = await screen.findByRole("button", { name: "Set up without reading my website" });
    // The consents hold for this way too: one unticked keeps the user at Welcome.
    fireEvent.click(screen.getByText(englishConsents[2]!));
    await waitFor(() => expect((screen.getByRole("checkbox", { name: englishConsents[2] }) as HTMLInputElement).checked).toBe(false));
    // The native box unticks at the click, the form's value a moment later; the form says so once it has caught up
    // (Continue was pressed before, so the consent's error shows as soon as it is missing). A person cannot press the
    // way on in between, a test on a loaded machine can: wait for the form first.
    expect(await screen.findByText("Tick all three statements to continue.")).toBeTruthy();
    fireEvent.click(withoutWebsite);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.getByRole("heading", { name: "Welcome", level: 2 })).toBeTruthy();
    expect(screen.getByText("Tick all three statements to continue.")).toBeTruthy();
    await consentTo([englishConsents[2]!]);
    fireEvent.click(button("Set up without reading my website"));

    // Persona: nothing proposed; the user writes it.
    await screen.findByRole("heading", { name: "Persona", level: 2 });
    expect(screen.getByText(/Your website was not read, so there is no proposal/)).toBeTruthy();
    expect(router.state.location.search).toBe("");
    fireEvent.click(button("Continue"));
    expect(await screen.findAllByText("Fill this in to continue.")).toHaveLength(2);
    fireEvent.change(screen.getByLabelText(/Who is the assistant/), { target: { value: "The assistant of My Bakery." } });
    fireEvent.change(screen.getByLabelText(/What is its goal/), { target: { value: "Answer questions about bread." } });
    await continueTo("FAQ");
    expect(screen.getByText("No questions yet. Add the questions your customers ask most.")).toBeTruthy();
    await continueTo("URLs");
    expect(screen.getByText("No pages yet. Add the pages your assistant should know.")).toBeTruthy();
    await continueTo("Design");
    expect(screen.getByText("Your website was not read; choose a colour below.")).toBeTruthy();
    expect(screen.getByText(/No picture of your website is available/)).toBeTruthy();
    await continueTo("Finish");
    expect(within(screen.getByTestId("finalize-summary")).getByText("www.my-bakery.nl")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: "My Bakery" } });
    fireEvent.click(button("Finish"));
    expect(await screen.findByText("Customer home")).toBeTruthy();

    // Nothing but the check was asked of the onboarding calls: no scan, no screenshot, no attempt.
    expect(server.calls.filter((call) => call.path.startsWith("/onboarding/")).map((call) => call.path)).toEqual(["/onboarding/check_url"]);
    const saves = postsOf(server.calls, finalizePaths);
    expect(saves.map((call) => call.path)).toEqual(finalizePaths);
    const [, configuration, urlSave, dataset, design, flags] = saves;
    expect(configuration?.body).toEqual({
      name: "www.my-bakery.nl",
      customerId: "cust-1",
      attempt_id: null,
      entity_instruction: "The assistant of My Bakery.",
      goal_instruction: "Answer questions about bread.",
      language: "en",
      include_manual_dataset: false,
    });
    expect(urlSave?.body).toEqual({ configurationId: "conf-1", urls: [] });
    expect(dataset?.body).toMatchObject({ configurationId: "conf-1", datasetName: "FAQ", datasetData: [] });
    expect((design?.body as { chatbotSettings: Record<string, unknown> }).chatbotSettings).toMatchObject({ configuration_id: "conf-1", avatarType: "default", avatarUrl: null });
    expect(flags?.body).toEqual({ _id: "u1", showInstructions: true, showWizard: false });
    expect(getSessionUser()).toMatchObject({ customerId: "cust-1", showWizard: false });
    expect(getSelectedConfiguration()).toEqual({ _id: "conf-1", name: "www.my-bakery.nl" });
    expect(sessionStorage.length).toBe(0);
  });

  it("keeps a draft set up without the website through a reload, without asking the server for an attempt", async () => {
    await openWizard("/self-onboarding", {
      "POST /onboarding/check_url": () => ok({ valid: false, code: "domain_unreachable", message: "Unreachable", attempt_id: null }),
    });
    await startWith("www.my-bakery.nl");
    fireEvent.click(await screen.findByRole("button", { name: "Set up without reading my website" }));
    fireEvent.change(await screen.findByLabelText(/Who is the assistant/), { target: { value: "Typed before the reload" } });
    cleanup();

    const { server } = await openWizard();
    expect(await screen.findByRole("heading", { name: "Persona", level: 2 })).toBeTruthy();
    expect((screen.getByLabelText(/Who is the assistant/) as HTMLTextAreaElement).value).toBe("Typed before the reload");
    expect(server.calls).toEqual([]);
  });

  it("sets up without reading the website in Dutch too, with the FAQ written by hand", async () => {
    const { server } = await openWizard("/self-onboarding", {
      "POST /onboarding/check_url": () => ok({ valid: false, code: "domain_unreachable", message: "Unreachable", attempt_id: null }),
    });
    await act(() => changeLanguage("nl"));
    fireEvent.change(await screen.findByLabelText(/Websiteadres/), { target: { value: "www.bakkerij-jansen.nl" } });
    await consentTo([/Ik ben bevoegd/, /Ik begrijp dat websites/, /Ik geef toestemming/]);
    fireEvent.click(button("Doorgaan"));
    expect((await screen.findByTestId("without-website")).textContent).toContain("Is je website nu niet bereikbaar?");
    fireEvent.click(button("Instellen zonder mijn website te lezen"));
    await screen.findByRole("heading", { name: "Persona", level: 2 });
    expect(screen.getByText(/Je website is niet gelezen/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Wie is de assistent/), { target: { value: "De assistent van Bakkerij Jansen." } });
    fireEvent.change(screen.getByLabelText(/Wat is zijn doel/), { target: { value: "Vragen over brood beantwoorden." } });
    const next = async (heading: string) => {
      fireEvent.click(button("Doorgaan"));
      await screen.findByRole("heading", { name: heading, level: 2 });
    };
    await next("FAQ");
    fireEvent.click(button(/Vraag toevoegen/));
    fireEvent.change(await screen.findByLabelText("Vraag 1"), { target: { value: "Zijn jullie zondag open?" } });
    fireEvent.change(screen.getByLabelText("Antwoord 1"), { target: { value: "Nee." } });
    await next("URL's");
    await next("Ontwerp");
    expect(screen.getByText("Je website is niet gelezen; kies hieronder een kleur.")).toBeTruthy();
    await next("Afronden");
    fireEvent.change(screen.getByLabelText(/^Naam/), { target: { value: "Bakkerij Jansen" } });
    fireEvent.click(button("Afronden"));
    expect(await screen.findByText("Customer home")).toBeTruthy();

    expect(postsOf(server.calls, scanPaths)).toEqual([]);
    const saves = postsOf(server.calls, finalizePaths);
    expect(saves.map((call) => call.path)).toEqual(finalizePaths);
    expect(saves[1]?.body).toMatchObject({ name: "www.bakkerij-jansen.nl", attempt_id: null, language: "nl", include_manual_dataset: true });
    expect(saves[3]?.body).toEqual({
      configurationId: "conf-1",
      datasetName: "FAQ",
      datasetHeaders: [
        { text: "Vraag", value: "question" },
        { text: "Antwoord", value: "answer" },
      ],
      datasetData: [{ question: "Zijn jullie zondag open?", answer: "Nee." }],
    });
  });

  it("shows a URL outcome the server answers as a problem at the field too", async () => {
    await openWizard("/self-onboarding", { "POST /onboarding/check_url": () => problem(400, "url_unsafe", "The URL was flagged as unsafe.") });
    await startWith("https://bad.test");
    await waitFor(() => expect(screen.getByTestId("url-outcome").getAttribute("data-code")).toBe("url_unsafe"));
    expect(screen.getByTestId("url-outcome").textContent).toContain("Use another address or contact us.");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows a failed stage with Retry, and lets an optional one be skipped", async () => {
    let personaTries = 0;
    const { server } = await openWizard("/self-onboarding", {
      "POST /onboarding/discover_branding": () => problem(503, "domain_unreachable", "The website could not be read"),
      "POST /onboarding/generate_assistant_persona": () => (++personaTries === 1 ? problem(503, "service_unavailable", "Busy") : ok({ persona })),
    });
    await startWith(website);
    // The stage's failure (other alerts, such as a consent reminder under a slow render, carry no code).
    const failure = () => screen.getAllByRole("alert").find((alert) => alert.hasAttribute("data-error-code"));
    await waitFor(() => expect(failure()?.getAttribute("data-error-code")).toBe("domain_unreachable"));
    const brandingFailure = failure()!;
    expect(brandingFailure.textContent).toContain("Colours and logos could not be read.");
    expect(screen.getByTestId("scan-percent").textContent).toBe("10%");
    expect(server.callsTo("POST /onboarding/generate_assistant_persona")).toHaveLength(0);

    fireEvent.click(button("Continue without"));
    await waitFor(() => expect(failure()?.getAttribute("data-error-code")).toBe("service_unavailable"));
    expect(failure()!.textContent).toContain("Persona could not be read.");
    expect(screen.getByTestId("stage-branding").getAttribute("data-status")).toBe("skipped");
    expect(screen.getByTestId("scan-percent").textContent).toBe("35%");
    expect(server.callsTo("POST /onboarding/extract_faq")).toHaveLength(0);

    fireEvent.click(button("Retry"));
    await waitForScanEnd();
    expect(server.callsTo("POST /onboarding/generate_assistant_persona")).toHaveLength(2);
    expect(server.callsTo("POST /onboarding/discover_branding")).toHaveLength(1);
    expect(screen.queryAllByRole("alert").filter((alert) => alert.hasAttribute("data-error-code"))).toEqual([]);

    // Without branding the design offers no colours found and keeps the default.
    await continueTo("Persona");
    await continueTo("FAQ");
    await continueTo("URLs");
    await continueTo("Design");
    expect(screen.getByText("No colours were found on your website; choose one below.")).toBeTruthy();
    expect(screen.queryAllByTestId("colour-swatch")).toHaveLength(0);
  });

  it("resumes an attempt from the address, running only the stages that found nothing yet", async () => {
    const { server } = await openWizard("/self-onboarding?attempt=att-9", {
      "GET /onboarding/attempt": () => ok({ data: { attempt_id: "att-9", url: website, branding, persona, faq: [], urls: [] } }),
    });
    await waitForScanEnd();
    expect(server.callsTo("GET /onboarding/attempt")[0]?.query).toEqual({ attempt_id: "att-9" });
    expect(postsOf(server.calls, scanPaths).map((call) => call.path)).toEqual(["/onboarding/extract_faq", "/onboarding/extract_urls"]);
    expect(bodyOf(server.calls, "/onboarding/extract_faq")).toMatchObject({ attemptId: "att-9", url: website });
    expect(screen.getByTestId("stage-branding").getAttribute("data-status")).toBe("done");
    await continueTo("Persona");
    expect((screen.getByLabelText(/Who is the assistant/) as HTMLTextAreaElement).value).toBe(persona.entity_instruction);
  });

  it("stops a finalize whose FAQ save fails, says which step failed, and goes on from it on Retry", async () => {
    const { server } = await finishWithFirstSaveFailing("POST /data/dataset", problem(500, "unexpected_error", "Database down"));

    const failure = await screen.findByRole("alert");
    expect(failure.getAttribute("data-failed-step")).toBe("save_faq_dataset");
    expect(failure.textContent).toContain("Failed: Saving the questions and answers.");
    expect(screen.getByTestId("finalize-save_urls").getAttribute("data-status")).toBe("done");
    expect(screen.getByTestId("finalize-save_design").getAttribute("data-status")).toBe("waiting");
    expect(screen.queryByText("Customer home")).toBeNull();
    expect(server.callsTo("POST /chatbot/settings")).toHaveLength(0);
    expect(server.callsTo("POST /users/update_show_instructions")).toHaveLength(0);
    expect(getSessionUser()?.showWizard).toBe(true);
    expect(getSelectedConfiguration()).toBeNull();

    fireEvent.click(button("Retry"));
    expect(await screen.findByText("Customer home")).toBeTruthy();
    // Nothing made before the failure is made again.
    expect(server.callsTo("POST /customer/self_onboarding_create")).toHaveLength(1);
    expect(server.callsTo("POST /configuration/create_or_update")).toHaveLength(1);
    expect(server.callsTo("POST /training/urls/save")).toHaveLength(1);
    expect(server.callsTo("POST /data/dataset")).toHaveLength(2);
    expect(postsOf(server.calls, finalizePaths).map((call) => call.path).slice(-3)).toEqual(["/data/dataset", "/chatbot/settings", "/users/update_show_instructions"]);
  });

  it("keeps the user's edits and step through a reload of the tab", async () => {
    await openWizard();
    await startWith(website);
    await waitForScanEnd();
    await continueTo("Persona");
    await continueTo("FAQ");
    fireEvent.change(screen.getByLabelText("Question 1"), { target: { value: "Edited before the reload?" } });
    cleanup();

    const { server } = await openWizard("/self-onboarding?attempt=att-1");
    expect(await screen.findByRole("heading", { name: "FAQ", level: 2 })).toBeTruthy();
    expect((screen.getByLabelText("Question 1") as HTMLInputElement).value).toBe("Edited before the reload?");
    expect(server.calls.filter((call) => call.path.startsWith("/onboarding/") && call.path !== "/onboarding/screenshot")).toEqual([]);
  });

  it("offers Retry for a scan that could not be reached, but only Start again for one that is not the user's", async () => {
    await openWizard("/self-onboarding?attempt=att-x", { "GET /onboarding/attempt": () => problem(404, "not_found", "No data found") });
    expect(await screen.findByText("Your earlier website scan could not be loaded.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
    expect(button("Start again")).toBeTruthy();
    cleanup();
    await openWizard("/self-onboarding?attempt=att-y", { "GET /onboarding/attempt": () => problem(503, "service_unavailable", "Try again later") });
    expect(await screen.findByText("Your earlier website scan could not be loaded.")).toBeTruthy();
    expect(button("Retry")).toBeTruthy();
  });

  it("says what no page chosen means, and still lets the user go on", async () => {
    await openWizard("/self-onboarding?attempt=att-7", {
      "GET /onboarding/attempt": () => ok({ data: { attempt_id: "att-7", url: website, branding, persona, faq, urls } }),
    });
    await screen.findByRole("heading", { name: "Persona", level: 2 });
    for (const heading of ["FAQ", "URLs"]) await continueTo(heading);
    expect(screen.queryByTestId("urls-none-chosen")).toBeNull();
    for (const [index, { url }] of urls.entries()) {
      fireEvent.click(screen.getByText(url));
      await waitFor(() => expect(screen.getByTestId("urls-count").textContent).toBe(`${urls.length - index - 1} of ${urls.length} pages chosen`));
    }
    expect((await screen.findByTestId("urls-none-chosen")).textContent).toBe("No page chosen: your assistant will answer from its FAQ only. You can add pages later under Knowledge base.");
    await continueTo("Design");
  });

  it("offers only logos the browser can show, and previews the widget in its own light colours, whatever the theme", async () => {
    const twoLogos = { ...branding, logo_urls: ["http://www.bakery-jansen.test/logo.png", "https://www.bakery-jansen.test/icon.png"] };
    await openWizard("/self-onboarding?attempt=att-8", {
      "GET /onboarding/attempt": () => ok({ data: { attempt_id: "att-8", url: website, branding: twoLogos, persona, faq, urls } }),
    });
    await screen.findByRole("heading", { name: "Persona", level: 2 });
    for (const heading of ["FAQ", "URLs", "Design"]) await continueTo(heading);
    expect(screen.getByText("Logo 1")).toBeTruthy();
    // The first (chosen) logo cannot be loaded: it is no longer offered, and the next that can be is chosen.
    const [first] = screen.getAllByRole("radio").filter((radio) => radio.getAttribute("value") === "http://www.bakery-jansen.test/logo.png");
    fireEvent.error(first!.closest("label")!.querySelector("img")!);
    await waitFor(() => expect(screen.queryAllByRole("radio").some((radio) => radio.getAttribute("value") === "http://www.bakery-jansen.test/logo.png")).toBe(false));
    await waitFor(() => expect((screen.getAllByRole("radio").find((radio) => radio.getAttribute("value") === "https://www.bakery-jansen.test/icon.png") as HTMLInputElement).checked).toBe(true));
    expect(screen.getByTestId("preview-window").style.background).toBe("rgb(255, 255, 255)");
  });

  it("lets the user step back after a failed save, change the design, and finish without making anything twice", async () => {
    const { server } = await finishWithFirstSaveFailing("POST /chatbot/settings", problem(400, "validation_failed", "Invalid colour"));
    expect((await screen.findByRole("alert")).getAttribute("data-failed-step")).toBe("save_design");

    fireEvent.click(button("Back"));
    await screen.findByRole("heading", { name: "Design", level: 2 });
    fireEvent.click(screen.getByRole("radio", { name: "Colour #ff6600" }));
    await waitFor(() => expect(screen.getByTestId("chosen-colour").textContent).toBe("#ff6600"));
    await continueTo("Finish");
    // The details typed before are still there (and fixed: the customer is saved).
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe("Bakkerij Jansen");
    expect(screen.getByTestId("finalize-save_design").getAttribute("data-status")).toBe("failed");
    fireEvent.click(button("Retry"));
    expect(await screen.findByText("Customer home")).toBeTruthy();
    expect(server.callsTo("POST /customer/self_onboarding_create")).toHaveLength(1);
    expect(server.callsTo("POST /configuration/create_or_update")).toHaveLength(1);
    expect((server.callsTo("POST /chatbot/settings")[1]?.body as { chatbotSettings: { primaryColor: string } }).chatbotSettings.primaryColor).toBe("#ff6600");
    // Finished: nothing is kept for a later visit.
    expect(sessionStorage.length).toBe(0);
  });

  it("shows a company field the server refuses at the field, and makes nothing after the failed customer save", async () => {
    const refused = { status: 400, body: { type: "about:blank", title: "Bad request", status: 400, code: "validation_failed", message: "Invalid field", errors: [{ path: "/body/taxId", message: "Too long" }] } };
    const { server } = await finishWithFirstSaveFailing("POST /customer/self_onboarding_create", refused);
    await waitFor(() => expect(screen.getByTestId("finalize-save_customer").getAttribute("data-status")).toBe("failed"));
    expect(screen.getAllByRole("alert").map((alert) => alert.getAttribute("data-failed-step"))).toContain("save_customer");
    const taxId = screen.getByLabelText("VAT number") as HTMLInputElement;
    await waitFor(() => expect(taxId.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByLabelText(/^Name/).getAttribute("aria-invalid")).toBeNull();
    // The details are not saved yet, so they can still be corrected.
    expect(taxId.disabled).toBe(false);
    expect(server.callsTo("POST /configuration/create_or_update")).toHaveLength(0);
    expect(getToken()).toBe("old-token");
  });

  it("runs in Dutch: Dutch texts, Dutch outcome help and a Dutch scan", async () => {
    const { server } = await openWizard("/self-onboarding", {
      "POST /onboarding/check_url": (call) =>
        (call.body as { url: string }).url.includes("casino")
          ? ok({ valid: false, code: "blocked_keyword", message: "The domain contains a blocked keyword.", attempt_id: null })
          : ok({ valid: true, code: null, message: "The URL is valid and safe.", attempt_id: "att-nl" }),
    });
    await act(() => changeLanguage("nl"));
    fireEvent.change(await screen.findByLabelText(/Websiteadres/), { target: { value: "www.casino.test" } });
    await consentTo([/Ik ben bevoegd/, /Ik begrijp dat websites/, /Ik geef toestemming/]);
    fireEvent.click(button("Doorgaan"));
    await waitFor(() => expect(screen.getByTestId("url-outcome").getAttribute("data-code")).toBe("blocked_keyword"));
    expect(screen.getByTestId("url-outcome").textContent).toContain("Deze website kan niet worden gebruikt voor een assistent.");

    fireEvent.change(screen.getByLabelText(/Websiteadres/), { target: { value: "www.bakkerij-jansen.test" } });
    fireEvent.click(button("Doorgaan"));
    await waitForScanEnd();
    expect(screen.getByTestId("stage-persona").textContent).toBe("Persona (35%) — klaar");
    expect(screen.getByTestId("stage-faq").textContent).toBe("Vragen en antwoorden (65%) — klaar");
    expect(bodyOf(server.calls, "/onboarding/generate_assistant_persona")).toMatchObject({ languageCode: "nl" });
    expect(bodyOf(server.calls, "/onboarding/extract_urls")).toMatchObject({ languageCode: "nl" });
    fireEvent.click(button("Doorgaan"));
    expect(await screen.findByRole("heading", { name: "Persona", level: 2 })).toBeTruthy();
    expect(screen.getByText("Wie is de assistent?")).toBeTruthy();
  });
  it("gives the website and page fields an example address of the user's language, the one the help names", async () => {
    await openWizard("/self-onboarding?attempt=att-9", {
      "GET /onboarding/attempt": () => ok({ data: { attempt_id: "att-9", url: website, branding, persona, faq, urls } }),
    });
    await screen.findByRole("heading", { name: "Persona", level: 2 });
    for (const heading of ["FAQ", "URLs"]) await continueTo(heading);
    const examples = [
      ["en", "https://www.example.com", "https://www.example.com/page"],
      ["nl", "https://www.voorbeeld.nl", "https://www.voorbeeld.nl/pagina"],
      ["de", "https://www.beispiel.de", "https://www.beispiel.de/seite"],
      ["es", "https://www.ejemplo.es", "https://www.ejemplo.es/pagina"],
      ["fr", "https://www.exemple.fr", "https://www.exemple.fr/page"],
    ] as const;
    try {
      for (const [language, site, page] of examples) {
        await act(() => changeLanguage(language));
        expect(screen.getByLabelText(i18n.t("onboarding:urls.new")).getAttribute("placeholder")).toBe(page);
        // The website step's example is the address its help text and messages name.
        expect(i18n.t("onboarding:welcome.urlPlaceholder")).toBe(site);
        expect(i18n.t("onboarding:welcome.urlHelp")).toContain(new URL(site).host);
      }
    } finally {
      await act(() => changeLanguage("en"));
    }
  });
  it("shows the website field's example in Spanish as its help names it", async () => {
    await openWizard("/self-onboarding", {});
    try {
      await act(() => changeLanguage("es"));
      const field = await screen.findByLabelText(/Dirección del sitio web/);
      expect(field.getAttribute("placeholder")).toBe("https://www.ejemplo.es");
      expect(screen.getByText("Por ejemplo www.ejemplo.es")).toBeTruthy();
    } finally {
      await act(() => changeLanguage("en"));
    }
  });
});
