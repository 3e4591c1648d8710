"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { UploadedAttachment } from "@/lib/api";
import { uploadAttachment } from "./upload";

/*
 * The files waiting to go with the next message: each uploads as soon as it is picked, dropped or
 * pasted (so the message sends at once), one request per file so each chip has its own progress
 * and its own refusal. Removing a chip cancels its upload; an uploaded file stays in the workspace.
 */

export type PendingAttachment = {
  id: string;
  name: string;
  progress: number;
  uploaded: UploadedAttachment | null;
  error: string | null;
};

const newId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export function useAttachments(threadId: string) {
  const [items, setItems] = useState<PendingAttachment[]>([]);
  const aborts = useRef(new Map<string, () => void>());

  const update = (id: string, change: Partial<PendingAttachment>) =>
    setItems((list) => list.map((a) => (a.id === id ? { ...a, ...change } : a)));

  /** Resolves to whether every file uploaded (a refused or removed one did not). */
  const add = useCallback(
    (files: Iterable<File>): Promise<boolean> => {
      const uploads = [...files].map((file) => {
        const id = newId();
        setItems((list) => [...list, { id, name: file.name || "pasted file", progress: 0, uploaded: null, error: null }]);
        const upload = uploadAttachment(threadId, file, (progress) => update(id, { progress }));
        aborts.current.set(id, upload.abort);
        return upload.done.then((result) => {
          aborts.current.delete(id);
          update(id, result.ok ? { uploaded: result.attachment, progress: 1 } : { error: result.error });
          return result.ok;
        });
      });
      return Promise.all(uploads).then((done) => done.every(Boolean));
    },
    [threadId],
  );

  const remove = useCallback((id: string) => {
    aborts.current.get(id)?.();
    aborts.current.delete(id);
    setItems((list) => list.filter((a) => a.id !== id));
  }, []);

  const clear = useCallback(() => setItems([]), []);

  // Leaving the thread cancels what is still uploading.
  useEffect(() => {
    const pending = aborts.current;
    return () => pending.forEach((abort) => abort());
  }, [threadId]);

  return {
    items,
    add,
    remove,
    clear,
    uploading: items.some((a) => !a.uploaded && !a.error),
    ready: items.flatMap((a) => (a.uploaded ? [a.uploaded] : [])),
  };
}
