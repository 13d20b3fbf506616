export declare const CHROME_CANDIDATES: string[];
export declare function chromePath(): string;
