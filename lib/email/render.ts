import { micromark } from "micromark";
import { gfm, gfmHtml } from "micromark-extension-gfm";

/**
 * The email body is markdown from the agent: HTML for mail clients, the markdown itself as the
 * plain-text part (it reads well as text). Raw HTML in the markdown is escaped, never passed on.
 */
export function renderEmailBody(markdown: string): { html: string; text: string } {
  const html = micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
  return { html: `<!doctype html><html><body>${html}</body></html>`, text: markdown };
}
