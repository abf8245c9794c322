// Knowledge base: sources (text, files, URLs) of an agent, ingested into chunks for retrieval.
import { z } from 'zod';
import { KB_FILE_MAX_MB, KB_FILE_TYPES } from '../constants/agent';
import { KB_SOURCE_TYPES, kbRefreshRateSchema, kbSourceStatusSchema } from '../schemas/knowledge';
import { regionSchema } from '../region';
import { agentIdSchema, callable, endpoint, kbDocIdSchema } from './contract';
import { base64MaxChars } from './uploads';

/** A kb document's file type: one of the accepted upload types, or 'text' for a typed-in document. */
export const kbFileTypeSchema = z.enum([...KB_FILE_TYPES, 'text']);

/**
 * voiceglow/{agentId}/kb/{docId} as the knowledge functions write it: the document (content cut to its first
 * 200,000 characters; the chunks hold all of it) and its source (type, URL, refresh rate, ingestion status).
 */
export const knowledgeDocumentSchema = z.object({
  ID: z.string(),
  name: z.string(),
  content: z.string(),
  contentTruncated: z.boolean().optional(),
  /** Unix ms. */
  ts: z.number(),
  userId: z.string(),
  agentId: z.string(),
  sourceType: z.enum(KB_SOURCE_TYPES),
  url: z.string().optional(),
  /**
   * Older documents only: a link to the original file, which is no longer served (originals are kept privately
   * under kb/{agentId}/{docId}/ and removed with the source).
   */
  contentURL: z.string().optional(),
  fileType: kbFileTypeSchema.optional(),
  refreshRate: kbRefreshRateSchema,
  /** INITIALIZED → PENDING → SUCCESS | ERROR. */
  status: kbSourceStatusSchema,
  /** The message shown when status is ERROR. */
  error: z.string().optional(),
  charCount: z.number(),
  chunkIds: z.array(z.string()),
  /** Unix seconds. */
  lastRefreshTS: z.number().optional(),
  /** Unix seconds when ingestion started (PENDING). */
  pendingSince: z.number().optional(),
  /** A page read by a crawl job (the Crawler): the job's id. */
  crawlJobId: z.string().optional(),
  /** A URL source's validators and its text's SHA-256, from its last read: a refresh re-embeds only a changed page. */
  etag: z.string().optional(),
  lastModified: z.string().optional(),
  contentHash: z.string().optional(),
});
export type KnowledgeDocument = z.infer<typeof knowledgeDocumentSchema>;

/** What lists show: everything but the (possibly large) content and the chunk ids. */
export const knowledgeSourceSummarySchema = knowledgeDocumentSchema.omit({ content: true, chunkIds: true }).extend({ chunkCount: z.number() });
export type KnowledgeSourceSummary = z.infer<typeof knowledgeSourceSummarySchema>;

/** The outcome of ingesting a source (ERROR keeps the reason; the page shows it). */
export const ingestResultSchema = z.object({
  docId: z.string(),
  status: z.enum(['SUCCESS', 'ERROR']),
  error: z.string().optional(),
  charCount: z.number(),
  chunkCount: z.number(),
});
export type IngestResult = z.infer<typeof ingestResultSchema>;

/** Largest text document, in characters. */
export const KB_TEXT_MAX_CHARS = 5_000_000;

const agentRef = { region: regionSchema.default('na'), agentId: agentIdSchema };

/**
 * Callable addKnowledgeSource: a text document, a file (txt, md, html, pdf, docx, csv; at most KB_FILE_MAX_MB,
 * "Max size: 10 MBs" — checked on the payload's length before decoding — / "Only .txt,… Files") or a URL with
 * a refresh rate. A URL must be http(s) on a standard web port and public: a private, loopback, link-local or
 * internal address is refused (invalid-argument "This address cannot be crawled."); a name resolving to one, or
 * a redirect to one, ends the source in ERROR with that message. A failed download never repeats the site's
 * answer. Ingests before answering (the page polls listKnowledgeSources meanwhile). For members of the agent's
 * workspace. The uploaded original is kept privately (never served) and removed with the source.
 */
export const addKnowledgeSource = callable('addKnowledgeSource', {
  input: z.discriminatedUnion('type', [
    z.object({
      ...agentRef,
      type: z.literal('text'),
      name: z.string().trim().min(1, 'Please provide a name for the document.').max(300),
      text: z.string().trim().min(1, 'Please add some text.').max(KB_TEXT_MAX_CHARS),
    }),
    z.object({
      ...agentRef,
      type: z.literal('file'),
      fileName: z.string().trim().min(1).max(300),
      base64Payload: z.string().min(1).max(base64MaxChars(KB_FILE_MAX_MB), `Max size: ${KB_FILE_MAX_MB} MBs`),
    }),
    z.object({ ...agentRef, type: z.literal('url'), url: z.string().trim().min(1, 'Please enter a URL.').max(2000), refreshRate: kbRefreshRateSchema.default('never') }),
  ]),
  output: ingestResultSchema,
});

/** Callable listKnowledgeSources: the agent's sources, newest first (no content). */
export const listKnowledgeSources = callable('listKnowledgeSources', {
  input: z.object(agentRef),
  output: z.object({ sources: z.array(knowledgeSourceSummarySchema) }),
});

const sourceRef = z.object({ ...agentRef, docId: kbDocIdSchema });

/** Callable deleteKnowledgeSource: removes the source with its chunks and vectors; answers its id. */
export const deleteKnowledgeSource = callable('deleteKnowledgeSource', {
  input: sourceRef,
  output: z.object({ deleted: z.string() }),
});

/**
 * Callable refreshKnowledgeSource: re-crawls a URL source now (not-found for an unknown source,
 * failed-precondition for files and text).
 */
export const refreshKnowledgeSource = callable('refreshKnowledgeSource', {
  input: sourceRef,
  output: ingestResultSchema,
});

/**
 * GET /v2/agents/{agentId}/kb/{docId}?region=na|eu: one kb document with its content. Bearer: the owner
 * workspace's secret or the agent's SECRET_API_KEY. 401 unknown bearer, 403 another workspace's secret, 404.
 */
export const getKnowledgeDocument = endpoint('getKnowledgeDocument', 'GET', '/v2/agents/:agentId/kb/:docId', 'bearer', {
  params: z.object({ agentId: agentIdSchema, docId: kbDocIdSchema }),
  query: z.object({ region: regionSchema.default('na') }),
  output: z.object({ success: z.literal(true), data: knowledgeDocumentSchema }),
});
