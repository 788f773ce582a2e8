// How many statements a server function sends: the handle it is given counts every query it
// builds (select, insert, update, delete, execute), inside its transactions too. A test of a
// set-based writer asserts a small fixed number, which a loop of one statement per row breaks.
import type { Queryable } from "~/db/client.server";

const STATEMENTS = new Set(["select", "selectDistinct", "selectDistinctOn", "insert", "update", "delete", "execute"]);

export function countingStatements<T extends Queryable>(db: T): { db: T; count: () => number } {
  let count = 0;
  const wrap = <H extends object>(handle: H): H =>
    new Proxy(handle, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver) as unknown;
        if (typeof value !== "function") return value;
        if (key === "transaction")
          return (run: (tx: object) => unknown, ...rest: unknown[]) =>
            (value as (...args: unknown[]) => unknown).call(target, (tx: object) => run(wrap(tx)), ...rest);
        if (typeof key === "string" && STATEMENTS.has(key))
          return (...args: unknown[]) => {
            count++;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        return (value as (...a: unknown[]) => unknown).bind(target);
      },
    });
  return { db: wrap(db), count: () => count };
}
