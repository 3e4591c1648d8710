"use client";

import type { Element } from "hast";
import { useId, useState, type ComponentProps } from "react";
import { createPortal } from "react-dom";
import { DialogCloseRow, ModalDialog } from "@/components/ui/modal-dialog";

type Props = ComponentProps<"img"> & { node?: Element };

/*
 * An image in a message: at its own size, never wider than the column (a 150 px icon stays
 * 150 px). The light backdrop keeps a transparent image with dark lines readable in the dark
 * theme (--color-white is the dark surface there, so the colour is written out). Pressing it
 * opens the image at full size in a dialog; a data: image cannot be opened in a tab of its own.
 */
const BACKDROP = "max-w-full h-auto rounded bg-[#fff] dark:p-1";

export function MarkdownImage({ node: _node, src, alt = "", title, ...props }: Props) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  if (typeof src !== "string" || !src) return alt ? <span>{alt}</span> : null;
  const name = alt || title || "Image";
  return (
    <>
      <button
        type="button"
        data-testid="message-image"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        title={title ?? "Open at full size"}
        className="inline-block max-w-full cursor-zoom-in rounded align-bottom focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
      >
        <img {...props} src={src} alt={alt} className={BACKDROP} />
        <span className="sr-only">{alt ? " (open at full size)" : "Open the image at full size"}</span>
      </button>
      {/* In <body>, not here: an image sits inside a paragraph, where a <dialog> may not. */}
      {open &&
        createPortal(
          <ModalDialog open title={name} titleId={titleId} onCancel={() => setOpen(false)} closeOnBackdrop wide testId="image-dialog">
            <div tabIndex={0} aria-label="Image at full size" role="group" className="mt-3 max-h-[calc(100dvh-10rem)] overflow-auto">
              <img src={src} alt={alt} className="max-w-none bg-[#fff]" />
            </div>
            <DialogCloseRow onClose={() => setOpen(false)} />
          </ModalDialog>,
          document.body,
        )}
    </>
  );
}
