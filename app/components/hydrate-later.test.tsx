// The server draws a hydrate-later part in the render itself once loadLaterParts() has
// resolved (the server entry awaits it before every render); before that the part's lazy
// module would suspend the render, which is what the server must never meet.
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { hydrateLater, loadLaterParts } from "./hydrate-later";

function Part({ text }: { text: string }) {
  return <p>{text}</p>;
}

describe("hydrateLater on the server", () => {
  it("suspends on a part whose module is not loaded yet, and draws it at once after loadLaterParts", async () => {
    let loads = 0;
    const Later = hydrateLater(async () => {
      loads++;
      return Part;
    });
    expect(renderToString(<Later text="Bagian belum dimuat" />)).not.toContain("Bagian belum dimuat");

    await loadLaterParts();
    expect(renderToString(<Later text="Bagian sudah dimuat" />)).toContain("<p>Bagian sudah dimuat</p>");
    await loadLaterParts();
    expect(loads).toBe(1);
  });

  it("loads every part declared, without a render first", async () => {
    const First = hydrateLater(async () => Part);
    const Second = hydrateLater(async () => ({ text }: { text: string }) => <span>{text}</span>);
    await loadLaterParts();
    expect(renderToString(<First text="Satu" />)).toContain("<p>Satu</p>");
    expect(renderToString(<Second text="Dua" />)).toContain("<span>Dua</span>");
  });

  it("tries a failed load again on the next call", async () => {
    let attempts = 0;
    const Later = hydrateLater(async () => {
      attempts++;
      if (attempts === 1) throw new Error("gagal memuat");
      return Part;
    });
    await expect(loadLaterParts()).rejects.toThrow("gagal memuat");
    await loadLaterParts();
    expect(attempts).toBe(2);
    expect(renderToString(<Later text="Dimuat ulang" />)).toContain("<p>Dimuat ulang</p>");
  });
});
