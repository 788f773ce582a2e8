/** A send that will never succeed by trying again (a number not on WhatsApp, a broken template): given up at once. */
export class FinalSendError extends Error {}
