// What the Meta stand-in knows before anyone signs in: one Facebook user with two pages (the first linked to an
// Instagram professional account), one WhatsApp Business Account with two numbers, and a legacy app (the
// Legacy Method's own app: its number and token). Ids are digits, like Meta's.

export interface FakePage {
  id: string;
  name: string;
  pictureUrl: string;
  instagram?: { id: string; username: string; name: string };
}

export interface FakeNumber {
  id: string;
  wabaId: string;
  display_phone_number: string;
  verified_name: string;
  status: string;
}

export const FAKE_USER = { id: '1100000000000001', name: 'Local Tester' };

export const FAKE_PAGES: FakePage[] = [
  {
    id: '1000000000000001',
    name: 'Parley Demo Page',
    pictureUrl: 'https://graph.local/pictures/1000000000000001.png',
    instagram: { id: '17841400000000001', username: 'parley.demo', name: 'Parley Demo' },
  },
  { id: '1000000000000002', name: 'Parley Second Page', pictureUrl: 'https://graph.local/pictures/1000000000000002.png' },
];

export const FAKE_WABA_ID = '2000000000000001';
export const FAKE_NUMBERS: FakeNumber[] = [
  { id: '3000000000000001', wabaId: FAKE_WABA_ID, display_phone_number: '+1 555-010-0001', verified_name: 'Parley Demo', status: 'CONNECTED' },
  { id: '3000000000000002', wabaId: FAKE_WABA_ID, display_phone_number: '+1 555-010-0002', verified_name: 'Parley Support', status: 'CONNECTED' },
];

/** The Legacy Method: a number of the owner's own Meta app, its permanent token and the app's secret. */
export const FAKE_LEGACY = {
  wabaId: '2000000000000009',
  number: { id: '3000000000000009', wabaId: '2000000000000009', display_phone_number: '+1 555-010-0009', verified_name: 'Legacy Shop', status: 'CONNECTED' } satisfies FakeNumber,
  accessToken: 'EAALEGACYlocaltoken000000000000000000',
  appSecret: 'legacy-app-secret-local',
};

/** Digits only (a WhatsApp id is the phone number without + or spaces). */
export const digits = (value: string): string => value.replace(/\D+/g, '');
