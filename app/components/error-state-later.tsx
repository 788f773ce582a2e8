// The error message (error-state.tsx) drawn by the server as always; its script, needed by no
// page that works, is fetched only when one is shown (see hydrate-later.tsx).
import { hydrateLater } from "./hydrate-later";

export const ErrorState = hydrateLater(() => import("./error-state").then((m) => m.ErrorState));
