/**
 * The words, labels and limits of deliveries and licences (issues 31, 51), without schemas: the
 * public page that checks a licence imports them without zod (scripts/check-js-budget.mjs).
 */

/** Where the brand may show a licensed film. */
export const LICENCE_CHANNELS = ['organic_social', 'paid_social', 'web', 'tv', 'out_of_home'] as const;
export type LicenceChannel = (typeof LICENCE_CHANNELS)[number];

export const LICENCE_CHANNEL_LABELS: Record<LicenceChannel, string> = {
  organic_social: 'Organic social',
  paid_social: 'Paid social',
  web: 'Web',
  tv: 'TV',
  out_of_home: 'Out-of-home',
};

export const LICENCE_LIMITS = {
  territoriesMax: 30,
  termMonthsMin: 1,
  termMonthsMax: 120,
  /** The random part of a licence id, in bytes (128 bits). */
  idBytes: 16,
  /** An extension the brand proposes: months added to the current end, and its fee. */
  extensionMonthsMin: 1,
  extensionMonthsMax: 60,
  extensionFeeMaxCents: 10_000_000,
} as const;

export const LICENCE_MESSAGES = {
  channelsRequired: 'Choose at least one channel.',
  territoriesRequired: 'Name at least one territory: worldwide or country codes such as US, GB.',
  territoryInvalid: 'A territory is “worldwide” or a two-letter country code.',
  termRange: `The term is ${LICENCE_LIMITS.termMonthsMin}–${LICENCE_LIMITS.termMonthsMax} months.`,
  notFound: 'There is no licence with this id.',
  noLicence: 'A licence exists only for a placed entry, once the contest’s results are published.',
  loadFailed: 'The licence could not be checked. Check your connection and try again.',
  valid: 'This licence is valid.',
  expired: 'This licence has expired.',
  revoked: 'This licence has been revoked.',
  hashing: 'Computing the file’s SHA-256 in your browser…',
  fileMatch: 'This file matches the licence: it is the licensed master.',
  fileMismatch: 'This file does not match the licensed master.',
  filePrivacy: 'The file stays on your device: its SHA-256 is computed in your browser.',
  reasonRequired: 'Say why the licence is revoked.',
  reasonTooLong: 'The reason can be at most 1,000 characters.',
  alreadyRevoked: 'This licence is already revoked.',
  extensionMonthsRange: `An extension is ${LICENCE_LIMITS.extensionMonthsMin}–${LICENCE_LIMITS.extensionMonthsMax} months.`,
  extensionFeeRange: `The fee is 0–${(LICENCE_LIMITS.extensionFeeMaxCents / 100).toLocaleString('en-US')} in the contest’s currency, in whole cents.`,
  extensionOpen: 'This licence already has an extension waiting for the creator’s answer.',
  extensionRevoked: 'A revoked licence cannot be extended.',
  extensionDecided: 'This extension was already answered.',
  extensionNotFound: 'There is no such licence extension.',
  extensionProposers: 'Only staff and the owners and managers of the licence’s brand propose an extension.',
} as const;

/** Channels and territories as the certificate and the pages list them. */
export const channelList = (channels: LicenceChannel[]) =>
  channels.map((c) => LICENCE_CHANNEL_LABELS[c]).join(', ');
export const territoryList = (territories: string[]) =>
  territories.map((t) => (t === 'worldwide' ? 'Worldwide' : t)).join(', ');

export const LICENCE_STATUSES = ['valid', 'expired', 'revoked'] as const;
export type LicenceStatus = (typeof LICENCE_STATUSES)[number];

export const DELIVERY_MESSAGES = {
  notDelivered: 'A delivery exists only for a winning entry, once the contest’s results are published.',
  notDeliveryViewer: 'Only staff and the contest’s brand receive the delivery.',
  /** A video's original refused: only its creator and staff have it at any time (`canDownloadOriginal`). */
  originalNotDelivered:
    'The original file goes to its creator and staff; the contest’s brand receives it only as the delivery of a winning entry, once the results are published.',
  agreementNotRecorded: 'not recorded',
  verifyMatch: 'This file matches the certificate: it is the delivered master.',
  verifyMismatch: 'This file does not match the certificate’s master.',
} as const;
