/* Small display helpers for sizes, times and authors. */

import type { Author } from "./types";

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** "just now", "5 min ago", "3 h ago", then a date: history is read as "how long ago". */
export function formatWhen(iso: string, now = Date.now()): string {
  const date = new Date(iso);
  const seconds = Math.round((now - date.getTime()) / 1000);
  if (Number.isNaN(seconds)) return iso;
  if (seconds < 45) return "just now";
  if (seconds < 3600) return `${Math.max(1, Math.round(seconds / 60))} min ago`;
  if (seconds < 86_400) return `${Math.round(seconds / 3600)} h ago`;
  return date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

export const authorLabel = (author: Author) => (author === "agent" ? "agent" : "you");
