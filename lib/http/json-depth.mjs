/*
 * How deeply a JSON text nests, counted over its characters before anything parses or walks it.
 * Every later step (JSON.parse, zod, the storable-text check, React's decoder of a server action's
 * arguments) may recurse per level, and a 10 KB body of "[[[[…" is thousands of levels: enough to
 * overflow a recursive walk's stack (a 500). Counting is a single loop with no recursion, so the
 * refusal itself cannot overflow. Plain JavaScript: the server in front of Next (scripts/serve.mjs)
 * checks server actions' bodies with it too.
 */

/** Deeper bodies are refused: our own bodies nest at most a few levels, better-auth's the same. */
export const MAX_JSON_DEPTH = 32;

/**
 * The deepest nesting of objects and arrays in `text`, ignoring brackets inside strings.
 * @param {string} text
 * @returns {number}
 */
export function jsonDepth(text) {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped, whatever it is
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}
