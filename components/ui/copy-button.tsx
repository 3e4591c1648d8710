"use client";

import { useEffect, useState, type ButtonHTMLAttributes } from "react";

/** How long "Copied" shows before the button reads "Copy" again. */
const CONFIRM_MS = 2000;

/**
 * The Clipboard API exists only in secure contexts: an app reached over plain http on a LAN name
 * has none, and there the older selection copy still works.
 */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    const done = document.execCommand("copy");
    area.remove();
    return done;
  }
}

type CopyButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "onClick" | "children"> & {
  /** Read when pressed, so a reply still streaming is copied as it is then. */
  text: () => string;
  /** What is copied, for screen readers: "code" makes the button "Copy code". */
  what: string;
};

/**
 * Copies on press and says so: the label reads "Copied" (or "Copy failed") for a moment, and a
 * polite live region announces it, since a changed label on a focused button is not read out.
 */
export function CopyButton({ text, what, className = "", ...rest }: CopyButtonProps) {
  const [result, setResult] = useState<"copied" | "failed" | null>(null);
  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => setResult(null), CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [result]);
  return (
    <>
      <button
        type="button"
        data-copied={result ?? undefined}
        onClick={() => void copyText(text()).then((ok) => setResult(ok ? "copied" : "failed"))}
        className={className}
        {...rest}
      >
        {result === "copied" ? "Copied" : result === "failed" ? "Copy failed" : "Copy"}
        {!result && <span className="sr-only"> {what}</span>}
      </button>
      <span role="status" className="sr-only">
        {result === "copied" ? "Copied to the clipboard" : result === "failed" ? "Could not copy; select the text instead" : ""}
      </span>
    </>
  );
}
