/** The clock, behind one module so tests and services agree on "now". */
export const now = (): Date => new Date();
export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
