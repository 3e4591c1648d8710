import { countTokens } from "@/lib/ai/tokens";
import { countMessageTokens, messageText } from "@/lib/context";
import { db } from "@/lib/db/client";
import type { MessagePart } from "@/lib/db/messages";
import { saveDraftParts } from "@/lib/db/reply-parts";
import { publishThreadChange } from "@/lib/events/publish";
import { releaseTurn } from "./turn-lease";
import type { TurnFailure } from "./turn-failure";
import type { TurnStatus } from "./turn-types";

/**
 * Keeps the stored assistant row in step with the stream: partial parts are saved every second, at
 * each step end and when a tool result lands, so a reload shows them and a crash loses little. A
 * save writes only the parts that changed since the last one (lib/db/reply-parts.ts: usually the
 * growing last part and any new tool call or result), so its cost does not grow with the reply;
 * saves are also spaced by what they wrote (at most REPLY_SAVE_BYTES_PER_S per reply), for a reply
 * whose one text part is itself huge. The whole row is written once, by finish(). The turn's
 * lease is not renewed here: the process heartbeat does that apart from the saves
 * (lib/jobs/lease.ts), and `releaseLease` leaves it when the reply is final.
 */
export class ReplyRecorder {
  private parts: MessagePart[] = [];
  /** Each part's JSON as last saved, by index: what the next save compares against. */
  private saved: string[] = [];
  /** Bytes of part JSON sent by the partial saves so far (the saves bench reads it). */
  bytesSaved = 0;
  private dirty = false;
  private queued = false;
  private saving: Promise<void> = Promise.resolve();
  private nextSaveAt = 0;
  private finishing = false;
  private cutWait: (() => void) | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly threadId: string,
    private readonly messageId: string,
    private readonly opts: { saveEveryMs: number; saveBytesPerSecond: number; releaseLease: () => void },
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.flush(), this.opts.saveEveryMs);
  }

  update(parts: MessagePart[]): void {
    this.parts = parts;
    this.dirty = true;
  }

  /**
   * Saves now (step ends, tool results). Saves land in order and coalesce: while one runs, at most
   * one more waits, and it writes the newest parts when its turn comes.
   */
  flush(): Promise<void> {
    if (!this.dirty || this.queued) return this.saving;
    this.queued = true;
    this.saving = this.saving.then(async () => {
      await this.spacing();
      this.queued = false;
      if (!this.dirty || this.finishing) return;
      this.dirty = false;
      const changed = this.changedParts();
      const bytes = changed.reduce((n, c) => n + c.json.length, 0);
      this.nextSaveAt = Date.now() + (bytes / this.opts.saveBytesPerSecond) * 1000;
      // Text and tokens are derived once, at the end: the row itself is not rewritten per save.
      await saveDraftParts(this.messageId, changed)
        .then((live) => {
          for (const c of changed) this.saved[c.idx] = c.json;
          this.bytesSaved += bytes;
          if (live && changed.length) void publishThreadChange(this.threadId, { type: "turn.progress", messageId: this.messageId });
        })
        .catch((e) => console.error("[partial reply not saved]", e));
    });
    return this.saving;
  }

  /** Parts whose JSON differs from what was last saved at their index (new ones included). */
  private changedParts(): { idx: number; json: string }[] {
    const changed: { idx: number; json: string }[] = [];
    this.parts.forEach((part, idx) => {
      // Serializing every part costs CPU only; what must not grow with the reply is the write.
      const json = JSON.stringify(part);
      if (this.saved[idx] !== json) changed.push({ idx, json });
    });
    return changed;
  }

  /** Waits until the last save's size allows the next one; finish() cuts the wait short. */
  private spacing(): Promise<void> {
    const wait = this.nextSaveAt - Date.now();
    if (wait <= 0 || this.finishing) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, wait);
      this.cutWait = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /**
   * The final row and the release of the turn in one transaction, so a new turn never starts
   * while the previous reply still reads as streaming.
   */
  async finish(status: TurnStatus, failure: TurnFailure | null, stopReason: string | null): Promise<{ text: string }> {
    clearInterval(this.timer);
    this.opts.releaseLease();
    this.finishing = true;
    this.cutWait?.();
    await this.saving;
    const text = messageText(this.parts);
    const fields = {
      parts: JSON.stringify(this.parts),
      text,
      tokens: countMessageTokens(this.parts, countTokens),
    };
    await db().$transaction(async (tx) => {
      await tx.message.updateMany({
        where: { id: this.messageId, status: "streaming" },
        data: {
          ...fields,
          status,
          error: failure?.message ?? (status === "stopped" && !fields.text ? stopReason : null),
          errorCode: failure?.code ?? null,
        },
      });
      await tx.replyPart.deleteMany({ where: { messageId: this.messageId } });
      await releaseTurn(tx, this.threadId, this.messageId);
    });
    return { text };
  }
}
