import { CHAIR_IDS, type ChairCode, type ProductResponse } from '@app/domain';

export interface Chair {
  code: ChairCode;
  id: number;
  /** Tile name (spec §2 Contest detail). */
  name: string;
  concept: string;
  features: string[];
}

/** The three chairs of the chair contest, in the order the spec lists the tiles. */
export const CHAIRS: Chair[] = [
  {
    code: 'E3',
    id: CHAIR_IDS.E3,
    name: 'E3 PRO',
    concept: 'Zone',
    features: [
      'Adaptive lumbar support that follows your spine as you move',
      '4D armrests: height, depth, width and angle',
      'Breathable elastic mesh back for long sessions',
      '3-way adjustable headrest',
      '135° recline with multi-position tilt lock',
    ],
  },
  {
    code: 'X7',
    id: CHAIR_IDS.X7,
    name: 'X7 SMART',
    concept: 'Zen',
    features: [
      'Smart recline up to 155° with a retractable footrest',
      'Built-in lumbar massage with three rhythms',
      'Memory-foam headrest that cradles the neck',
      'Linked armrests that move with the backrest',
      'Quiet, soft-rolling casters for hard floors',
    ],
  },
  {
    code: 'P2',
    id: CHAIR_IDS.P2,
    name: 'P2 ERGONOMIC',
    concept: 'Zoom',
    features: [
      'Compact footprint for small studios and shared desks',
      'Flip-up armrests to slide fully under the desk',
      'Flexible back frame that flexes with every turn',
      'One-lever seat height and tilt adjustment',
      'Waterfall seat edge that eases pressure on the legs',
    ],
  },
];

export type TileStatus = 'Loading...' | 'Available' | 'All Picked!' | 'Status Unavailable';

/** When the products cannot be fetched the tiles fall back to these (spec §4). */
const FALLBACK: Record<ChairCode, TileStatus> = { E3: 'Available', X7: 'All Picked!', P2: 'Available' };

/**
 * A product tile's status (spec §4): 'Loading...' first, then 'Available' or 'All Picked!' from the
 * server's status, 'Status Unavailable' when the product is missing, the fallback on failure.
 */
export function tileStatus(
  chair: Chair,
  products: { isPending: boolean; isError: boolean; data?: ProductResponse[] },
): { status: TileStatus; stock?: number } {
  if (products.isError) return { status: FALLBACK[chair.code] };
  if (products.isPending || !products.data) return { status: 'Loading...' };
  const product = products.data.find((p) => p.id === chair.id);
  if (!product) return { status: 'Status Unavailable' };
  return {
    status: product.status === 'available' ? 'Available' : 'All Picked!',
    stock: product.stock_quantity,
  };
}
