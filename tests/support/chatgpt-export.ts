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
