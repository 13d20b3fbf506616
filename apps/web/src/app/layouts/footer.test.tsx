import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { Footer } from './footer';

describe('footer', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it("gives this year's copyright, from the visitor's clock", () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-03-01T12:00:00Z') });
    renderWithProviders(<Footer />);
    expect(screen.getByText('© 2031 Cinematic Contests. All rights reserved.')).toBeInTheDocument();
  });

  it('hydrates a page prerendered in an earlier year without a mismatch, then shows this year', async () => {
    const page = (
      <MemoryRouter>
        <Footer />
      </MemoryRouter>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    document.body.append(container);
    expect(container.textContent).toContain(`© ${__BUILD_YEAR__} Cinematic Contests`);

    vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${__BUILD_YEAR__ + 1}-01-02T12:00:00Z`) });
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, page, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(container.textContent).toContain(`© ${__BUILD_YEAR__ + 1} Cinematic Contests`);
  });
});
