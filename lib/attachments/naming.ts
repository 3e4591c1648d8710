import { AppError } from "@/lib/errors";
import { normalizePath } from "@/lib/workspace/paths";
import type { Sniffed } from "./types";

/*
 * An uploaded file's name -> its workspace path, attachments/<safe name>. The browser's name is
 * the sender's text: only its last segment is kept, characters the workspace path rules refuse
 * (lib/workspace/paths.ts) become "-", and a name whose extension lies about the sniffed type gets
 * the true one appended ("photo.txt" holding a PNG is "photo.txt.png"), so whoever downloads it
 * knows what it is. A name already taken gets "-2", "-3", ... before its extension.
 */

export const ATTACHMENTS_DIR = "attachments";
const MAX_NAME_CHARS = 80;

// Controls, invisible and format characters, separators and characters some file systems refuse.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}/\\:*?"<>|]|(?! )\p{Zs}/gu;

const EXTENSIONS: Record<string, string[]> = {
  jpg: ["jpg", "jpeg", "jfif"],
  svg: ["svg"],
  html: ["html", "htm"],
  xml: ["xml", "xsd", "xsl", "rss", "atom", "plist"],
};

function splitExtension(name: string): [string, string] {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? [name.slice(0, dot), name.slice(dot + 1)] : [name, ""];
}

/** The safe name a person's file name becomes, typed by what its bytes are. */
export function safeName(raw: string, type: Sniffed): string {
  const last = raw.split(/[/\\]/).pop() ?? "";
  let name = last
    .normalize("NFC")
    .replace(UNSAFE, "-")
    .trim()
    .replace(/[.\s]+$/u, "");
  if (name === "" || /^\.+$/.test(name)) name = "file";
  const [stem, ext] = splitExtension(name);
  // Plain text keeps whatever it is called (notes.md, app.log, data.csv): the name is the only hint.
  const lying = type.mediaType !== "text/plain" && !(EXTENSIONS[type.extension] ?? [type.extension]).includes(ext.toLowerCase());
  const suffix = lying ? `${ext ? `.${ext}` : ""}.${type.extension}` : ext ? `.${ext}` : "";
  const room = MAX_NAME_CHARS - [...suffix].length;
  return `${[...stem].slice(0, Math.max(room, 1)).join("").trim() || "file"}${suffix}`;
}

/** attachments/<name>, or attachments/<stem>-N.<ext> for the first N from 2 that `taken` does not hold. */
export function freePath(name: string, taken: (path: string) => boolean): string {
  const [stem, ext] = splitExtension(name);
  for (let n = 1; n < 10_000; n++) {
    const path = normalizePath(`${ATTACHMENTS_DIR}/${n === 1 ? name : `${stem}-${n}${ext ? `.${ext}` : ""}`}`);
    if (!taken(path)) return path;
  }
  throw new AppError("limit_reached", `Too many attachments are named like "${name}".`, { file: name });
}
