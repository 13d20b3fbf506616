export declare const serverDir: string;
export declare function buildServer(): void;
export declare function serverNodeArgs(): string[];
export declare function serverEnv(): Record<string, string>;
