// Reading a decoded form body as Stripe does: strings, numbers, booleans, nested objects, lists and metadata.
import type { FormValue } from './form';
import type { Obj } from './store';

export type Params = Record<string, FormValue>;

export const str = (v: FormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
export const num = (v: FormValue | undefined): number | undefined => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined);
export const bool = (v: FormValue | undefined): boolean | undefined => (v === 'true' ? true : v === 'false' ? false : undefined);
export const obj = (v: FormValue | undefined): Record<string, FormValue> => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});
export const list = (v: FormValue | undefined): FormValue[] => (Array.isArray(v) ? v : v && typeof v === 'object' ? Object.values(v) : []);

/** Metadata merged onto `base`; an empty value removes its key, as on Stripe. */
export const metadataOf = (v: FormValue | undefined, base: Obj = {}): Obj => {
  const out = { ...base };
  for (const [k, val] of Object.entries(obj(v))) {
    if (val === '') delete out[k];
    else out[k] = String(val);
  }
  return out;
};
