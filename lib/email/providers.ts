import { emailTransportByName } from "./transport";
import type { ActionProvider } from "@/lib/actions/types";

/** The sweeper and a person's "send again" must reach the provider that owns the row. */
export function providerByName(name: string): ActionProvider | null {
  return emailTransportByName(name);
}
