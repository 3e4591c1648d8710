import crypto from "node:crypto";
import { TokenParser, Tokenizer } from "@streamparser/json";
import TokenType from "@streamparser/json/utils/types/tokenType.js";
import { AppError } from "@/lib/errors";

/*
 * An import's JSON, read as it streams (@streamparser/json) instead of as one string: a document
 * whose top is an array (ChatGPT's and Claude's conversations.json) hands over one element at a
 * time, so only that conversation is ever held parsed; one whose top is an object (our own export)
 * is assembled whole, because its threads and workspaces refer to each other
 * (lib/export/import-plan.ts), and only up to `maxWholeBytes`. On the way every byte is hashed
 * (what a duplicate is recognised by), checked to be UTF-8, and the nesting is counted token by
 * token, so a deeply nested file is refused before any of it is built.
 */

export type JsonTop =
  { kind: "array"; length: number; hash: string } | { kind: "object"; value: unknown; hash: string } | { kind: "other"; hash: string };

type Options = {
  maxDepth: number;
  /** The most bytes a document whose top is an object may take: it is held whole. */
  maxWholeBytes: number;
  /** Called with each element of a top-level array, in order, before the next is parsed. */
  onElement: (value: unknown, index: number) => void;
};

const badJson = (message: string) => new AppError("bad_json", message);

export async function streamJson(chunks: AsyncIterable<Uint8Array>, opts: Options): Promise<JsonTop> {
  const hash = crypto.createHash("sha256");
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const tokenizer = new Tokenizer();
  let parser: TokenParser | null = null;
  let top: "array" | "object" | "other" | null = null;
  let whole: unknown = undefined;
  let length = 0;
  let depth = 0;
  let failure: unknown = null;
  let size = 0;

  tokenizer.onToken = (info) => {
    if (failure) return;
    try {
      if (info.token === TokenType.LEFT_BRACE || info.token === TokenType.LEFT_BRACKET) {
        if (++depth > opts.maxDepth) throw badJson(`The file nests more than ${opts.maxDepth} levels deep; no export this app reads does.`);
      } else if (info.token === TokenType.RIGHT_BRACE || info.token === TokenType.RIGHT_BRACKET) depth--;
      if (!parser) {
        top = info.token === TokenType.LEFT_BRACKET ? "array" : info.token === TokenType.LEFT_BRACE ? "object" : "other";
        // An array's elements one by one, emptied from the parser's stack as they go; anything else whole.
        parser = top === "array" ? new TokenParser({ paths: ["$.*"], keepStack: false }) : new TokenParser({ paths: ["$"] });
        parser.onValue = ({ value, stack }) => {
          if (top === "array" && stack.length === 1) opts.onElement(value, length++);
          else if (stack.length === 0) whole = value;
        };
      }
      parser.write(info);
    } catch (err) {
      failure = err;
    }
  };
  tokenizer.onError = (err) => {
    failure ??= err;
  };

  const feed = (text: string) => {
    if (text) tokenizer.write(text);
    if (failure) throw failure instanceof AppError ? failure : badJson("The file is not valid JSON.");
  };
  for await (const chunk of chunks) {
    hash.update(chunk);
    size += chunk.byteLength;
    if (top === "object" && size > opts.maxWholeBytes) throw ownExportTooLarge(opts.maxWholeBytes);
    feed(decode(decoder, chunk, true));
  }
  feed(decode(decoder, new Uint8Array(0), false));
  if (!failure) tokenizer.end();
  if (failure || top === null || !parser || !(parser as TokenParser).isEnded) {
    if (failure instanceof AppError) throw failure;
    throw badJson("The file is not valid JSON.");
  }
  const digest = hash.digest("hex");
  if (top === "array") return { kind: "array", length, hash: digest };
  if (top === "object") return { kind: "object", value: whole, hash: digest };
  return { kind: "other", hash: digest };
}

function decode(decoder: TextDecoder, chunk: Uint8Array, stream: boolean): string {
  try {
    return decoder.decode(chunk, { stream });
  } catch {
    throw badJson("The file is not UTF-8 text, so it is not an export this app reads.");
  }
}

const ownExportTooLarge = (max: number) =>
  new AppError(
    "too_large",
    `An export of this app is read whole, and this one is larger than the ${Math.floor(max / (1024 * 1024))} MB that takes (MAX_IMPORT_WHOLE_JSON_BYTES).`,
  );
