/**
 * Lets other requests' callbacks run between slices of CPU-heavy work in the server process (the
 * offline model, summary checks): setImmediate queues after pending I/O, so streams keep flowing.
 */
export const yieldToEventLoop = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));
