import {
  createContestBodySchema,
  TIMELINE_FIELDS,
  timelineOrderError,
  type ContestResponse,
  type CreateContestBody,
  type DeliverySpec,
  type LicenceChannel,
  type LicenceTerms,
  type ProductStockResponse,
  type QcCheckId,
  type VideoContainer,
  DEFAULT_DELIVERY_SPEC,
  DEFAULT_LICENCE_TERMS,
} from '@app/domain';

export type TimelineField = (typeof TIMELINE_FIELDS)[number];

export interface ProductFormValues {
  /** Set for a product the contest already has. */
  id?: number;
  code: string;
  name: string;
  description: string;
  /** One feature a line. */
  features: string;
  image_url: string;
  /** A new product's units; an existing one's stock changes through the stock call. */
  stock_quantity: string;
}

export interface ContestFormValues extends Record<TimelineField, string> {
  title: string;
  slug: string;
  tagline: string;
  description: string;
  brand_id: string;
  /** Whole currency units, as typed. */
  prize: string;
  currency: string;
  eligibility_country: string;
  minimum_age: string;
  experience: string;
  brief: string;
  /** Display requirements, one a line. */
  requirements: string;
  aspect_ratio: string;
  min_seconds: string;
  max_seconds: string;
  min_height: string;
  containers: VideoContainer[];
  /** The delivery spec the technical check is judged against (issue 51), numbers as typed. */
  delivery_loudness_lufs: string;
  delivery_loudness_tolerance: string;
  delivery_true_peak_max_dbtp: string;
  delivery_max_black_seconds: string;
  delivery_max_freeze_seconds: string;
  delivery_audio_required: boolean;
  delivery_blocking: QcCheckId[];
  /** The licence a placed entry grants (issue 51): territories as typed, comma-separated. */
  licence_channels: LicenceChannel[];
  licence_territories: string;
  licence_term_months: string;
  licence_exclusive: boolean;
  timezone: string;
  thumbnail: string;
  banner: string;
  products: ProductFormValues[];
  rubric: Array<{ name: string; weight: string }>;
  /** Brand approvals an entry's version needs (issue 49), as typed. */
  approvals_required: string;
}

/** Milliseconds `timeZone` is ahead of UTC at `at`. */
function zoneOffsetMs(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return wall - Math.floor(at.getTime() / 60_000) * 60_000;
}

/** An instant as a `datetime-local` value on the wall clock of `timeZone` ('2026-08-22T23:59'). */
export function toZonedInput(iso: string, timeZone: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return new Date(at.getTime() + zoneOffsetMs(at, timeZone)).toISOString().slice(0, 16);
}

