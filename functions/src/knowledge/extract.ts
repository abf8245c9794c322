// Text extraction by file type: txt, md, csv as text; html stripped; pdf through unpdf; docx through mammoth.
import { KB_FILE_TYPES, type KbFileType } from '@parley/core';
import { htmlToText, normalizeWhitespace } from './html-to-text';

export class ExtractionError extends Error {}

export function fileTypeOf(fileName: string): KbFileType | null {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (ext === 'htm') return 'html';
  if (ext === 'markdown') return 'md';
  return (KB_FILE_TYPES as readonly string[]).includes(ext) ? (ext as KbFileType) : null;
}

/** The file type a fetched page's content type maps to, or null when we do not read it. */
export function fileTypeOfContentType(contentType: string): KbFileType | null {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (type === 'text/plain') return 'txt';
  if (type === 'text/markdown' || type === 'text/x-markdown') return 'md';
  if (type === 'text/csv') return 'csv';
  if (type === 'application/pdf') return 'pdf';
  if (type === 'application/vnd.openxmlformats-officedocument.wordprocessingml.document') return 'docx';
  return null;
}

function decodeUtf8(data: Uint8Array): string {
  return new TextDecoder('utf-8').decode(data).replace(/^\uFEFF/, '');
}

async function pdfText(data: Uint8Array): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  try {
    // unpdf takes ownership of the buffer it is given: pass a copy.
    const pdf = await getDocumentProxy(new Uint8Array(data));
    const { text } = await extractText(pdf, { mergePages: false });
    await pdf.destroy();
    return text.map((page) => page.trim()).join('\n\n');
  } catch (error) {
    throw new ExtractionError(`Could not read the PDF: ${error instanceof Error ? error.message : 'invalid file'}`);
  }
}

async function docxText(data: Uint8Array): Promise<string> {
  const mammoth = (await import('mammoth')).default;
  try {
    const result = await mammoth.extractRawText({ buffer: Buffer.from(data) });
    return result.value;
  } catch (error) {
    throw new ExtractionError(`Could not read the Word document: ${error instanceof Error ? error.message : 'invalid file'}`);
  }
}

export async function extractText(data: Uint8Array, type: KbFileType): Promise<string> {
  switch (type) {
    case 'txt':
    case 'md':
    case 'csv':
      return normalizeWhitespace(decodeUtf8(data));
    case 'html':
      return htmlToText(decodeUtf8(data));
    case 'pdf':
      return normalizeWhitespace(await pdfText(data));
    case 'docx':
      return normalizeWhitespace(await docxText(data));
  }
}
