import { fileTypeFromBuffer } from "file-type";
import { AppError } from "@/lib/errors";
import type { Sniffed } from "./types";

/*
 * The type of an attachment is decided from its bytes, never from its name or the browser's
 * Content-Type (both are the sender's claim). Binary formats are recognised by their signatures
 * (file-type); anything else is text only if it is valid UTF-8 without NUL or other control bytes
 * a text file never holds. Text that is markup a browser would render (HTML, SVG, XML) is still
 * text for the agent, but typed as what it is, so downloads never show it inline (disposition.ts).
 */

const BINARY: Record<string, Omit<Sniffed, "mediaType">> = {
  "image/png": { kind: "image", extension: "png" },
  "image/jpeg": { kind: "image", extension: "jpg" },
  "image/webp": { kind: "image", extension: "webp" },
  "image/gif": { kind: "image", extension: "gif" },
  "application/pdf": { kind: "pdf", extension: "pdf" },
};

// Control bytes other than tab, newline, form feed, carriage return and escape (ANSI colours in logs).
// eslint-disable-next-line no-control-regex
const NON_TEXT = /[\u0000-\u0008\u000b\u000e-\u001a\u001c-\u001f\u007f]/;
const SVG = /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype svg[^>]*>\s*)?<svg[\s>]/i;
const HTML = /^(<!--[\s\S]*?-->\s*)*(<!doctype html|<html[\s>]|<head[\s>]|<body[\s>]|<script[\s>])/i;
const XML = /^<\?xml[\s?]/i;

function refused(name: string, what: string): AppError {
  return new AppError(
    "unsupported_media_type",
    `"${name}" is ${what}. Attach an image (PNG, JPEG, WebP, GIF), a PDF or a text file (plain text, Markdown, code, CSV, JSON, logs).`,
    { file: name, reason: "type" },
  );
}

/** The text of UTF-8 bytes that a text file could hold, or null. */
export function asText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
  return NON_TEXT.test(text) ? null : text;
}

function textType(text: string): Sniffed {
  const head = text.slice(0, 4096).trimStart();
  if (SVG.test(head)) return { kind: "text", mediaType: "image/svg+xml", extension: "svg" };
  if (HTML.test(head)) return { kind: "text", mediaType: "text/html", extension: "html" };
  if (XML.test(head)) return { kind: "text", mediaType: "application/xml", extension: "xml" };
  return { kind: "text", mediaType: "text/plain", extension: "txt" };
}

/** The accepted type of `bytes`, or AppError("unsupported_media_type") naming the file. */
export async function sniff(name: string, bytes: Uint8Array): Promise<Sniffed> {
  const found = await fileTypeFromBuffer(bytes);
  if (found) {
    const known = BINARY[found.mime];
    if (known) return { ...known, mediaType: found.mime };
    // file-type recognises a few text-based formats by their opening; those are read as text below.
    if (asText(bytes) === null) throw refused(name, `a ${found.ext.toUpperCase()} file (${found.mime})`);
  }
  const text = asText(bytes);
  if (text === null) throw refused(name, "neither an accepted image or PDF nor UTF-8 text");
  return textType(text);
}
