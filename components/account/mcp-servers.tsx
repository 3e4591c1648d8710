"use client";

import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { api } from "@/components/api/api-client";
import { readableError } from "@/components/api/api-error";
import type { UserMcpServersResponse } from "@/lib/api";

const INPUT = "rounded border border-neutral-300 px-2 py-1 text-sm";

/**
 * A person's own MCP servers (shown only when the operator allows them): the list, with a way to
 * remove each, and a form to add one. A secret is typed once and never shown again; the server
 * checks the address (public only, unless the operator allows private ones) and says why it refuses.
 */
export function McpServers() {
  // The account page has no query cache: one small list, read on mount and after each change.
  const [data, setData] = useState<UserMcpServersResponse | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = useCallback(async () => setData(await api.mcpServers()), []);
  useEffect(() => {
    refresh().catch((err) => setError(readableError(err)));
  }, [refresh]);
  if (!data?.enabled) return error ? <Alert data-testid="mcp-server-error">{error}</Alert> : null;

  async function add(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = new FormData(formEl);
    const text = (k: string) => String(form.get(k) ?? "").trim();
    setBusy(true);
    setError(null);
    try {
      await api.addMcpServer({
        name: text("name"),
        url: text("url"),
        ...(text("secret") ? { secret: text("secret"), secretHeader: text("secretHeader") || undefined } : {}),
      });
      formEl.reset();
      await refresh();
    } catch (err) {
      setError(readableError(err));
    } finally {
      setBusy(false);
    }
  }

  async function remove(id: string) {
    setError(null);
    try {
      await api.removeMcpServer(id);
      await refresh();
      heading.current?.focus(); // the row and its button are gone
    } catch (err) {
      setError(readableError(err));
    }
  }

  return (
    <section
      aria-labelledby="mcp-servers-heading"
      data-testid="mcp-servers"
      className="flex flex-col gap-2 rounded-lg border border-neutral-200 p-4"
    >
      <h2 id="mcp-servers-heading" ref={heading} tabIndex={-1} className="text-sm font-semibold outline-none">
        Your MCP servers
      </h2>
      <p className="text-xs text-neutral-600">
        Their tools are offered to the agent in your chats. The agent asks you before each call, unless you allow a tool in a chat’s Tool
        permissions.
      </p>
      {data.servers.length > 0 && (
        <ul className="flex flex-col gap-1" data-testid="mcp-server-list">
          {data.servers.map((s) => (
            <li
              key={s.id}
              data-testid="mcp-server"
              className="flex items-center justify-between gap-2 rounded border border-neutral-200 px-2 py-1.5 text-xs"
            >
              <span className="flex min-w-0 flex-col">
                <span className="font-medium">{s.name}</span>
                <span className="break-all text-neutral-600">
                  {s.url}
                  {s.hasSecret ? ` · secret sent as ${s.secretHeader}` : " · no secret"}
                </span>
              </span>
              <Button size="sm" variant="danger" onClick={() => void remove(s.id)} aria-label={`Remove MCP server ${s.name}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} className="flex flex-col gap-2" data-testid="add-mcp-server">
        <label className="flex flex-col gap-1 text-xs">
          Name (letters, digits, dashes; its tools are called name__tool)
          <input name="name" required maxLength={24} pattern="[A-Za-z0-9\-]{1,24}" autoComplete="off" className={INPUT} />
        </label>
        <label className="flex flex-col gap-1 text-xs">
          Server URL (streamable HTTP)
          <input name="url" type="url" required maxLength={2000} placeholder="https://mcp.example.com/mcp" className={INPUT} />
        </label>
        <label className="flex flex-col gap-1 text-xs">
          Secret (optional: a token or API key, stored encrypted, never shown again)
          <input name="secret" type="password" maxLength={4000} autoComplete="off" className={INPUT} />
        </label>
        <label className="flex flex-col gap-1 text-xs">
          Send the secret in header (optional; Authorization sends &quot;Bearer &lt;secret&gt;&quot;)
          <input name="secretHeader" maxLength={64} placeholder="Authorization" autoComplete="off" className={INPUT} />
        </label>
        {error && <Alert data-testid="mcp-server-error">{error}</Alert>}
        <Button type="submit" variant="primary" disabled={busy}>
          Add server
        </Button>
      </form>
    </section>
  );
}
