// Stripe's request encoding: application/x-www-form-urlencoded with bracketed keys (`items[0][price]=…`,
// `expand[]=…`, `metadata[k]=v`), decoded into nested objects and arrays, as Stripe's API reads them.

export type FormValue = string | FormValue[] | { [key: string]: FormValue };

function keyPath(key: string): string[] {
  const first = key.indexOf('[');
  if (first < 0) return [key];
  const parts = [key.slice(0, first)];
  const re = /\[([^\]]*)\]/g;
  let match: RegExpExecArray | null;
  while ((match = re.exec(key.slice(first)))) parts.push(match[1]!);
  return parts;
}

/** Objects whose keys are all 0..n-1 (or pushed with []) become arrays. */
function arrayify(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return Array.isArray(value) ? value.map(arrayify) : value;
  const keys = Object.keys(value);
  const out: Record<string, FormValue> = {};
  for (const k of keys) out[k] = arrayify(value[k]!);
  if (keys.length > 0 && keys.every((k, i) => String(i) === k || /^\d+$/.test(k))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => out[k]!);
  }
  return out;
}

export function decodeForm(text: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = keyPath(key);
    let node: Record<string, FormValue> = root;
    for (let i = 0; i < path.length; i++) {
      let part = path[i]!;
      const last = i === path.length - 1;
      if (part === '') part = String(Object.keys(node).length);
      if (last) node[part] = value;
      else {
        if (typeof node[part] !== 'object' || Array.isArray(node[part])) node[part] = {};
        node = node[part] as Record<string, FormValue>;
      }
    }
  }
  return arrayify(root) as Record<string, FormValue>;
}
