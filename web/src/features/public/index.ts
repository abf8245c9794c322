// Public surface of the public-site feature: pages are loaded through the route table.
export {};
