/*
 * A ChatGPT-shaped export (conversations.json) made in the test: one long conversation of `count`
 * messages alternating user and assistant, a root and a system node above them, and an abandoned
 * branch (an edited question and its answer) that is not on current_node.
 */
export const BASE_TIME = 1_720_000_000;

export const longText = (k: number) =>
  `${k % 2 ? "Answer" : "Question"} ${k}: the migration of module m${k} keeps its callers, its tests and its release notes in step.`;

export function chatGptExport(count: number, title = "A long migration") {
  const mapping: Record<string, unknown> = {
    root: { message: null, parent: null, children: ["sys"] },
    sys: {
      message: { author: { role: "system" }, content: { content_type: "text", parts: [""] }, create_time: BASE_TIME, metadata: {} },
      parent: "root",
      children: ["n0"],
    },
  };
  for (let k = 0; k < count; k++) {
    mapping[`n${k}`] = {
      message: {
        author: { role: k % 2 ? "assistant" : "user" },
        content: { content_type: "text", parts: [longText(k)] },
        create_time: BASE_TIME + k,
        metadata: {},
      },
      parent: k === 0 ? "sys" : `n${k - 1}`,
      children: k === count - 1 ? [] : k === 10 ? ["n11", "x11"] : [`n${k + 1}`],
    };
  }
  mapping.x11 = {
    message: { author: { role: "user" }, content: { content_type: "text", parts: ["ABANDONED edit"] }, create_time: BASE_TIME + 11 },
    parent: "n10",
    children: [],
  };
  return [{ title, create_time: BASE_TIME, update_time: BASE_TIME + count, mapping, current_node: `n${count - 1}` }];
}

/** A ChatGPT message node as real exports write it: ids, author and a good deal of metadata around the text. */
function realisticNode(conv: number, k: number, parent: string | null, child: string | null) {
  const id = (n: number) => `${String(conv).padStart(8, "0")}-aaaa-4bbb-8ccc-${String(n).padStart(12, "0")}`;
  const assistant = k % 2 === 1;
  return {
    id: id(k),
    message: {
      id: id(k),
      author: { role: assistant ? "assistant" : "user", name: null, metadata: {} },
      create_time: BASE_TIME + conv * 1000 + k,
      update_time: null,
      content: { content_type: "text", parts: [largeText(conv, k)] },
      status: "finished_successfully",
      end_turn: assistant ? true : null,
      weight: 1.0,
      metadata: {
        ...(assistant
          ? {
              finish_details: { type: "stop", stop_tokens: [200002] },
              model_slug: "gpt-4o",
              default_model_slug: "gpt-4o",
              parent_id: parent,
            }
          : { selected_github_repos: [], serialization_metadata: { custom_symbol_offsets: [] } }),
        citations: [],
        content_references: [],
        request_id: `9a${String(conv * 1000 + k).padStart(14, "0")}-FRA`,
        message_source: null,
        timestamp_: "absolute",
        message_type: null,
        is_complete: true,
      },
      recipient: "all",
      channel: null,
    },
    parent,
    children: child ? [child] : [],
  };
}

export const largeText = (conv: number, k: number) =>
  `${k % 2 ? "Answer" : "Question"} ${conv}.${k}: step ${k} of the migration of service s${conv} keeps its callers, its tests and its release notes in step.`;

/**
 * A large ChatGPT-shaped conversations.json, written to `file` a conversation at a time (never
 * held whole by the test): `conversations` conversations of `messages` messages each. `broken`
 * makes the conversation at that index invalid (its mapping a number), after all the good ones
 * before it. Answers the file's size in bytes.
 */
export async function writeLargeChatGptExport(
  file: string,
  opts: { conversations: number; messages: number; broken?: number },
): Promise<number> {
  const { createWriteStream } = await import("node:fs");
  const out = createWriteStream(file);
  const write = (s: string) => (out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once("drain", () => r())));
  let size = 0;
  const put = (s: string) => {
    size += Buffer.byteLength(s);
    return write(s);
  };
  await put("[");
  for (let c = 0; c < opts.conversations; c++) {
    const mapping: Record<string, unknown> = {};
    const ids: string[] = [];
    for (let k = 0; k < opts.messages; k++) ids.push(`${String(c).padStart(8, "0")}-aaaa-4bbb-8ccc-${String(k).padStart(12, "0")}`);
    ids.forEach((id, k) => (mapping[id] = realisticNode(c, k, ids[k - 1] ?? null, ids[k + 1] ?? null)));
    const conversation = {
      title: `Migration of service s${c}`,
      create_time: BASE_TIME + c * 1000,
      update_time: BASE_TIME + c * 1000 + opts.messages,
      mapping: c === opts.broken ? 5 : mapping,
      moderation_results: [],
      current_node: ids[ids.length - 1],
      plugin_ids: null,
      conversation_id: `conv-${c}`,
      conversation_template_id: null,
      gizmo_id: null,
      is_archived: false,
      safe_urls: [],
      default_model_slug: "gpt-4o",
      id: `conv-${c}`,
    };
    await put(`${c ? "," : ""}${JSON.stringify(conversation)}`);
  }
  await put("]");
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  return size;
}
