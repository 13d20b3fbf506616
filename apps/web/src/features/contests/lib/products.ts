import type { ContestProduct, ContestResponse, ProductResponse } from '@app/domain';

export type TileStatus = 'Loading...' | 'Available' | 'All Picked!' | 'Status Unavailable';

/**
 * A product tile's status (spec §4): 'Loading...' first, then 'Available' or 'All Picked!' from the
 * server's status, 'Status Unavailable' when the product is missing. When the products cannot be
 * fetched, the contest's stored fallback for the product (the chair contest's: E3 Available,
 * X7 All Picked!, P2 Available), else 'Status Unavailable'.
 */
export function tileStatus(
  product: Pick<ContestProduct, 'id' | 'fallback_status'>,
  products: { isPending: boolean; isError: boolean; data?: ProductResponse[] },
): { status: TileStatus; stock?: number } {
  if (products.isError) {
    if (product.fallback_status === 'available') return { status: 'Available' };
    if (product.fallback_status === 'all_picked') return { status: 'All Picked!' };
    return { status: 'Status Unavailable' };
  }
  if (products.isPending || !products.data) return { status: 'Loading...' };
  const live = products.data.find((p) => p.id === product.id);
  if (!live) return { status: 'Status Unavailable' };
  return {
    status: live.status === 'available' ? 'Available' : 'All Picked!',
    stock: live.stock_quantity,
  };
}

/** 'chair' → 'Chair'. */
export function capitalized(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** How a product is named on the pages: 'X7 SMART chair'. */
export function productTitle(contest: Pick<ContestResponse, 'landing'>, product: { name: string }): string {
  return `${product.name} ${contest.landing.product_noun}`;
}
