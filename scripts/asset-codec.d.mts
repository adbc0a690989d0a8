export declare const ESCAPED: number[];
export declare const EXTRA_BITS: number;
export declare function encodeBinaryText(bytes: Uint8Array): string;
