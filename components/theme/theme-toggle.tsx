"use client";

import { chooseTheme, useThemeChoice, type ThemeChoice } from "./use-theme";

const CHOICES: { value: ThemeChoice; label: string }[] = [
  { value: "system", label: "System" },
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
];

/** Light, dark, or as the system says; remembered in this browser. */
export function ThemeToggle({ className = "" }: { className?: string }) {
  const choice = useThemeChoice();
  return (
    <fieldset className={`flex items-center gap-2 text-xs ${className}`} data-testid="theme-toggle">
      <legend className="float-left mr-1 text-neutral-600">Theme</legend>
      <div className="flex rounded-md border border-neutral-300 p-0.5">
        {CHOICES.map(({ value, label }) => (
          <button
            key={value}
            type="button"
            aria-pressed={choice === value}
            data-testid={`theme-${value}`}
            onClick={() => chooseTheme(value)}
            className="rounded px-2 py-0.5 text-neutral-700 hover:bg-neutral-200/70 focus-visible:outline-2 focus-visible:outline-blue-600 aria-pressed:bg-neutral-900 aria-pressed:text-white"
          >
            {label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
