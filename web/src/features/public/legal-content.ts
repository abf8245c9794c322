// Texts of the legal pages. Plain, honest summaries; the operator replaces them with counsel-reviewed versions.
interface LegalDoc {
  title: string;
  updated: string;
  sections: { heading: string; paragraphs: string[] }[];
}

const UPDATED = '1 November 2026';

export const LEGAL_CONTENT: Record<string, LegalDoc> = {
  about: {
    title: 'About Parley',
    updated: UPDATED,
    sections: [
      { heading: 'What we do', paragraphs: ['Parley is a platform for building AI chat and voice agents, training them on your knowledge and deploying them on websites, messaging apps and phone numbers.'] },
      { heading: 'Who it is for', paragraphs: ['Businesses that want to answer customers around the clock, and agencies that resell agents to their clients under their own brand.'] },
    ],
  },
  tos: {
    title: 'Terms of Service',
    updated: UPDATED,
    sections: [
      { heading: 'Your account', paragraphs: ['You are responsible for your account, your workspace members and the content your agents are trained on.'] },
      { heading: 'Acceptable use', paragraphs: ['Do not use agents to send spam, deceive people or break the rules of the channels you connect (such as WhatsApp or Messenger).'] },
      { heading: 'Plans and billing', paragraphs: ['Paid plans and add-ons renew automatically until cancelled. Usage beyond your plan is billed in credits.'] },
      { heading: 'Liability', paragraphs: ['AI answers can be wrong. Review your agents’ answers and give customers a way to reach a human.'] },
    ],
  },
  'refund-policy': {
    title: 'Refund Policy',
    updated: UPDATED,
    sections: [
      { heading: 'Subscriptions', paragraphs: ['You can cancel at any time; your plan stays active until the end of the paid period.'] },
      { heading: 'Add-ons and credits', paragraphs: ['Add-ons are billed monthly and are non-refundable. Purchased credits are non-refundable once used.'] },
    ],
  },
  'cookie-policy': {
    title: 'Cookie Policy',
    updated: UPDATED,
    sections: [
      { heading: 'Essential storage', paragraphs: ['We keep your sign-in session and preferences (theme, visible tabs, selected agent) in your browser so the dashboard works.'] },
      { heading: 'Referral attribution', paragraphs: ['When you arrive through a partner link we remember the referral code until you sign up.'] },
    ],
  },
  contact: {
    title: 'Contact',
    updated: UPDATED,
    sections: [
      { heading: 'Support', paragraphs: ['Email support@parley.dev. We answer within one business day.'] },
      { heading: 'Sales and partnerships', paragraphs: ['Email sales@parley.dev for demos, enterprise plans and agency partnerships.'] },
    ],
  },
  gdpr: {
    title: 'GDPR',
    updated: UPDATED,
    sections: [
      { heading: 'Data region', paragraphs: ['Choose the EU region when you create your workspace to keep your agents, conversations and knowledge in the European database.'] },
      { heading: 'Your rights', paragraphs: ['You can access, correct, export and delete your data. Deleting a workspace removes it permanently.'] },
      { heading: 'Processor terms', paragraphs: ['A data processing agreement is available on request.'] },
    ],
  },
  'privacy-policy': {
    title: 'Privacy Policy',
    updated: UPDATED,
    sections: [
      { heading: 'What we collect', paragraphs: ['Account details (name, e-mail), workspace settings, your agents’ content and the conversations they hold.'] },
      { heading: 'How we use it', paragraphs: ['To run your agents, bill your plan and support you. We do not sell personal data.'] },
      { heading: 'Sub-processors', paragraphs: ['Cloud hosting, e-mail delivery, payment processing and the language-model providers you configure.'] },
    ],
  },
};
