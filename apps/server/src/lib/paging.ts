import type { Page } from '@app/domain';

/** A page request of a list: its 1-based number, its size and the request's URL (for the links). */
export interface PageRequest {
  page: number;
  pageSize: number;
  url: URL;
}

/** LIMIT and OFFSET of a page request. */
export const pageWindow = (request: PageRequest) => ({
  limit: request.pageSize,
  offset: (request.page - 1) * request.pageSize,
});

/**
 * One page of a list as the API answers it: the total, links to the next and previous pages on the
 * public URL (null at either end; past the end, `previous` is the last page) and the items.
 */
export function toPage<T>(items: T[], count: number, request: PageRequest, publicUrl: string): Page<T> {
  const link = (pageNumber: number) => {
    const url = new URL(request.url.pathname + request.url.search, publicUrl);
    url.searchParams.set('page', String(pageNumber));
    return url.toString();
  };
  const last = Math.max(1, Math.ceil(count / request.pageSize));
  return {
    count,
    next: request.page < last ? link(request.page + 1) : null,
    previous: request.page > 1 ? link(Math.min(request.page - 1, last)) : null,
    results: items,
  };
}

/** RFC 8288 `Link` header value of a page's neighbours (undefined when it has none). */
export function linkHeader(page: Pick<Page<unknown>, 'next' | 'previous'>): string | undefined {
  const links = [
    page.next && `<${page.next}>; rel="next"`,
    page.previous && `<${page.previous}>; rel="prev"`,
  ].filter(Boolean);
  return links.length ? links.join(', ') : undefined;
}
