// robots.txt, read once per run through the safe fetch: the rules for our user agent (ParleyBot, else *) and the
// sitemaps it names. A site without one (any 4xx) allows everything; one we cannot read now (5xx, no answer) stops
// the run, as a crawler must not guess what a site forbids.
import robotsParser from 'robots-parser';
import { safeFetch, SafeFetchError } from '../safe-fetch';
import { CRAWLER_USER_AGENT, PAGE_FETCH } from './fetch-page';

export interface Robots {
  allows(url: string): boolean;
  sitemaps: string[];
}

export class RobotsUnreadable extends Error {}

export const NOT_PUBLIC = 'This address cannot be crawled: it is not a public website.';

export async function readRobots(origin: string): Promise<Robots> {
  const robotsUrl = `${origin}/robots.txt`;
  const unreadable = () => new RobotsUnreadable('The site’s robots.txt could not be read just now, so nothing was crawled. The next run tries again.');
  let res;
  try {
    res = await safeFetch(robotsUrl, { ...PAGE_FETCH, headers: { 'user-agent': CRAWLER_USER_AGENT, accept: 'text/plain,*/*;q=0.5' } });
  } catch (error) {
    // A site the safe fetch refuses (private, loopback, metadata) is never read, now or later.
    if (error instanceof SafeFetchError && (error.code === 'blocked' || error.code === 'port' || error.code === 'invalid-url')) throw new RobotsUnreadable(NOT_PUBLIC);
    throw unreadable();
  }
  if (res.status >= 500) throw unreadable();
  const text = res.ok ? res.body.toString('utf8') : '';
  const rules = robotsParser(robotsUrl, text);
  return { allows: (url) => rules.isAllowed(url, 'ParleyBot') !== false, sitemaps: rules.getSitemaps() };
}
