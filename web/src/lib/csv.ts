// CSV files the dashboard downloads (leads, charts): every field quoted as needed by csv-stringify (commas, quotes,
// line breaks), UTF-8 with a byte-order mark so spreadsheet apps read accents and non-Latin names.
import { stringify } from 'csv-stringify/browser/esm/sync';

const BOM = '\uFEFF';

/** A header row and the rows, as a spreadsheet opens them. */
export function csvText(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return BOM + stringify([[...header], ...rows.map((r) => r.map(String))], { record_delimiter: 'windows' });
}

/** Starts the browser's download of `text` as a CSV file. */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
