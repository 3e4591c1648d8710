"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { Group, Panel, Separator, usePanelRef, type Layout, type LayoutChangedMeta } from "react-resizable-panels";
import { useMediaQuery } from "@/components/ui/use-media-query";
import { PANELS_INLINE } from "./breakpoints";
import { rememberWidth, rememberedWidth } from "./panel-widths";

const MAIN = "split-main";

const rememberedPx = (kind: string) => {
  const px = rememberedWidth(kind);
  return px === null ? null : `${px}px`;
};
const SIDE = "split-side";

type SplitViewProps = {
  main: ReactNode;
  /** Always mounted inside the side panel; on narrow screens its content shows as sheets instead. */
  side: ReactNode;
  /** Which side panel shows beside the main one (null: none); each kind remembers its own width. */
  shown: { kind: string; label: string; defaultWidth: string } | null;
  /** The person dragged the side panel shut. */
  onDragClosed: () => void;
};

/**
 * The chat beside a side panel whose width a person sets by dragging the separator or with the
 * arrow keys while it has focus (react-resizable-panels). The chat keeps 26rem, enough for the
 * composer's 280 px of text; dragging the panel below half its minimum closes it. On narrow screens
 * the side panel stays at zero width: its content shows as a sheet over the chat (SidePanel).
 */
export function SplitView({ main, side, shown, onDragClosed }: SplitViewProps) {
  const inline = useMediaQuery(PANELS_INLINE);
  const panel = usePanelRef();
  const beside = inline ? shown : null;
  const kind = beside?.kind ?? null;
  const defaultWidth = beside?.defaultWidth;
  // Open from the first frame at its width when it starts shown (the server's copy already showed
  // it there), rather than growing from nothing in an effect after the first paint.
  const [initialSize] = useState(() => (kind === null ? 0 : (rememberedPx(kind) ?? defaultWidth!)));

  // The kind shown before this render: its width is kept when another kind (or none) takes its
  // place, whatever set that width (drag, arrow keys or a restore).
  const previousKind = useRef<string | null>(null);
  useEffect(() => {
    const handle = panel.current;
    if (!handle) return;
    const leaving = previousKind.current;
    previousKind.current = kind;
    const width = handle.getSize().inPixels;
    if (leaving !== null && leaving !== kind && width > 0) rememberWidth(leaving, width);
    if (kind === null) handle.collapse();
    else handle.resize(rememberedPx(kind) ?? defaultWidth!);
  }, [kind, defaultWidth, panel]);

  const onLayoutChanged = (layout: Layout, meta: LayoutChangedMeta) => {
    if (!meta.isUserInteraction || kind === null) return;
    if ((layout[SIDE] ?? 0) === 0) onDragClosed();
    else rememberWidth(kind, panel.current?.getSize().inPixels ?? 0);
  };

  return (
    // No panel beside the chat: no separator at all, and the group takes no drags at its edge. The
    // separator mounts with the panel (its key), so the group registers it then and gives it its
    // value (aria-valuenow); one kept mounted but hidden and disabled was never given one.
    <Group orientation="horizontal" className="min-h-0 flex-1" onLayoutChanged={onLayoutChanged} disabled={!beside}>
      <Panel id={MAIN} minSize="26rem" className="flex min-h-0 min-w-0 flex-col">
        {main}
      </Panel>
      {beside && (
        <Separator
          key={beside.kind}
          aria-label={`Resize the ${beside.label.toLowerCase()}`}
          className="w-1 shrink-0 bg-neutral-200 transition-colors hover:bg-blue-400 focus-visible:bg-blue-600 focus-visible:outline-none data-[separator=active]:bg-blue-600 data-[separator=focus]:bg-blue-600"
        />
      )}
      <Panel
        id={SIDE}
        panelRef={panel}
        collapsible
        collapsedSize={0}
        defaultSize={initialSize}
        minSize="18rem"
        className="flex min-h-0 min-w-0"
      >
        {side}
      </Panel>
    </Group>
  );
}
