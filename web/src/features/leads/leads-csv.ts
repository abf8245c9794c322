// Export CSV: the filtered leads as a spreadsheet opens them — every field quoted as needed by csv-stringify
// (commas, quotes, line breaks), UTF-8 with a byte-order mark so Excel reads accents and non-Latin names.
import { stringify } from 'csv-stringify/browser/esm/sync';
import type { Lead } from '@parley/core';

export const LEAD_CSV_COLUMNS = ['Created', 'Name', 'E-mail', 'Phone', 'Channel', 'Page', 'Country', 'Conversation'] as const;

const BOM = '\uFEFF';

/** A visitor's text as a cell: one starting like a formula (= + - @) is kept as text, never run by the spreadsheet. */
const text = (value: string | undefined): string => (value && /^[=+\-@\t\r]/.test(value) ? `'${value}` : (value ?? ''));

export function leadsCsv(leads: readonly Lead[]): string {
  const rows = leads.map((l) => [new Date(l.createdAt).toISOString(), text(l.name), text(l.email), l.phone ?? '', l.channel, text(l.pageUrl), l.countryCode ?? '', l.conversationId]);
  return BOM + stringify([[...LEAD_CSV_COLUMNS], ...rows], { record_delimiter: 'windows' });
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
