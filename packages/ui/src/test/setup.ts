import { afterEach } from "vitest";
import { cleanup, configure } from "@testing-library/react";

// Whole screens render in jsdom while the root test command runs other packages' suites on the same two cores:
// a screen that takes longer than the library's 1 s to appear is slow, not wrong.
configure({ asyncUtilTimeout: 5_000 });

// Menus and comboboxes position their popups with what jsdom lacks.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
globalThis.CSS ??= { escape: (value: string) => value } as typeof CSS;

afterEach(() => {
  cleanup();
  localStorage.clear();
});
