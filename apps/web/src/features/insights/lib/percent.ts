/** 0.567 → '57%'. */
export const percent = (share: number): string => `${Math.round(share * 100)}%`;

/** `part` of `whole` as a share (0 when there is no whole). */
export const shareOf = (part: number, whole: number): number => (whole > 0 ? part / whole : 0);
