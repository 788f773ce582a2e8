// What the public forms accept, shared by the forms (maxLength, messages) and the server
// module that validates and stores them (app/server/inbox/submissions.server.ts).

/** Name of the hidden field people never see; bots that fill every input give themselves away. */
export const HONEYPOT_FIELD = "website";

export const PARTNER_LIMITS = {
  name: 100,
  phone: 20,
  landAddress: 300,
  farmSize: 50,
  products: 1000,
  harvestTime: 200,
  otherInfo: 1000,
} as const;

export const CONTACT_LIMITS = {
  name: 100,
  email: 254,
  subject: 150,
  message: 2000,
} as const;

export type PartnerField = keyof typeof PARTNER_LIMITS;
export type ContactField = keyof typeof CONTACT_LIMITS;
