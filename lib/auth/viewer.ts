import type { Viewer } from "@/lib/api";
import type { Caller } from "./session";

/** What a page may show of its caller: an account's name and email, never an id. */
export function viewerOf(caller: Caller): Viewer {
  if (caller.kind === "account") return { kind: "account", email: caller.email, name: caller.name };
  return { kind: caller.kind };
}
