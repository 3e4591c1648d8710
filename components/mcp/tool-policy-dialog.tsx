"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/components/api/api-client";
import { readableError } from "@/components/api/api-error";
import { queryKeys } from "@/components/api/query-keys";
import { DialogCloseRow, ModalDialog } from "@/components/ui/modal-dialog";
import type { McpToolModeRequest } from "@/lib/api";

const MODE_LABEL: Record<McpToolModeRequest["mode"], string> = {
  allow: "Always allow",
  ask: "Ask each time",
  never: "Never",
};

/**
 * The thread's MCP tools and whether each runs, asks first or is refused here: one labelled select
 * per tool, saved as it changes. The default (trusted read-only tools run, the rest ask) is named.
 */
export function ToolPolicyDialog({
  threadId,
  onClose,
  scope = "chat",
}: {
  threadId: string;
  onClose: () => void;
  scope?: "chat" | "routine";
}) {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: queryKeys.mcpTools(threadId), queryFn: () => api.mcpTools(threadId) });
  const save = useMutation({
    mutationFn: (body: McpToolModeRequest) => api.setMcpToolMode(threadId, body),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.mcpTools(threadId), data),
  });
  const tools = list.data?.tools ?? [];
  return (
    <ModalDialog open title="Tool permissions" titleId="tool-policy-title" onCancel={onClose} closeOnBackdrop testId="tool-policy-dialog">
      <p className="mt-1 text-sm text-neutral-700">
        What the agent may do with the MCP tools in this {scope}
        {scope === "routine" ? "'s runs" : ""}.
      </p>
      {list.isPending && <p className="mt-3 text-sm text-neutral-700">Loading…</p>}
      {list.error && (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {readableError(list.error)}
        </p>
      )}
      {list.data && tools.length === 0 && <p className="mt-3 text-sm text-neutral-700">No MCP tools are offered right now.</p>}
      <ul className="mt-3 max-h-[60vh] space-y-2 overflow-y-auto">
        {tools.map((t) => (
          <li key={t.name} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-neutral-200 px-2 py-1.5">
            <label htmlFor={`mode-${t.name}`} className="min-w-0 flex-1 text-sm">
              <span className="block font-mono break-all">{t.name}</span>
              <span className="block text-xs text-neutral-700">
                {t.trusted ? "Trusted server" : "Untrusted server"}
                {t.readOnly ? ", says it only reads" : ""} · default: {MODE_LABEL[t.defaultMode]}
              </span>
            </label>
            <select
              id={`mode-${t.name}`}
              data-testid={`tool-mode-${t.name}`}
              value={t.mode}
              disabled={save.isPending}
              onChange={(e) => save.mutate({ tool: t.name, mode: e.target.value as McpToolModeRequest["mode"] })}
              className="h-9 rounded-md border border-neutral-300 bg-white px-2 text-sm text-neutral-900 focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              {(Object.keys(MODE_LABEL) as McpToolModeRequest["mode"][]).map((m) => (
                <option key={m} value={m}>
                  {MODE_LABEL[m]}
                </option>
              ))}
            </select>
          </li>
        ))}
      </ul>
      {save.error && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {readableError(save.error)}
        </p>
      )}
      <DialogCloseRow onClose={onClose} />
    </ModalDialog>
  );
}
