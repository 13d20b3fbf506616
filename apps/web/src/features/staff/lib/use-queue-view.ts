import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { STAFF_REVIEW_FILTERS } from '@app/domain';
import type { StaffReviewFilter } from '../api/get-review-queue';

function readFilter(value: string | null): StaffReviewFilter {
  return STAFF_REVIEW_FILTERS.find((filter) => filter === value) ?? 'pending';
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/**
 * Where the reviewer is in the queue: the filter and page (kept in the address), the current row
 * and the selected rows. Another filter or page starts at its first row with nothing selected.
 */
export function useQueueView() {
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params.get('review'));
  const page = readPage(params.get('page'));
  const [active, setActive] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());

  // State adjusted while rendering, as React advises, rather than in an effect.
  const view = `${filter}:${page}`;
  const [shownView, setShownView] = useState(view);
  if (shownView !== view) {
    setShownView(view);
    setActive(0);
    setSelected(new Set());
  }

  const toggle = (id: number) =>
    setSelected((before) => {
      const next = new Set(before);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return {
    filter,
    page,
    setFilter: (next: StaffReviewFilter) => setParams({ review: next }),
    setPage: (next: number) => setParams({ review: filter, page: String(next) }),
    active,
    setActive,
    selected,
    setSelected,
    toggle,
  };
}
