// Export CSV: the filtered leads as a spreadsheet opens them — every field quoted as needed by csv-stringify
// (commas, quotes, line breaks), UTF-8 with a byte-order mark so Excel reads accents and non-Latin names.
import type { Lead } from '@parley/core';
import { csvText } from '../../lib/csv';

export { downloadCsv } from '../../lib/csv';

export const LEAD_CSV_COLUMNS = ['Created', 'Name', 'E-mail', 'Phone', 'Channel', 'Page', 'Country', 'Conversation'] as const;

/** A visitor's text as a cell: one starting like a formula (= + - @) is kept as text, never run by the spreadsheet. */
const text = (value: string | undefined): string => (value && /^[=+\-@\t\r]/.test(value) ? `'${value}` : (value ?? ''));

export function leadsCsv(leads: readonly Lead[]): string {
  const rows = leads.map((l) => [new Date(l.createdAt).toISOString(), text(l.name), text(l.email), l.phone ?? '', l.channel, text(l.pageUrl), l.countryCode ?? '', l.conversationId]);
  return csvText(LEAD_CSV_COLUMNS, rows);
}
