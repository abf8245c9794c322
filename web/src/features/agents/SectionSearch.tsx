// Section search box on the agent page: fuzzy and debounced (300 ms), at most five suggestions labelled by
// match strength; a strong match navigates by itself, but not within a second of the last navigation.
import { Badge, Group, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SECTION_SEARCH } from '@parley/core';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { createSectionSearcher, shouldAutoNavigate, type SearchableSection } from '../../lib/section-search';

export function SectionSearch({ sections, basePath }: { sections: SearchableSection[]; basePath: string }) {
  const [value, setValue] = useState('');
  const [focused, setFocused] = useState(false);
  const [debounced] = useDebouncedValue(value, SECTION_SEARCH.debounceMs);
  const search = useMemo(() => createSectionSearcher(sections), [sections]);
  const results = useMemo(() => search(debounced), [search, debounced]);
  const navigate = useNavigate();
  const location = useLocation();
  const lastNavigationAt = useRef(0);
  const listId = useId();
  const currentPath = location.pathname.startsWith(`${basePath}/`) ? location.pathname.slice(basePath.length + 1) + location.search : '';

  // A route change (not the first render) starts the 1 s navigation lock.
  const seenLocation = useRef(`${location.pathname}${location.search}`);
  useEffect(() => {
    const here = `${location.pathname}${location.search}`;
    if (here !== seenLocation.current) {
      seenLocation.current = here;
      lastNavigationAt.current = Date.now();
    }
  }, [location.pathname, location.search]);

  const go = (path: string) => {
    lastNavigationAt.current = Date.now();
    navigate(`${basePath}/${path}`);
  };

  // A strong match navigates by itself after a short delay.
  useEffect(() => {
    const best = results[0];
    if (!best || best.score <= SECTION_SEARCH.strongMatch) return;
    const timer = setTimeout(() => {
      if (shouldAutoNavigate({ best, currentPath, lastNavigationAt: lastNavigationAt.current, now: Date.now() })) go(best.path);
    }, SECTION_SEARCH.autoNavigateDelayMs);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [results]);

  const searching = value.trim() !== '' && value !== debounced;
  const open = value.trim() !== '';

  return (
    <div style={{ position: 'relative' }}>
      <TextInput
        aria-label="Search sections"
        placeholder="Search sections…"
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
        onFocus={() => setFocused(true)}
        onBlur={() => setTimeout(() => setFocused(false), 150)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setValue('');
          if (e.key === 'Enter' && results[0]) go(results[0].path);
        }}
        w={focused ? SECTION_SEARCH.focusedWidthPx : SECTION_SEARCH.widthPx}
        style={{ transition: 'width 150ms ease' }}
        // Points at the suggestions only while they are shown: aria-controls must name an element that exists.
        aria-controls={open && !searching && results.length > 0 ? listId : undefined}
        size="xs"
      />
      {open && (
        <Paper withBorder shadow="md" p={4} pos="absolute" top="100%" right={0} w={SECTION_SEARCH.focusedWidthPx} style={{ zIndex: 300 }}>
          {searching ? (
            <Text size="sm" c="dimmed" p="xs" role="status">
              Searching...
            </Text>
          ) : results.length === 0 ? (
            <Text size="sm" c="dimmed" p="xs" role="status">
              No results found
            </Text>
          ) : (
            <Stack gap={0} role="listbox" id={listId} aria-label="Matching sections">
              {results.map((r) => (
                <UnstyledButton key={r.path} role="option" aria-selected={false} onMouseDown={(e) => e.preventDefault()} onClick={() => go(r.path)} p="xs">
                  <Group justify="space-between" wrap="nowrap">
                    <Text size="sm">{r.label}</Text>
                    <Badge size="xs" variant="light">
                      {r.matchLabel}
                    </Badge>
                  </Group>
                </UnstyledButton>
              ))}
            </Stack>
          )}
        </Paper>
      )}
    </div>
  );
}
