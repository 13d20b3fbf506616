import {
  isBlank,
  isChairStepValid,
  isInfoStepValid,
  isTermsStepValid,
  type ApplicationPayload,
  type CurrentUser,
  type ShippingAddress,
  type ShippingChoice,
} from '@app/domain';

/** The wizard's form state: the payload fields plus the form-only fields of spec §3. */
export interface ApplicationFormValues {
  full_name: string;
  email: string;
  phone_number: string;
  bio: string;
  useExistingShipping: ShippingChoice;
  shipping_address: ShippingAddress;
  youtube_url: string;
  instagram_url: string;
  portfolio_url: string;
  chair: number | null;
  privacyPolicyAccepted: boolean;
  contestRulesAccepted: boolean;
  participantAgreementAccepted: boolean;
}

export const EMPTY_ADDRESS: ShippingAddress = {
  line1: '',
  line2: '',
  city: '',
  state: '',
  postal: '',
  country: '',
};

export const EMPTY_VALUES: ApplicationFormValues = {
  full_name: '',
  email: '',
  phone_number: '',
  bio: '',
  useExistingShipping: 'new',
  shipping_address: EMPTY_ADDRESS,
  youtube_url: '',
  instagram_url: '',
  portfolio_url: '',
  chair: null,
  privacyPolicyAccepted: false,
  contestRulesAccepted: false,
  participantAgreementAccepted: false,
};

/** The wizard's step titles (spec §2: Your Info, Choose Chair, Terms) for a contest's product noun. */
export function wizardSteps(productNoun: string): [string, string, string] {
  return ['Your Info', `Choose ${productNoun.charAt(0).toUpperCase()}${productNoun.slice(1)}`, 'Terms'];
}

/** The saved shipping address of the profile, or null when there is none. */
export function savedAddressOf(user: CurrentUser | null | undefined): ShippingAddress | null {
  const address = user?.profile.shipping_address;
  return address && !isBlank(address.line1) ? { ...EMPTY_ADDRESS, ...address } : null;
}

/** Prefill from GET /api/accounts/me/ (spec §4): only when a user is signed in. */
export function prefillFrom(user: CurrentUser | null | undefined): ApplicationFormValues {
  if (!user) return EMPTY_VALUES;
  const saved = savedAddressOf(user);
  return {
    ...EMPTY_VALUES,
    full_name: `${user.first_name} ${user.last_name}`.trim(),
    email: user.email,
    phone_number: user.phone_number || user.profile.phoneNumber || '',
    bio: user.profile.bio ?? '',
    youtube_url: user.profile.youtube_url ?? '',
    instagram_url: user.profile.instagram_url ?? '',
    portfolio_url: user.profile.portfolio_url ?? '',
    useExistingShipping: saved ? 'existing' : 'new',
    shipping_address: saved ?? EMPTY_ADDRESS,
  };
}

/** What the creator typed wins over the prefill, field by field (a draft kept across sign-in). */
export function mergeDraft(
  base: ApplicationFormValues,
  draft: Partial<ApplicationFormValues> | null,
): ApplicationFormValues {
  if (!draft) return base;
  const text = (
    key: 'full_name' | 'email' | 'phone_number' | 'bio' | 'youtube_url' | 'instagram_url' | 'portfolio_url',
  ) => (typeof draft[key] === 'string' && !isBlank(draft[key]) ? draft[key] : base[key]);
  const typedAddress =
    draft.useExistingShipping === 'new' && draft.shipping_address && !isBlank(draft.shipping_address.line1);
  return {
    ...base,
    full_name: text('full_name'),
    email: text('email'),
    phone_number: text('phone_number'),
    bio: text('bio'),
    youtube_url: text('youtube_url'),
    instagram_url: text('instagram_url'),
    portfolio_url: text('portfolio_url'),
    ...(typedAddress
      ? {
          useExistingShipping: 'new' as const,
          shipping_address: { ...EMPTY_ADDRESS, ...draft.shipping_address },
        }
      : {}),
    chair: typeof draft.chair === 'number' ? draft.chair : base.chair,
    privacyPolicyAccepted: draft.privacyPolicyAccepted === true,
    contestRulesAccepted: draft.contestRulesAccepted === true,
    participantAgreementAccepted: draft.participantAgreementAccepted === true,
  };
}

/** Whether step `step` is complete (spec §5); stock by product id decides step 1. */
export function isStepValid(
  step: number,
  values: ApplicationFormValues,
  stockById: Record<number, number>,
): boolean {
  if (step === 0) return isInfoStepValid(values);
  if (step === 1) return isChairStepValid(values.chair, stockById);
  return isTermsStepValid(values);
}

/** The application payload of spec §3. */
export function toPayload(values: ApplicationFormValues): ApplicationPayload {
  return {
    full_name: values.full_name.trim(),
    email: values.email.trim(),
    phone_number: values.phone_number.trim(),
    bio: values.bio.trim(),
    shipping_address: values.shipping_address,
    product_id: values.chair ?? 0,
    terms_accepted: isTermsStepValid(values),
    youtube_url: values.youtube_url.trim(),
    instagram_url: values.instagram_url.trim(),
    portfolio_url: values.portfolio_url.trim(),
  };
}

/** The typed values survive a trip to the sign-in page (and a reload) in this tab. */
export const applicationDraft = {
  key: (contestRef: string) => `application-draft:${contestRef}`,
  load(contestRef: string): Partial<ApplicationFormValues> | null {
    try {
      const raw = sessionStorage.getItem(this.key(contestRef));
      return raw ? (JSON.parse(raw) as Partial<ApplicationFormValues>) : null;
    } catch {
      return null;
    }
  },
  save(contestRef: string, values: ApplicationFormValues) {
    try {
      sessionStorage.setItem(this.key(contestRef), JSON.stringify(values));
    } catch {
      // Storage full or disabled: the draft is a convenience only.
    }
  },
  clear(contestRef: string) {
    try {
      sessionStorage.removeItem(this.key(contestRef));
    } catch {
      // As above.
    }
  },
};
