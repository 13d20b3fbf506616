/**
 * Nine fictional brands for the logo strip (spec §9: 9 logos). Each wordmark is drawn as SVG
 * from this description (brand-wordmark.tsx) in one light tone; none is a real company.
 */
export type WordmarkFont = 'display' | 'sans' | 'serif' | 'mono';
export type WordmarkMark = 'ring' | 'triangle' | 'bars' | 'diamond' | 'wave' | 'dot' | 'slash' | 'square' | 'none';

export interface FictionalBrand {
  name: string;
  font: WordmarkFont;
  mark: WordmarkMark;
  weight: number;
  spacing: number;
  upper?: boolean;
}

export const PAST_BRANDS: readonly FictionalBrand[] = [
  { name: 'Northlane', font: 'sans', mark: 'triangle', weight: 700, spacing: 0.5 },
  { name: 'VOLTA', font: 'display', mark: 'bars', weight: 400, spacing: 4, upper: true },
  { name: 'Kinfolk & Co', font: 'serif', mark: 'none', weight: 600, spacing: 0 },
  { name: 'orbit', font: 'sans', mark: 'ring', weight: 800, spacing: -0.5 },
  { name: 'SOLACE', font: 'display', mark: 'diamond', weight: 400, spacing: 6, upper: true },
  { name: 'tidewater', font: 'serif', mark: 'wave', weight: 500, spacing: 0.5 },
  { name: 'PIXELFORGE', font: 'mono', mark: 'square', weight: 700, spacing: 1, upper: true },
  { name: 'Lumen', font: 'sans', mark: 'dot', weight: 300, spacing: 3 },
  { name: 'Ardent', font: 'sans', mark: 'slash', weight: 800, spacing: 0 },
];
