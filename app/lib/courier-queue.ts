// The courier's phone keeps every step taken at a door in a queue in local storage until the
// server has answered it: a step taken without signal is not lost, and is sent once the
// signal returns. Each step carries its own key, made when it was taken, so a step sent twice
// (an answer lost on the way back, two tabs flushing at once) is taken once by the server.

export type QueuedStep = {
  key: string;
  orderId: string;
  intent: "delivered" | "failed" | "cash";
  /** The form's text fields. */
  fields: Record<string, string>;
  /** A photo compressed on the phone, as a data URL. */
  photo?: string;
  takenAt: string;
};

export type StepAnswer = { ok: boolean; message: string };

export const QUEUE_KEY = "kurir.antrian";

/** The queue as stored; anything unreadable counts as empty. */
export function readQueue(storage: Pick<Storage, "getItem">): QueuedStep[] {
  try {
    const value = JSON.parse(storage.getItem(QUEUE_KEY) ?? "[]") as unknown;
    return Array.isArray(value)
      ? value.filter(
          (s): s is QueuedStep =>
            typeof s === "object" && s !== null && typeof s.key === "string" && typeof s.orderId === "string",
        )
      : [];
  } catch {
    return [];
  }
}

export function writeQueue(storage: Pick<Storage, "setItem">, queue: readonly QueuedStep[]): void {
  storage.setItem(QUEUE_KEY, JSON.stringify(queue));
}

/** A key for a step: random, so no two phones or steps share one. */
export function newStepKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function dataUrlToBlob(dataUrl: string): Blob {
  const [head, body] = dataUrl.split(",", 2);
  const type = /data:([^;]+)/.exec(head)?.[1] ?? "image/jpeg";
  const bytes = Uint8Array.from(atob(body ?? ""), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type });
}

/** The step as the server reads it. */
export function stepForm(step: QueuedStep): FormData {
  const form = new FormData();
  form.set("intent", step.intent);
  form.set("orderId", step.orderId);
  form.set("key", step.key);
  form.set("takenAt", step.takenAt);
  for (const [name, value] of Object.entries(step.fields)) form.set(name, value);
  if (step.photo) form.set("photo", dataUrlToBlob(step.photo), "foto.jpg");
  return form;
}

/**
 * Sends the queued steps in order. A step the server answered (taken, or refused with a
 * reason) leaves the queue; a step that met no signal stays, with the ones after it.
 */
export async function flushQueue(
  storage: Pick<Storage, "getItem" | "setItem">,
  send: (step: QueuedStep) => Promise<StepAnswer>,
): Promise<{ answered: { step: QueuedStep; answer: StepAnswer }[]; left: number }> {
  const answered: { step: QueuedStep; answer: StepAnswer }[] = [];
  for (;;) {
    const [next] = readQueue(storage);
    if (!next) break;
    let answer: StepAnswer;
    try {
      answer = await send(next);
    } catch {
      break;
    }
    writeQueue(
      storage,
      readQueue(storage).filter((s) => s.key !== next.key),
    );
    answered.push({ step: next, answer });
  }
  return { answered, left: readQueue(storage).length };
}

/** A photo made small on the phone before it is kept or sent: at most `maxSide` px, JPEG. */
export async function compressPhoto(file: File, maxSide = 1280, quality = 0.7): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas.toDataURL("image/jpeg", quality);
}
