/*
 * The app's keyboard shortcuts, once: the help dialog lists this table and the handlers match
 * against it. Letter shortcuts use Alt+Shift and the physical key (event.code), which browsers
 * leave to pages and which works while typing; "?" and "/" work only outside text fields.
 */
export type ShortcutId =
  | "help"
  | "focus-composer"
  | "new-chat"
  | "toggle-workspace"
  | "toggle-inspector"
  | "open-navigation"
  | "stop-and-send"
  | "cancel-queued"
  | "first-message"
  | "latest-message";

type KeyEventLike = Pick<KeyboardEvent, "key" | "code" | "altKey" | "shiftKey" | "ctrlKey" | "metaKey">;

export type Shortcut = {
  id: ShortcutId;
  keys: string[];
  does: string;
  /** Whether it applies while a text field has the focus. */
  whileTyping: boolean;
  /** Only where its feature has the focus (the message box), not anywhere on the page. */
  local?: boolean;
  matches: (e: KeyEventLike) => boolean;
};

const altShift = (code: string) => (e: KeyEventLike) => e.altKey && e.shiftKey && !e.ctrlKey && !e.metaKey && e.code === code;
const plain = (key: string) => (e: KeyEventLike) => e.key === key && !e.altKey && !e.ctrlKey && !e.metaKey;

export const SHORTCUTS: Shortcut[] = [
  { id: "help", keys: ["?"], does: "Show these shortcuts", whileTyping: false, matches: plain("?") },
  { id: "focus-composer", keys: ["/"], does: "Go to the message box", whileTyping: false, matches: plain("/") },
  { id: "new-chat", keys: ["Alt", "Shift", "N"], does: "Start a new chat", whileTyping: true, matches: altShift("KeyN") },
  { id: "toggle-workspace", keys: ["Alt", "Shift", "W"], does: "Show or hide the workspace", whileTyping: true, matches: altShift("KeyW") },
  {
    id: "toggle-inspector",
    keys: ["Alt", "Shift", "I"],
    does: "Show or hide the model input (inspector)",
    whileTyping: true,
    matches: altShift("KeyI"),
  },
  {
    id: "open-navigation",
    keys: ["Alt", "Shift", "L"],
    does: "Open the chat list (on small screens)",
    whileTyping: true,
    matches: altShift("KeyL"),
  },
  {
    id: "stop-and-send",
    keys: ["Alt", "Enter"],
    does: "In the message box, while a reply is written: stop it and send (Enter queues instead)",
    whileTyping: true,
    local: true,
    matches: (e) => e.key === "Enter" && e.altKey && !e.shiftKey && !e.ctrlKey && !e.metaKey,
  },
  {
    id: "cancel-queued",
    keys: ["Esc"],
    does: "In the message box: cancel the queued message",
    whileTyping: true,
    local: true,
    matches: plain("Escape"),
  },
  // The conversation's own keys (transcript.tsx): they act where the conversation has the focus.
  {
    id: "first-message",
    keys: ["Home"],
    does: "Go to the first message (in the conversation)",
    whileTyping: false,
    matches: plain("Home"),
  },
  {
    id: "latest-message",
    keys: ["End"],
    does: "Go to the latest message (in the conversation)",
    whileTyping: false,
    matches: plain("End"),
  },
];

/** Whether a key press is the shortcut `id` (for a local one, checked where its feature listens). */
export function isShortcut(id: ShortcutId, e: KeyEventLike): boolean {
  return SHORTCUTS.some((s) => s.id === id && s.matches(e));
}

/** Text fields, the editor and anything editable: plain keys there are typing, not commands. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return target.closest("input, textarea, select, [contenteditable=''], [contenteditable='true']") !== null;
}

/** The shortcut a key press means here, if any. */
export function shortcutFor(e: KeyEventLike & { target: EventTarget | null }): ShortcutId | null {
  const typing = isTyping(e.target);
  const hit = SHORTCUTS.find((s) => !s.local && s.matches(e) && (s.whileTyping || !typing));
  return hit?.id ?? null;
}
