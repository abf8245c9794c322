// The tools stand-in's data: a shop's orders, a clinic's free appointment slots, a CRM's leads.

export interface Order {
  status: 'processing' | 'shipped' | 'delivered';
  summary: string;
}

export const ORDERS: Record<string, Order> = {
  '1234': { status: 'shipped', summary: 'Order 1234 shipped on 24 November with ParcelPost and arrives on 2 December.' },
  '1001': { status: 'processing', summary: 'Order 1001 is being packed and ships tomorrow.' },
  '2002': { status: 'delivered', summary: 'Order 2002 was delivered on 20 November and signed for by J. Silva.' },
};

/** Free slots per weekday (0 = Sunday): the same dates always give the same slots. */
const SLOTS_BY_WEEKDAY: Record<number, string[]> = {
  1: ['09:00', '10:30', '14:00'],
  2: ['11:00', '15:30'],
  3: ['09:30', '13:00', '16:00'],
  4: ['10:00'],
  5: ['09:00', '12:00'],
};

export function slotsOn(date: string): string[] | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) return null;
  return SLOTS_BY_WEEKDAY[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? [];
}

export interface Lead {
  name: string;
  company: string;
  stage: 'new' | 'qualified' | 'customer';
}

export const LEADS: Record<string, Lead> = {
  'ana@example.com': { name: 'Ana Costa', company: 'Costa Bakeries', stage: 'qualified' },
  'ben@example.com': { name: 'Ben Okafor', company: 'Okafor Logistics', stage: 'customer' },
};
