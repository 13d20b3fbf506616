import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { makeContest } from '../../../testing/fixtures';
import { ContestBanner } from './contest-overview';

describe('ContestBanner', () => {
  afterEach(cleanup);

  it('offers APPLY NOW while the contest takes applications', () => {
    renderWithProviders(<ContestBanner contest={makeContest()} />);
    expect(screen.getByRole('link', { name: 'APPLY NOW' })).toHaveAttribute('href', '/contests/1/apply');
  });

  it("offers no application on a contest that has ended (issue 26: the demo world's finished contest)", () => {
    renderWithProviders(
      <ContestBanner contest={makeContest({ status: 'ended', accepting_applications: false })} />,
    );
    expect(screen.getByText('Completed')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'APPLY NOW' })).toBeNull();
  });
});
