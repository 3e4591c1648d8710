"use client";

import * as Menu from "@radix-ui/react-dropdown-menu";
import { useEffect, useRef, useState } from "react";
import { groupByProvider, optionLabel, PROVIDER_LABEL } from "./model-options";
import type { ModelChoice } from "./model-picker";

export type MoreEntry =
  | { kind: "item"; id: string; label: string; hint?: string; onSelect: () => void }
  | { kind: "check"; id: string; label: string; checked: boolean; onSelect: () => void }
  | { kind: "note"; id: string; label: string }
  /** A download (the chat's exports): a plain link the browser saves, never a page it opens. */
  | { kind: "download"; id: string; label: string; href: string }
  | { kind: "model"; id: string; choice: ModelChoice };

const ITEM =
  "flex min-h-11 cursor-default items-center gap-2 rounded-md px-2 py-1.5 text-sm text-neutral-800 outline-none select-none data-[highlighted]:bg-neutral-100 data-[disabled]:text-neutral-400 md:min-h-8";

/**
 * The header's "More" menu: the controls that do not fit its one row (WAI-ARIA menu button:
 * Enter, Space or ArrowDown opens it, arrows move, Escape closes it and gives focus back).
 * A choice runs once the menu has closed and focus is back on this button: a dialog it opens then
 * gives focus back to the button (not to a menu item that no longer exists), and a search box it
 * opens keeps the focus it takes.
 */
export function HeaderMoreMenu({ entries, triggerRef }: { entries: MoreEntry[]; triggerRef: (el: HTMLButtonElement | null) => void }) {
  const afterClose = useRef<(() => void) | null>(null);
  const trigger = useRef<HTMLButtonElement | null>(null);
  // The open menu is portalled into the page's main landmark, not to the end of <body>: every bit
  // of the page then sits in a landmark (axe's "region" rule), and a screen reader's landmark list
  // finds the menu where its button is.
  const [landmark, setLandmark] = useState<HTMLElement | null>(null);
  useEffect(() => setLandmark(trigger.current?.closest("main") ?? null), []);
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger
        ref={(el) => {
          trigger.current = el;
          triggerRef(el);
        }}
        data-testid="header-more"
        aria-label="More"
        title="More"
        className="grid size-9 shrink-0 place-items-center rounded-md text-neutral-700 hover:bg-neutral-200/70 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 data-[state=open]:bg-neutral-200 md:size-8"
      >
        <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden>
          <circle cx="4" cy="10" r="1.6" />
          <circle cx="10" cy="10" r="1.6" />
          <circle cx="16" cy="10" r="1.6" />
        </svg>
      </Menu.Trigger>
      <Menu.Portal container={landmark}>
        <Menu.Content
          align="end"
          sideOffset={4}
          collisionPadding={8}
          data-testid="header-more-menu"
          className="z-50 max-h-[var(--radix-dropdown-menu-content-available-height)] w-72 max-w-[calc(100vw-1rem)] overflow-y-auto rounded-lg border border-neutral-200 bg-white p-1 shadow-lg"
          onCloseAutoFocus={(e) => {
            const run = afterClose.current;
            if (!run) return;
            afterClose.current = null;
            // Focus first, then the choice: whatever it opens finds the focus where it must return.
            e.preventDefault();
            trigger.current?.focus();
            run();
          }}
        >
          {entries.map((entry) => (
            <MoreEntryView key={entry.id} entry={entry} later={(run) => (afterClose.current = run)} />
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

function MoreEntryView({ entry, later }: { entry: MoreEntry; later: (run: () => void) => void }) {
  switch (entry.kind) {
    case "item":
      return (
        <Menu.Item className={ITEM} data-testid={entry.id} onSelect={() => later(entry.onSelect)}>
          <span className="flex-1">{entry.label}</span>
          {/* A key to press: not shown on a touch screen, as the composer's hint is not. */}
          {entry.hint && <span className="text-xs text-neutral-500 pointer-coarse:hidden">{entry.hint}</span>}
        </Menu.Item>
      );
    case "check":
      return (
        <Menu.CheckboxItem className={ITEM} data-testid={entry.id} checked={entry.checked} onSelect={() => later(entry.onSelect)}>
          <span className="flex-1">{entry.label}</span>
          <Menu.ItemIndicator aria-hidden>✓</Menu.ItemIndicator>
        </Menu.CheckboxItem>
      );
    case "download":
      return (
        <Menu.Item asChild className={ITEM}>
          <a href={entry.href} download data-testid={entry.id}>
            {entry.label}
          </a>
        </Menu.Item>
      );
    case "note":
      return (
        <Menu.Label className="px-2 py-1.5 text-xs text-neutral-700" data-testid={entry.id}>
          {entry.label}
        </Menu.Label>
      );
    case "model":
      return <ModelEntries choice={entry.choice} />;
  }
}

/** The model picker's choices as radio items, grouped by provider like the picker's own list. */
function ModelEntries({ choice }: { choice: ModelChoice }) {
  return (
    <>
      <Menu.Separator className="my-1 h-px bg-neutral-200" />
      <Menu.RadioGroup value={choice.value} onValueChange={choice.pick} aria-label="Model for this chat" data-testid="more-model">
        {groupByProvider(choice.catalog.models).map(([provider, models]) => (
          <Menu.Group key={provider}>
            <Menu.Label className="px-2 pt-1.5 text-xs font-medium text-neutral-600">Model · {PROVIDER_LABEL[provider]}</Menu.Label>
            {models.map((m) => (
              <Menu.RadioItem key={m.id} value={m.id} disabled={choice.pending} className={ITEM}>
                <span className="flex-1">{optionLabel(m)}</span>
                <Menu.ItemIndicator aria-hidden>✓</Menu.ItemIndicator>
              </Menu.RadioItem>
            ))}
          </Menu.Group>
        ))}
      </Menu.RadioGroup>
    </>
  );
}
