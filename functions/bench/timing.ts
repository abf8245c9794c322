// What the benches that time a request share: the median, two decimals, and the plain request they compare with.
import { get } from 'node:http';

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
export const round = (n: number) => Math.round(n * 100) / 100;

/** A GET without any check: node:http on a fresh connection, as safeFetch makes. */
export function plainGet(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', resolve);
    }).on('error', reject);
  });
}
