// Whether the shop's mail channel counts as configured (SMTP_URL set) for the code under test.
// The test file mocks sendMail itself: nothing is ever sent to the made-up server.
import { resetConfigForTests } from "~/server/config.server";

/** Sets SMTP_URL (or removes it) and returns the function that puts it back. */
export function setMailConfigured(on: boolean): () => void {
  const before = process.env.SMTP_URL;
  if (on) process.env.SMTP_URL = "smtp://mail.test.invalid:2525";
  else delete process.env.SMTP_URL;
  resetConfigForTests();
  return () => {
    if (before === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = before;
    resetConfigForTests();
  };
}
