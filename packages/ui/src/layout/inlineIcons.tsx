import type { ReactNode } from "react";

/**
 * The icons of the sign-in page, drawn inline: react-icons keeps each pack in one module, so importing
 * them from `react-icons/lu` would load every Lucide icon the shell uses too. Same paths and attributes
 * as react-icons' LuSun, LuMoon and LuLanguages (Google's is in features/auth/GoogleSignIn).
 */
function LucideIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      height="1em"
      width="1em"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export function SunIcon() {
  return (
    <LucideIcon>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2" />
      <path d="M12 20v2" />
      <path d="m4.93 4.93 1.41 1.41" />
      <path d="m17.66 17.66 1.41 1.41" />
      <path d="M2 12h2" />
      <path d="M20 12h2" />
      <path d="m6.34 17.66-1.41 1.41" />
      <path d="m19.07 4.93-1.41 1.41" />
    </LucideIcon>
  );
}

export function MoonIcon() {
  return (
    <LucideIcon>
      <path d="M12 3a6 6 0 0 0 9 9 9 9 0 1 1-9-9Z" />
    </LucideIcon>
  );
}

export function LanguagesIcon() {
  return (
    <LucideIcon>
      <path d="m5 8 6 6" />
      <path d="m4 14 6-6 2-3" />
      <path d="M2 5h12" />
      <path d="M7 2h1" />
      <path d="m22 22-5-10-5 10" />
      <path d="M14 18h6" />
    </LucideIcon>
  );
}
