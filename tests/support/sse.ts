// Reads a Server-Sent Events body the way a browser's EventSource does, for tests.
export type SseEvent = { id: string | null; event: string; data: string };

export function sseReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const queue: SseEvent[] = [];
  let done = false;
  // A read outlives a timeout: the next call waits for the same one, so no chunk is lost.
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;

  function parseBlocks() {
    let end: number;
    while ((end = buffer.indexOf("\n\n")) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let id: string | null = null;
      let event = "message";
      const data: string[] = [];
      let hasField = false;
      for (const line of block.split("\n")) {
        if (line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "id") id = value;
        else if (field === "event") event = value;
        else if (field === "data") data.push(value);
        else continue;
        hasField = true;
      }
      if (hasField && (data.length > 0 || id !== null)) queue.push({ id, event, data: data.join("\n") });
    }
  }

  return {
    /** The next event, or null when the stream ended; fails after `timeoutMs`. */
    async next(timeoutMs = 5_000): Promise<SseEvent | null> {
      const deadline = Date.now() + timeoutMs;
      while (queue.length === 0 && !done) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`);
        let timer: NodeJS.Timeout | undefined;
        pending ??= reader.read();
        const chunk = await Promise.race([
          pending,
          new Promise<"timeout">((resolve) => {
            timer = setTimeout(() => resolve("timeout"), left);
          }),
        ]).finally(() => clearTimeout(timer));
        if (chunk === "timeout") continue;
        pending = null;
        if (chunk.done) done = true;
        else buffer += decoder.decode(chunk.value, { stream: true });
        parseBlocks();
      }
      return queue.shift() ?? null;
    },
    /** Events of type `event` until one satisfies `until` (that one included). */
    async collect(event: string, until: (e: SseEvent) => boolean, timeoutMs = 5_000): Promise<SseEvent[]> {
      const seen: SseEvent[] = [];
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const next = await this.next(Math.max(1, deadline - Date.now()));
        if (!next) throw new Error(`stream ended before the awaited ${event} event`);
        if (next.event !== event) continue;
        seen.push(next);
        if (until(next)) return seen;
      }
    },
    async cancel() {
      await reader.cancel().catch(() => {});
    },
  };
}
