import { z } from 'zod';
import { instantSchema } from '../admin/common.js';
import { named } from '../registry.js';
import { singleLine } from '../text.js';
import { SOFTPHONE } from './softphone.js';

/**
 * Desk phones (docs/voice.md, spec section 9): an administrator issues a phone SIP credentials for an extension; an
 * agent at that phone dials 2600 (SOFTPHONE.deskPhoneCode) and types the code Atiende shows them, which makes the
 * phone's extension theirs.
 */
export const DESK_PHONE = {
  /** How long a desk phone's credentials last: renewing them is issuing new ones. */
  credentialsDays: 365,
  /** The code an agent types on the phone. */
  codeDigits: 6,
  codeTtlSeconds: 300,
  /** Wrong codes the line accepts in one call before it hangs up. */
  triesPerCall: 3,
} as const;

/** An extension as the registrar knows it: digits only, not the registration number itself. */
export const extensionSchema = singleLine()
  .regex(/^[0-9]{2,15}$/, 'i18n:voice.extensionFormat')
  .refine((value) => value !== SOFTPHONE.deskPhoneCode, 'i18n:voice.extensionReserved');

/** `POST /voice/desk-phones`: credentials for the phone that will hold this extension. */
export const deskPhoneBodySchema = z.object({ extension: extensionSchema });

/** Shown once (nothing reusable is stored): what the phone's SIP account takes. */
export const deskPhoneCredentialsSchema = named(
  'DeskPhoneCredentials',
  z.object({
    extension: z.string(),
    /** The registrar (proxy) the phone registers with, host and port, over UDP or TCP. */
    registrar: z.string(),
    port: z.number().int(),
    /** The SIP account's user: the extension. */
    user: z.string(),
    /** Authentication user (`<expiry unix seconds>:<extension>`) and password. */
    authorizationUser: z.string(),
    password: z.string(),
    realm: z.string(),
    expiresAt: instantSchema,
  }),
);
export type DeskPhoneCredentials = z.infer<typeof deskPhoneCredentialsSchema>;

/** `POST /voice/extension-code`: the signed-in agent's code, to type after dialling `dial` on a desk phone. */
export const extensionCodeSchema = named(
  'ExtensionCode',
  z.object({ code: z.string(), dial: z.string(), expiresAt: instantSchema }),
);
export type ExtensionCode = z.infer<typeof extensionCodeSchema>;