/** A `datetime-local` value read on the wall clock of `timeZone`, as an ISO instant ('' if unreadable). */
export function fromZonedInput(local: string, timeZone: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return '';
  const [y, m, d, h, min] = match.slice(1).map(Number) as [number, number, number, number, number];
  try {
    const guess = Date.UTC(y, m - 1, d, h, min);
    const first = guess - zoneOffsetMs(new Date(guess), timeZone);
    return new Date(guess - zoneOffsetMs(new Date(first), timeZone)).toISOString();
  } catch {
    return '';
  }
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
const intOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/** A slug from a title: 'Desk Lamp Contest!' → 'desk-lamp-contest'. */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

export function emptyProduct(): ProductFormValues {
  return { code: '', name: '', description: '', features: '', image_url: '', stock_quantity: '1' };
}

/** A new contest's form: open now, a week to apply, three more to shoot, a week of judging. */
export function newContestValues(brandId: number | undefined, now = new Date()): ContestFormValues {
  const timezone = 'America/Los_Angeles';
  const day = 24 * 60 * 60 * 1000;
  const at = (days: number) => toZonedInput(new Date(now.getTime() + days * day).toISOString(), timezone);
  return {
    title: '',
    slug: '',
    tagline: '',
    description: '',
    brand_id: brandId ? String(brandId) : '',
    prize: '1000',
    currency: 'USD',
    eligibility_country: 'United States',
    minimum_age: '18',
    experience: '',
    brief: '',
    requirements: '',
    aspect_ratio: '9:16',
    min_seconds: '',
    max_seconds: '',
    min_height: '',
    containers: ['mp4', 'mov'],
    ...deliveryToValues(DEFAULT_DELIVERY_SPEC),
    ...licenceToValues(DEFAULT_LICENCE_TERMS),
    timezone,
    starts_at: at(0),
    application_deadline: at(8),
    submission_deadline: at(29),
    judging_starts_at: at(30),
    judging_ends_at: at(36),
    winners_at: at(37),
    thumbnail: '',
    banner: '',
    products: [emptyProduct()],
    rubric: [
      { name: 'Story', weight: '40' },
      { name: 'Craft', weight: '40' },
      { name: 'Product', weight: '20' },
    ],
    approvals_required: '0',
  };
}

/** An existing contest as the form edits it. */
export function contestToValues(
  contest: ContestResponse,
  stock: ProductStockResponse[] = [],
): ContestFormValues {
  const tz = contest.timezone;
  const stockOf = new Map(stock.map((s) => [s.product_id, s.stock_quantity]));
  const timeline = Object.fromEntries(
    TIMELINE_FIELDS.map((field) => [field, toZonedInput(contest[field], tz)]),
  ) as Record<TimelineField, string>;
  return {
    title: contest.title,
    slug: contest.slug,
    tagline: contest.tagline,
    description: contest.description,
    brand_id: String(contest.brand.id),
    prize: String(contest.prize),
    currency: contest.currency,
    eligibility_country: contest.eligibility.country,
    minimum_age: String(contest.eligibility.minimum_age),
    experience: contest.eligibility.experience,
    brief: contest.brief,
    requirements: contest.requirements.join('\n'),
    aspect_ratio: contest.video_requirements.aspect_ratio ?? '',
    min_seconds: contest.video_requirements.min_seconds?.toString() ?? '',
    max_seconds: contest.video_requirements.max_seconds?.toString() ?? '',
    min_height: contest.video_requirements.min_height?.toString() ?? '',
    containers: contest.video_requirements.containers,
    ...deliveryToValues(contest.video_requirements.delivery ?? DEFAULT_DELIVERY_SPEC),
    ...licenceToValues(contest.licence_terms ?? DEFAULT_LICENCE_TERMS),
    timezone: tz,
    ...timeline,
    thumbnail: contest.thumbnail ?? '',
    banner: contest.banner ?? '',
    products: contest.products.map((p) => ({
      id: p.id,
      code: p.code,
      name: p.name,
      description: p.description,
      features: p.features.join('\n'),
      image_url: p.image_url ?? '',
      stock_quantity: String(stockOf.get(p.id) ?? 0),
    })),
    rubric: contest.rubric.map((c) => ({ name: c.name, weight: String(c.weight) })),
    approvals_required: String(contest.approvals_required),
  };
}

type DeliveryValues = Pick<ContestFormValues, Extract<keyof ContestFormValues, `delivery_${string}`>>;

/** A delivery spec as the form edits it. */
function deliveryToValues(spec: DeliverySpec): DeliveryValues {
  return {
    delivery_loudness_lufs: String(spec.loudness_lufs),
    delivery_loudness_tolerance: String(spec.loudness_tolerance),
    delivery_true_peak_max_dbtp: String(spec.true_peak_max_dbtp),
    delivery_max_black_seconds: String(spec.max_black_seconds),
    delivery_max_freeze_seconds: String(spec.max_freeze_seconds),
    delivery_audio_required: spec.audio_required,
    delivery_blocking: spec.blocking,
  };
}

/** Licence terms as the form edits them. */
function licenceToValues(terms: LicenceTerms) {
  return {
    licence_channels: terms.channels,
    licence_territories: terms.territories.join(', '),
    licence_term_months: String(terms.term_months),
    licence_exclusive: terms.exclusive,
  };
}

/** The form's licence terms as the body takes them. */
function valuesToLicence(values: ContestFormValues): LicenceTerms {
  return {
    channels: values.licence_channels,
    territories: values.licence_territories
      .split(/[,\s]+/)
      .map((t) => t.trim())
      .filter(Boolean),
    term_months: values.licence_term_months.trim() === '' ? Number.NaN : Number(values.licence_term_months),
    exclusive: values.licence_exclusive,
  };
}

/** A typed number, or NaN for an empty or unreadable one (the schema then says what it takes). */
const numberOf = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

/** The form's delivery spec as the body takes it. */
function valuesToDelivery(values: ContestFormValues): DeliverySpec {
  return {
    loudness_lufs: numberOf(values.delivery_loudness_lufs),
    loudness_tolerance: numberOf(values.delivery_loudness_tolerance),
    true_peak_max_dbtp: numberOf(values.delivery_true_peak_max_dbtp),
    max_black_seconds: numberOf(values.delivery_max_black_seconds),
    max_freeze_seconds: numberOf(values.delivery_max_freeze_seconds),
    audio_required: values.delivery_audio_required,
    blocking: values.delivery_blocking,
  };
}

/** The create/edit body the form's values make (the same body the API and the CLI take). */
export function valuesToBody(values: ContestFormValues, keep?: ContestResponse): CreateContestBody {
  const tz = values.timezone;
  const timeline = Object.fromEntries(
    TIMELINE_FIELDS.map((field) => [field, fromZonedInput(values[field], tz)]),
  ) as Record<TimelineField, string>;
  const prize = Number(values.prize);
  return {
    slug: values.slug.trim() || slugify(values.title),
    title: values.title,
    tagline: values.tagline,
    description: values.description,
    brand_id: Number(values.brand_id),
    thumbnail: values.thumbnail,
    banner: values.banner,
    prize_cents: values.prize.trim() === '' || Number.isNaN(prize) ? -1 : Math.round(prize * 100),
    currency: values.currency,
    eligibility: {
      country: values.eligibility_country,
      minimum_age: Number(values.minimum_age),
      experience: values.experience,
    },
    brief: values.brief,
    requirements: lines(values.requirements),
    video_requirements: {
      ...(keep?.video_requirements ?? {}),
      aspect_ratio: values.aspect_ratio.trim() || null,
      min_seconds: intOrNull(values.min_seconds),
      max_seconds: intOrNull(values.max_seconds),
      min_height: intOrNull(values.min_height),
      containers: values.containers,
      delivery: valuesToDelivery(values),
    },
    licence_terms: valuesToLicence(values),
    ...(keep ? { landing: keep.landing } : {}),
    timezone: tz,
    ...timeline,
    products: values.products.map((p) => ({
      ...(p.id !== undefined ? { id: p.id } : {}),
      code: p.code,
      name: p.name,
      description: p.description,
      features: lines(p.features),
      image_url: p.image_url,
      stock_quantity: Number(p.stock_quantity),
    })),
    rubric: values.rubric.map((c) => ({ name: c.name, weight: Number(c.weight) })),
    // Empty is not 0: the schema's message asks for a number.
    approvals_required: values.approvals_required.trim() === '' ? -1 : Number(values.approvals_required),
  };
}

/** Where a body's error path shows on the form. */
function fieldOf(path: PropertyKey[]): string {
  const [head, ...rest] = path.map(String);
  if (head === 'eligibility') return rest[0] === 'minimum_age' ? 'minimum_age' : `eligibility_${rest[0]}`;
  if (head === 'eligibility_experience') return 'experience';
  if (head === 'video_requirements' && rest[0] === 'delivery') return `delivery_${rest[1] ?? 'blocking'}`;
  if (head === 'video_requirements') return rest[0] ?? 'containers';
  if (head === 'requirements') return 'requirements';
  if (head === 'licence_terms')
    return `licence_${rest[0] === 'term_months' ? 'term_months' : (rest[0] ?? 'channels')}`;
  if (head === 'prize_cents') return 'prize';
  if (head === 'products' && rest.length >= 2) {
    const field = rest[1] === 'features' ? 'features' : rest[1];
    return `products.${rest[0]}.${field}`;
  }
  if (head === 'rubric' && rest.length >= 2) return `rubric.${rest[0]}.${rest[1]}`;
  if (head === 'rubric') return 'rubric.root';
  return head ?? 'root';
}

/** Checks the values with the domain's schema (and the timeline order): errors by form field. */
export function contestFormErrors(values: ContestFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const body = valuesToBody(values);
  const parsed = createContestBodySchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path);
      errors[field] ??= issue.message;
    }
  }
  for (const field of TIMELINE_FIELDS) if (!body[field]) errors[field] = 'Enter a date and time.';
  const late =
    Object.values(body).length && TIMELINE_FIELDS.every((f) => body[f]) ? timelineOrderError(body) : null;
  if (late) errors[late] = 'This date must come after the one above it.';
  if (body.prize_cents === -1) errors.prize = 'Enter the prize.';
  if (!values.brand_id) errors.brand_id = 'Choose the brand.';
  return errors;
}
