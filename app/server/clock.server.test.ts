import { afterEach, describe, expect, it } from "vitest";
import { clockStartingAt, fixedClock, now, resetClock, setClock, shopToday, shopTomorrow } from "./clock.server";
import { loadConfig, resetConfigForTests } from "./config.server";

const originalTz = process.env.TZ;

afterEach(() => {
  resetClock();
  resetConfigForTests();
  delete process.env.SHOP_CLOCK_START;
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe("the server clock", () => {
  it("answers today and tomorrow in Jember for the instant tests put it at", () => {
    setClock(fixedClock("2026-11-25T20:59:59+07:00"));
    expect(now().toISOString()).toBe("2026-11-25T13:59:59.000Z");
    expect(shopToday()).toBe("2026-11-25");
    expect(shopTomorrow()).toBe("2026-11-26");
  });

  it("crosses a year end at midnight in Jember, not at midnight where the server stands", () => {
    // A server in New York: for it, it is still the morning of 31 December.
    process.env.TZ = "America/New_York";
    setClock(fixedClock("2026-12-31T17:00:00Z"));
    expect(now().getDate()).toBe(31);
    expect(shopToday()).toBe("2027-01-01");
    expect(shopTomorrow()).toBe("2027-01-02");
  });

  it("runs on from SHOP_CLOCK_START at the normal pace", () => {
    const clock = clockStartingAt("2026-11-25T20:59:50+07:00", Date.now() - 5_000);
    const seconds = (clock.now().getTime() - new Date("2026-11-25T20:59:50+07:00").getTime()) / 1000;
    expect(seconds).toBeGreaterThanOrEqual(5);
    expect(seconds).toBeLessThan(60);
  });

  it("takes SHOP_CLOCK_START from the environment outside production", () => {
    process.env.SHOP_CLOCK_START = "2027-01-31T23:59:00+07:00";
    resetConfigForTests();
    resetClock();
    expect(shopToday()).toBe("2027-01-31");
    expect(shopTomorrow()).toBe("2027-02-01");
  });

  it("is refused in production, with a message saying why", () => {
    expect(() => loadConfig({ NODE_ENV: "production", SHOP_CLOCK_START: "2026-11-25T20:59:50+07:00" })).toThrow(
      /SHOP_CLOCK_START hanya untuk pengujian/,
    );
    expect(() => loadConfig({ NODE_ENV: "test", SHOP_CLOCK_START: "besok pagi" })).toThrow(/SHOP_CLOCK_START/);
  });
});
