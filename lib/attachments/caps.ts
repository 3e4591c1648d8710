import { imageSize } from "image-size";
import { AppError } from "@/lib/errors";

/*
 * The bounds an attachment must fit, decided before anything is stored: the per-file and
 * per-thread byte caps (settings), and an image's dimensions, read from its header only (a small
 * file can declare a 100,000 x 100,000 image that would take gigabytes to decode in a browser or
 * a model provider).
 */

/** About 8000 x 6000: larger than any screenshot or phone photo, far below a decompression bomb. */
export const MAX_IMAGE_PIXELS = 50_000_000;
const MAX_IMAGE_SIDE = 20_000;

const mb = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

export function assertFileSize(name: string, size: number, maxBytes: number): void {
  if (size > maxBytes) {
    throw new AppError("too_large", `"${name}" is ${mb(size)}; an attachment can be at most ${mb(maxBytes)} (MAX_ATTACHMENT_BYTES).`, {
      file: name,
      size,
      maxBytes,
      reason: "file_size",
    });
  }
}

/** `used` bytes already attached to the thread, `adding` more now. */
export function assertThreadRoom(used: number, adding: number, maxBytes: number): void {
  if (used + adding > maxBytes) {
    throw new AppError(
      "too_large",
      `This chat already holds ${mb(used)} of attachments; ${mb(adding)} more would pass its ${mb(maxBytes)} (MAX_THREAD_ATTACHMENT_BYTES).`,
      { used, adding, maxBytes, reason: "thread_size" },
    );
  }
}

/** The image's width and height from its header; refused when unreadable or too large. */
export function imageDimensions(name: string, bytes: Uint8Array): { width: number; height: number } {
  let size: { width?: number; height?: number };
  try {
    size = imageSize(bytes);
  } catch {
    throw new AppError("unsupported_media_type", `"${name}" is not a readable image.`, { file: name, reason: "type" });
  }
  const width = size.width ?? 0;
  const height = size.height ?? 0;
  if (width < 1 || height < 1 || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    throw new AppError(
      "too_large",
      `"${name}" is ${width} x ${height} pixels; an attached image can be at most ${MAX_IMAGE_SIDE} pixels a side and ${MAX_IMAGE_PIXELS / 1_000_000} million pixels.`,
      { file: name, width, height, reason: "dimensions" },
    );
  }
  return { width, height };
}
