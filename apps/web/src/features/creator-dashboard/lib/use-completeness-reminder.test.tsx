import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, profileCompleteness, type ProfileUpdate } from '@app/domain';
import { renderWithProviders } from '../../../testing/render';
import { useCompletenessReminder } from './use-completeness-reminder';

const MESSAGE = MESSAGES.dashboard.completeProfile;

function Reminder({ values, paused }: { values: Partial<ProfileUpdate> | undefined; paused?: boolean }) {
  useCompletenessReminder(values ? profileCompleteness(values) : undefined, paused);
  return null;
}

const complete: Partial<ProfileUpdate> = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+15551234567',
  bio: 'Filmmaker',
  address: '12 Analytical Way',
  shipping_address_line1: '12 Analytical Way',
  shipping_city: 'Austin',
  shipping_state: 'TX',
  shipping_postal_code: '73301',
  shipping_country: 'US',
};

function renderReminder(values: Partial<ProfileUpdate> | undefined) {
  const view = renderWithProviders(<Reminder values={values} />);
  return {
    ...view,
    update: (next: Partial<ProfileUpdate> | undefined, paused = false) =>
      view.rerender(<Reminder values={next} paused={paused} />),
  };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('profile completeness reminder', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('warns at once, hides after 4 s and warns again every 4 minutes while incomplete', () => {
    renderReminder({ ...complete, shipping_country: '' });
    expect(screen.getByText(MESSAGE)).toBeInTheDocument();
    advance(3_900);
    expect(screen.getByText(MESSAGE)).toBeInTheDocument();
    advance(1_000);
    expect(screen.queryByText(MESSAGE)).not.toBeInTheDocument();
    advance(240_000 - 4_900 - 10);
    expect(screen.queryByText(MESSAGE)).not.toBeInTheDocument();
    advance(10);
    expect(screen.getByText(MESSAGE)).toBeInTheDocument();
  });

  it('says nothing while the profile is loading or when it is complete', () => {
    const { update } = renderReminder(undefined);
    expect(screen.queryByText(MESSAGE)).not.toBeInTheDocument();
    update(complete);
    expect(profileCompleteness(complete)).toBe(100);
    advance(600_000);
    expect(screen.queryByText(MESSAGE)).not.toBeInTheDocument();
  });

  it('stops once the profile is completed', () => {
    const { update } = renderReminder({ name: 'Ada' });
    expect(screen.getByText(MESSAGE)).toBeInTheDocument();
    advance(5_000);
    update(complete);
    advance(600_000);
    expect(screen.queryByText(MESSAGE)).not.toBeInTheDocument();
  });

  it('skips a reminder that falls due while the Edit Profile dialog is open', () => {
    const incomplete = { name: 'Ada' };
    const { update } = renderReminder(incomplete);
    advance(5_000);
    update(incomplete, true);
    advance(240_000);
    expect(screen.queryByText(MESSAGE)).not.toBeInTheDocument();
    update(incomplete, false);
    advance(240_000);
    expect(screen.getByText(MESSAGE)).toBeInTheDocument();
  });

  it('counts shipping_country twice, as the spec lists it', () => {
    expect(profileCompleteness({ ...complete, shipping_country: '' })).toBe(81);
    expect(profileCompleteness({ ...complete, address: '' })).toBe(90);
  });
});
