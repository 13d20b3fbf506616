import { describe, expect, it } from 'vitest';
import {
  creatorProfileUpdateBodySchema,
  PROFILE_FIELD_MAX_LENGTH,
  PROFILE_STORED_FIELDS,
  profileCompleteness,
  profileUpdateErrors,
  toProfileResponseFields,
  toShippingAddress,
  type ProfileStoredValues,
} from './profile';

describe('profile completeness (spec §5)', () => {
  it('is 0 for an empty profile and 100 when the 11 listed fields are filled', () => {
    expect(profileCompleteness({})).toBe(0);
    expect(
      profileCompleteness({
        bio: 'b',
        shipping_address_line1: 'l1',
        shipping_country: 'US',
        phone: '+12025550123',
        name: 'Ann Lee',
        address: 'a',
        email: 'a@b.co',
        shipping_city: 'c',
        shipping_state: 's',
        shipping_postal_code: 'p',
      }),
    ).toBe(100);
  });

  it('counts shipping_country twice, as the original does', () => {
    expect(profileCompleteness({ shipping_country: 'US' })).toBe(Math.floor((2 / 11) * 100));
    expect(profileCompleteness({ bio: 'x' })).toBe(Math.floor((1 / 11) * 100));
  });
});

describe('edit profile rules (spec §5)', () => {
  it("says '{field} is required' with spaces for underscores", () => {
    const errors = profileUpdateErrors({});
    expect(errors.shipping_postal_code).toEqual(['shipping postal code is required']);
    expect(errors.name).toEqual(['name is required']);
  });

  it('checks phone, e-mail and bio length', () => {
    const errors = profileUpdateErrors({ phone: '12345', email: 'nope', bio: 'x'.repeat(501) });
    expect(errors.phone).toEqual(['Please enter a valid phone number']);
    expect(errors.email).toEqual(['Please enter a valid email address']);
    expect(errors.bio).toHaveLength(1);
    expect(profileUpdateErrors({ phone: '+123456789012' }).phone).toBeUndefined();
  });
});

describe('the creator-profile field map', () => {
  it('names every stored field once in the response and backs each address field by one', () => {
    const values = Object.fromEntries(PROFILE_STORED_FIELDS.map((f) => [f, `v-${f}`])) as ProfileStoredValues;
    const response = toProfileResponseFields(values);
    expect(Object.keys(response)).toHaveLength(PROFILE_STORED_FIELDS.length);
    expect(response).toMatchObject({
      instagram_url: 'v-instagram',
      facebook_url: 'v-facebook',
      bio: 'v-bio',
    });
    expect(toShippingAddress(values)).toEqual({
      line1: 'v-shipping_address_line1',
      line2: 'v-shipping_address_line2',
      city: 'v-shipping_city',
      state: 'v-shipping_state',
      postal: 'v-shipping_postal_code',
      country: 'v-shipping_country',
    });
  });

  it('bounds every update field', () => {
    expect(
      creatorProfileUpdateBodySchema.safeParse({ website: 'w'.repeat(PROFILE_FIELD_MAX_LENGTH) }).success,
    ).toBe(true);
    expect(
      creatorProfileUpdateBodySchema.safeParse({ website: 'w'.repeat(PROFILE_FIELD_MAX_LENGTH + 1) }).success,
    ).toBe(false);
  });
});
