// Texts of the legal pages (./legal-content.json: plain, honest summaries; the operator replaces them with
// counsel-reviewed versions). Each page: its title and its sections, a heading and its paragraphs, in order.
import legal from './legal-content.json';

interface LegalDoc {
  title: string;
  updated: string;
  sections: { heading: string; paragraphs: string[] }[];
}

const pages: Record<string, { title: string; sections: Record<string, string[]> }> = legal.pages;

export const LEGAL_CONTENT: Record<string, LegalDoc> = Object.fromEntries(
  Object.entries(pages).map(([page, { title, sections }]) => [
    page,
    { title, updated: legal.updated, sections: Object.entries(sections).map(([heading, paragraphs]) => ({ heading, paragraphs })) },
  ]),
);
