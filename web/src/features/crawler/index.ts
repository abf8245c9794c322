// Crawler feature: the Crawler page (/app/{region}/automations): crawl jobs that keep an agent's knowledge fresh.
export { default as CrawlerPage } from './CrawlerPage';
